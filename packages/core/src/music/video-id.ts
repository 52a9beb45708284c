/**
 * Which video a pasted link or id names (product §5): watch, embed, shorts and youtu.be links, or
 * a bare 11-character id. Parsed by hand because core has no URL global in its types; the shapes
 * are few and fixed.
 */

/** A video id: exactly 11 of letters, digits, '-' and '_'. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

const LINK_PATTERN =
  /^(?:https?:\/\/)?(?:(?:www|m|music)\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)(\/[^?#]*)?(\?[^#]*)?(?:#.*)?$/i;

/** Path prefixes on youtube.com whose next segment is the id. */
const ID_PATH_PREFIXES = ['embed', 'shorts', 'v', 'live'];

function validId(candidate: string | undefined): string | null {
  return candidate !== undefined && VIDEO_ID_PATTERN.test(candidate) ? candidate : null;
}

function queryParam(query: string, name: string): string | undefined {
  for (const pair of query.replace(/^\?/, '').split('&')) {
    const [key, value] = pair.split('=');
    if (key === name) return value;
  }
  return undefined;
}

/**
 * The video id in `input`, or null when it names none. Accepts links with or without a scheme,
 * the www, m and music subdomains, and the privacy-enhanced embed host.
 */
export function extractYouTubeVideoId(input: string): string | null {
  const text = input.trim();
  if (VIDEO_ID_PATTERN.test(text)) return text;
  const match = LINK_PATTERN.exec(text);
  if (!match) return null;
  const host = (match[1] ?? '').toLowerCase();
  const segments = (match[2] ?? '').split('/').filter((s) => s !== '');
  const query = match[3] ?? '';
  if (host === 'youtu.be') return segments.length === 1 ? validId(segments[0]) : null;
  if (segments.length === 1 && segments[0] === 'watch') return validId(queryParam(query, 'v'));
  if (segments.length === 2 && ID_PATH_PREFIXES.includes(segments[0] ?? '')) {
    if (host === 'youtube-nocookie.com' && segments[0] !== 'embed') return null;
    return validId(segments[1]);
  }
  return null;
}

/** The canonical watch link of a video, the url a track found by search carries. */
export function youTubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}
