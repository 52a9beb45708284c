import { MUSIC_SEARCH_MAX_RESULTS, isHttpTrackUrl } from '@focusroom/core';
import type { MusicSearchItem } from '@focusroom/core/schemas';

/**
 * Reading the video service's answers. Its JSON is untrusted input: every field is checked, and
 * an answer without the fields product §3 reads is a failure of the service, not ours.
 */

/** The cache key of a query: trimmed, lower-cased, inner spaces collapsed. */
export function normalizeSearchQuery(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * The Data API sends titles HTML-escaped (`&amp;`, `&#39;`); the player shows text, so they are
 * decoded once here. Unknown entities stay as they are.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The upstream's error text as plain words: tags dropped, entities decoded, length bounded. */
export function plainUpstreamMessage(message: unknown, maxLength = 300): string | null {
  if (typeof message !== 'string') return null;
  const text = decodeHtmlEntities(message.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function thumbnailUrl(thumbnails: Record<string, unknown> | null, size: string): string | null {
  const url = record(thumbnails?.[size])?.url;
  return typeof url === 'string' && isHttpTrackUrl(url) ? url : null;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The items of a Data API search answer in the shape product §3 reads, or null when the answer
 * is not a search answer at all. Items that are not videos, or lack a title, are left out;
 * missing thumbnail sizes borrow a neighbour's.
 */
export function mapSearchItems(body: unknown): MusicSearchItem[] | null {
  const items = record(body)?.items;
  if (!Array.isArray(items)) return null;
  const mapped: MusicSearchItem[] = [];
  for (const item of items) {
    const videoId = record(record(item)?.id)?.videoId;
    const snippet = record(record(item)?.snippet);
    if (typeof videoId !== 'string' || !VIDEO_ID.test(videoId) || !snippet) continue;
    if (typeof snippet.title !== 'string') continue;
    const thumbnails = record(snippet.thumbnails);
    const small = thumbnailUrl(thumbnails, 'default');
    const medium = thumbnailUrl(thumbnails, 'medium');
    const high = thumbnailUrl(thumbnails, 'high');
    const fallback = `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
    mapped.push({
      id: { videoId },
      snippet: {
        title: decodeHtmlEntities(snippet.title),
        channelTitle:
          typeof snippet.channelTitle === 'string' ? decodeHtmlEntities(snippet.channelTitle) : '',
        thumbnails: {
          default: { url: small ?? medium ?? high ?? fallback },
          ...(medium ? { medium: { url: medium } } : {}),
          high: { url: high ?? medium ?? small ?? fallback },
        },
      },
    });
    if (mapped.length === MUSIC_SEARCH_MAX_RESULTS) break;
  }
  return mapped;
}

/** The error message inside a Data API error body (`error.message`), if any. */
export function upstreamErrorMessage(body: unknown): string | null {
  return plainUpstreamMessage(record(record(body)?.error)?.message);
}

/** Whether a Data API error body names a key problem (`keyInvalid` and its kin). */
export function isKeyProblem(body: unknown): boolean {
  const errors = record(record(body)?.error)?.errors;
  if (!Array.isArray(errors)) return false;
  return errors.some((e) => {
    const reason = record(e)?.reason;
    return (
      typeof reason === 'string' &&
      /^(keyInvalid|keyExpired|ipRefererBlocked|forbidden)$/.test(reason)
    );
  });
}

/** What an oEmbed answer says about a video: its title, channel and thumbnail. */
export function mapOembed(
  body: unknown,
): { title: string; author: string; thumbnail: string | null } | null {
  const data = record(body);
  if (!data || typeof data.title !== 'string') return null;
  const thumbnail =
    typeof data.thumbnail_url === 'string' && isHttpTrackUrl(data.thumbnail_url)
      ? data.thumbnail_url
      : null;
  return {
    title: data.title,
    author: typeof data.author_name === 'string' ? data.author_name : '',
    thumbnail,
  };
}
