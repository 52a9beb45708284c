import { describe, expect, it } from 'vitest';
import {
  decodeHtmlEntities,
  isKeyProblem,
  mapOembed,
  mapSearchItems,
  normalizeSearchQuery,
  plainUpstreamMessage,
  upstreamErrorMessage,
} from './upstream-shapes.js';

const ID = 'dQw4w9WgXcQ';

function item(overrides: Record<string, unknown> = {}, snippet: Record<string, unknown> = {}) {
  return {
    kind: 'youtube#searchResult',
    id: { kind: 'youtube#video', videoId: ID },
    snippet: {
      title: 'Title',
      channelTitle: 'Channel',
      description: 'dropped',
      thumbnails: {
        default: { url: 'https://i.ytimg.com/d.jpg', width: 120 },
        medium: { url: 'https://i.ytimg.com/m.jpg' },
        high: { url: 'https://i.ytimg.com/h.jpg' },
      },
      ...snippet,
    },
    ...overrides,
  };
}

describe('normalizeSearchQuery', () => {
  it('trims, lower-cases and collapses inner white space', () => {
    expect(normalizeSearchQuery('  Lo-Fi \t  BEATS\n')).toBe('lo-fi beats');
    expect(normalizeSearchQuery('rain')).toBe('rain');
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes the escapes the Data API puts in titles', () => {
    expect(decodeHtmlEntities('Rock &amp; Roll &quot;Live&quot; &#39;92 &lt;3 &gt;')).toBe(
      'Rock & Roll "Live" \'92 <3 >',
    );
    expect(decodeHtmlEntities('&#x1F3B5; caf&#233; &apos;x&apos;')).toBe("🎵 café 'x'");
  });

  it('leaves unknown entities, bare ampersands and impossible code points alone', () => {
    expect(decodeHtmlEntities('A & B &bogus; &#0; &#xD800; &#99999999;')).toBe(
      'A & B &bogus; &#0; &#xD800; &#99999999;',
    );
  });

  it('decodes once: an escaped escape stays an escape', () => {
    expect(decodeHtmlEntities('&amp;amp;')).toBe('&amp;');
  });
});

describe('mapSearchItems', () => {
  it('keeps only the fields product §3 reads, decoded', () => {
    expect(mapSearchItems({ items: [item({}, { title: 'A &amp; B' })] })).toEqual([
      {
        id: { videoId: ID },
        snippet: {
          title: 'A & B',
          channelTitle: 'Channel',
          thumbnails: {
            default: { url: 'https://i.ytimg.com/d.jpg' },
            medium: { url: 'https://i.ytimg.com/m.jpg' },
            high: { url: 'https://i.ytimg.com/h.jpg' },
          },
        },
      },
    ]);
  });

  it('borrows a missing thumbnail size from a neighbour, or uses the video’s own', () => {
    const onlyDefault = mapSearchItems({
      items: [item({}, { thumbnails: { default: { url: 'https://i.ytimg.com/d.jpg' } } })],
    });
    expect(onlyDefault?.[0]?.snippet.thumbnails).toEqual({
      default: { url: 'https://i.ytimg.com/d.jpg' },
      high: { url: 'https://i.ytimg.com/d.jpg' },
    });
    const none = mapSearchItems({
      items: [item({}, { thumbnails: { high: { url: 'javascript:alert(1)' } } })],
    });
    const own = `https://i.ytimg.com/vi/${ID}/hqdefault.jpg`;
    expect(none?.[0]?.snippet.thumbnails).toEqual({ default: { url: own }, high: { url: own } });
  });

  it('leaves out items that are not videos or have no title, and keeps at most 10', () => {
    const items = [
      item({ id: { kind: 'youtube#channel', channelId: 'UC1' } }),
      item({ id: { videoId: 'short' } }),
      item({}, { title: 42 }),
      item({ snippet: null }),
      'junk',
      ...Array.from({ length: 12 }, () => item()),
    ];
    expect(mapSearchItems({ items })).toHaveLength(10);
    expect(mapSearchItems({ items: [] })).toEqual([]);
  });

  it('is null for an answer that is not a search answer', () => {
    for (const body of [null, 'text', [], {}, { items: 'x' }]) {
      expect(mapSearchItems(body)).toBeNull();
    }
  });
});

describe('upstream error messages', () => {
  it('reads error.message as plain text', () => {
    expect(
      upstreamErrorMessage({
        error: { message: 'exceeded your <a href="/q">quota</a>.&nbsp;Sorry &amp; bye' },
      }),
    ).toBe('exceeded your quota. Sorry & bye');
    expect(upstreamErrorMessage({ error: { code: 403 } })).toBeNull();
    expect(upstreamErrorMessage('<html>')).toBeNull();
    expect(plainUpstreamMessage('  <b></b> ')).toBeNull();
    expect(plainUpstreamMessage('x'.repeat(400))).toHaveLength(300);
  });

  it('knows a key problem by its reason', () => {
    const body = (reason: string) => ({ error: { errors: [{ reason }] } });
    expect(isKeyProblem(body('keyInvalid'))).toBe(true);
    expect(isKeyProblem(body('invalidParameter'))).toBe(false);
    expect(isKeyProblem({ error: {} })).toBe(false);
  });
});

describe('mapOembed', () => {
  it('reads title, channel and an http(s) thumbnail', () => {
    expect(
      mapOembed({ title: 'T', author_name: 'A', thumbnail_url: 'https://i.ytimg.com/x.jpg' }),
    ).toEqual({ title: 'T', author: 'A', thumbnail: 'https://i.ytimg.com/x.jpg' });
    expect(mapOembed({ title: 'T', thumbnail_url: 'data:x' })).toEqual({
      title: 'T',
      author: '',
      thumbnail: null,
    });
    expect(mapOembed({ author_name: 'A' })).toBeNull();
    expect(mapOembed(null)).toBeNull();
  });
});
