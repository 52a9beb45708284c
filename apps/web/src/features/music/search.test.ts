import { MUSIC_API_MESSAGES, SAMPLE_SEARCH_RESULTS, provisionalTrack } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { MUSIC_MESSAGES } from './player-messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { audioUrlTrack, runSearch, type SearchCalls, type SearchWords } from './search';

/** The words the Search tab shows for an outcome's error or notice. */
function shown(words: SearchWords | undefined): string | undefined {
  if (words === undefined) return undefined;
  return typeof words === 'string' ? words : i18n._(words);
}

const item = {
  id: { videoId: 'abcdefghijk' },
  snippet: {
    title: 'Rain sounds',
    channelTitle: 'Nature',
    thumbnails: {
      default: { url: 'https://i.ytimg.com/d.jpg' },
      high: { url: 'https://i.ytimg.com/h.jpg' },
    },
  },
};

function calls(overrides: Partial<SearchCalls> = {}): SearchCalls {
  return {
    search: vi.fn(async () => ({ items: [item] })),
    resolve: vi.fn(async () => {
      throw new ApiError('Not found', { status: 404 });
    }),
    ...overrides,
  };
}

describe('runSearch (product §5, §8)', () => {
  it('refuses a blank query without calling anything', async () => {
    const c = calls();
    const result = await runSearch('   ', c);
    expect(result).toEqual({ tracks: [], error: MUSIC_MESSAGES.searchEmpty });
    expect(shown(result.error)).toBe('Please enter a search query');
    expect(c.search).not.toHaveBeenCalled();
  });

  it('maps search results to tracks', async () => {
    const result = await runSearch(' rain ', calls());
    expect(result.tracks).toEqual([
      {
        id: 'abcdefghijk',
        title: 'Rain sounds',
        artist: 'Nature',
        url: 'https://www.youtube.com/watch?v=abcdefghijk',
        artwork: 'https://i.ytimg.com/h.jpg',
        source: 'youtube',
      },
    ]);
  });

  it('on 403 says access was denied and toasts for 5 s, with no samples', async () => {
    const result = await runSearch(
      'rain',
      calls({
        search: async () => {
          throw new ApiError('quota', { status: 403 });
        },
      }),
    );
    expect(result).toEqual({
      tracks: [],
      error: MUSIC_MESSAGES.searchForbidden,
      toast: {
        message: 'YouTube search unavailable. Please contact support.',
        tone: 'error',
        autoClose: 5000,
      },
    });
  });

  it.each([503, 502, 429, undefined])(
    'on any other failure (%s) shows the three sample results, marked as samples',
    async (status) => {
      const result = await runSearch(
        'rain',
        calls({
          search: async () => {
            throw new ApiError('down', { status });
          },
        }),
      );
      expect(shown(result.notice)).toBe('YouTube search failed. Showing sample results instead.');
      expect(result.samples).toBe(true);
      expect(result.tracks.map((t) => t.id)).toEqual(
        SAMPLE_SEARCH_RESULTS.map((s) => s.id.videoId),
      );
      expect(result.tracks.every((t) => t.sample === true)).toBe(true);
      expect(result.reason).toBeUndefined();
    },
  );

  it("adds the server's own reason to the notice when it gives one (503: not set up)", async () => {
    const result = await runSearch(
      'rain',
      calls({
        search: async () => {
          throw new ApiError(MUSIC_API_MESSAGES.searchNotConfigured, {
            status: 503,
            body: { message: MUSIC_API_MESSAGES.searchNotConfigured },
          });
        },
      }),
    );
    expect(result).toMatchObject({
      notice: MUSIC_MESSAGES.searchFallback,
      reason: MUSIC_API_MESSAGES.searchNotConfigured,
      samples: true,
    });
  });

  it('says why the server refused the query (400), with no samples', async () => {
    const result = await runSearch(
      'rain',
      calls({
        search: async () => {
          throw new ApiError(MUSIC_API_MESSAGES.queryTooLong, {
            status: 400,
            body: { message: MUSIC_API_MESSAGES.queryTooLong },
          });
        },
      }),
    );
    expect(result).toEqual({ tracks: [], error: MUSIC_API_MESSAGES.queryTooLong });
  });

  it('resolves a pasted YouTube link to its track', async () => {
    const track = {
      id: 'dQw4w9WgXcQ',
      title: 'T',
      artist: 'A',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      artwork: '',
      source: 'youtube' as const,
    };
    const c = calls({ resolve: vi.fn(async () => ({ track })) });
    expect(await runSearch('https://youtu.be/dQw4w9WgXcQ', c)).toEqual({ tracks: [track] });
    expect(c.search).not.toHaveBeenCalled();
  });

  it('searches an 11-letter word as words when it is no video', async () => {
    const c = calls();
    const result = await runSearch('meditations', c);
    expect(c.resolve).toHaveBeenCalledWith('meditations');
    expect(result.tracks).toHaveLength(1);
  });

  it('says why a pasted link could not be resolved', async () => {
    const result = await runSearch(
      'https://youtu.be/dQw4w9WgXcQ',
      calls({
        resolve: async () => {
          throw new ApiError('That YouTube video does not exist', {
            status: 404,
            body: { message: 'That YouTube video does not exist' },
          });
        },
      }),
    );
    expect(result).toEqual({ tracks: [], error: 'That YouTube video does not exist' });
    const limited = await runSearch(
      'https://youtu.be/dQw4w9WgXcQ',
      calls({
        resolve: async () => {
          throw new ApiError('Too many requests', {
            status: 429,
            body: { message: 'Too many requests' },
          });
        },
      }),
    );
    expect(limited).toEqual({ tracks: [], error: 'Too many requests' });
  });

  it.each([
    ['YouTube not answering our server (502)', new ApiError('Bad Gateway', { status: 502 })],
    ['our server not answering', new ApiError('Network Error')],
  ])('offers a pasted link under a temporary title when %s (decision 053)', async (_, failure) => {
    const result = await runSearch(
      'https://youtu.be/dQw4w9WgXcQ',
      calls({
        resolve: async () => {
          throw failure;
        },
      }),
    );
    expect(result).toEqual({
      tracks: [provisionalTrack('dQw4w9WgXcQ')],
      notice: MUSIC_MESSAGES.titleLater,
    });
  });

  it('never takes an 11-letter word for a video when YouTube does not answer', async () => {
    const result = await runSearch(
      'meditations',
      calls({
        resolve: async () => {
          throw new ApiError('Bad Gateway', { status: 502 });
        },
      }),
    );
    expect(result.tracks.some((t) => t.title.startsWith('YouTube video'))).toBe(false);
  });

  it('turns a direct audio file URL into an audio track', async () => {
    expect(audioUrlTrack('https://x.example/music/Calm%20Piano.mp3?x=1')).toEqual({
      id: 'https://x.example/music/Calm%20Piano.mp3?x=1',
      title: 'Calm Piano.mp3',
      artist: '',
      url: 'https://x.example/music/Calm%20Piano.mp3?x=1',
      artwork: '',
      source: 'audio',
    });
    expect(audioUrlTrack('ftp://x.example/a.mp3')).toBeNull();
    expect(audioUrlTrack('https://x.example/page.html')).toBeNull();
  });
});
