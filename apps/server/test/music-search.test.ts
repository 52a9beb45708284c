import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import {
  MUSIC_API_MESSAGES,
  MUSIC_CACHE_TTL_MS,
  MUSIC_SEARCH_QUERY_MAX_LENGTH,
  MUSIC_UPSTREAM_TIMEOUT_MS,
  retryMessage,
} from '@focusroom/core';
import type { MusicResolveResponse, MusicSearchResponse } from '@focusroom/core/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { DEFAULT_YOUTUBE_OEMBED_BASE, loadConfig } from '../src/config.js';
import { YouTubeClient } from '../src/modules/music/youtube-client.js';
import { bearer, register } from './support/accounts.js';
import { tempDir, useTestApps, type TestAppOptions } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import {
  MISSING_VIDEO_ID,
  PRIVATE_VIDEO_ID,
  fakeVideoId,
  startFakeYouTube,
  type FakeYouTube,
} from './fakes/youtube.mjs';
import { needs } from './support/prerequisites.js';

const KEY = 'test-youtube-key';

let fake: FakeYouTube;
beforeAll(async () => {
  fake = await startFakeYouTube();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

/** Points both upstreams at the fake; `key: false` leaves YOUTUBE_API_KEY unset. */
function withFake(options: TestAppOptions & { key?: boolean } = {}): TestAppOptions {
  const { key = true, ...rest } = options;
  return {
    ...rest,
    env: {
      YOUTUBE_API_BASE: fake.baseUrl,
      YOUTUBE_OEMBED_BASE: fake.oembedBase,
      ...(key ? { YOUTUBE_API_KEY: KEY } : {}),
      ...rest.env,
    },
  };
}

function search(app: App, token: string | undefined, q?: string) {
  const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`;
  return app.inject({
    method: 'GET',
    url: `/api/music/search${query}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

function resolve(app: App, token: string | undefined, url?: string) {
  const query = url === undefined ? '' : `?url=${encodeURIComponent(url)}`;
  return app.inject({
    method: 'GET',
    url: `/api/music/resolve${query}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

describe.each(DIALECTS)('music search and link resolution on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('GET /api/music/search', () => {
    it('proxies to the Data API with the server’s key and answers the items product §3 reads', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      const response = await search(app, token, '  Lo-Fi   Beats ');
      expect(response.statusCode, response.body).toBe(200);
      expect(fake.callsTo('search')).toHaveLength(1);
      expect(fake.callsTo('search')[0]!.query).toEqual({
        part: 'snippet',
        maxResults: '10',
        q: 'lo-fi beats',
        type: 'video',
        key: KEY,
      });
      const body = response.json<MusicSearchResponse>();
      expect(body.items).toHaveLength(10);
      const id = fakeVideoId('lo-fi beats', 0);
      // Only the fields of product §3 (and medium); titles decoded from the API's HTML escapes.
      expect(body.items[0]).toEqual({
        id: { videoId: id },
        snippet: {
          title: 'lo-fi beats & rain: "focus" mix',
          channelTitle: 'Fake Channel 1',
          thumbnails: {
            default: { url: `https://i.ytimg.com/vi/${id}/default.jpg` },
            medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg` },
            high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg` },
          },
        },
      });
      expect(body.items[1]!.snippet.title).toBe('lo-fi beats - track 2');
      expect(Object.keys(body)).toEqual(['items']);
    });

    it('caches an answer 24 h per normalised query, for every user', async () => {
      const { app, clock } = await apps.make(withFake());
      const ann = await register(app);
      const bob = await register(app);
      const first = await search(app, ann.token, 'Rain Sounds');
      expect(first.statusCode).toBe(200);
      for (const [token, q] of [
        [ann.token, 'rain sounds'],
        [bob.token, '  RAIN    sounds  '],
        [bob.token, 'rain\tsounds'],
      ] as const) {
        const again = await search(app, token, q);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
      }
      expect(fake.callsTo('search')).toHaveLength(1);
      // Another query is another call.
      await search(app, ann.token, 'rain sounds 2');
      expect(fake.callsTo('search')).toHaveLength(2);
      // The answer is kept 24 h, then asked for again.
      clock.advance(MUSIC_CACHE_TTL_MS - 1000);
      await search(app, ann.token, 'rain sounds');
      expect(fake.callsTo('search')).toHaveLength(2);
      clock.advance(2000);
      await search(app, ann.token, 'rain sounds');
      expect(fake.callsTo('search')).toHaveLength(3);
    });

    it('makes one upstream call for a burst of the same query', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => search(app, token, 'burst')),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(fake.callsTo('search')).toHaveLength(1);
    });

    it('passes a refusal by YouTube through as 403 { error: { message } }, uncached', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      fake.setMode('quota', 'search');
      const quota = await search(app, token, 'denied');
      expect(quota.statusCode).toBe(403);
      // The upstream's message, as plain text (its link markup dropped).
      const message = 'The request cannot be completed because you have exceeded your quota.';
      expect(quota.json()).toEqual({
        message,
        code: 'music.searchAccessDenied',
        error: { message },
      });

      fake.setMode('keyInvalid', 'search');
      const badKey = await search(app, token, 'denied');
      expect(badKey.statusCode).toBe(403);
      expect(badKey.json()).toMatchObject({
        error: { message: 'API key not valid. Please pass a valid API key.' },
      });

      // No message from YouTube: product §8's words.
      fake.setMode('forbidden', 'search');
      const bare = await search(app, token, 'denied');
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toEqual({
        message: MUSIC_API_MESSAGES.searchAccessDenied,
        code: 'music.searchAccessDenied',
        error: { message: MUSIC_API_MESSAGES.searchAccessDenied },
      });

      fake.setMode('ok', 'search');
      const ok = await search(app, token, 'denied');
      expect(ok.statusCode).toBe(200);
      expect(fake.callsTo('search')).toHaveLength(4);
    });

    it('answers 502 with a clear message when YouTube fails or talks nonsense, never a 500', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      for (const mode of ['error', 'garbage'] as const) {
        fake.setMode(mode, 'search');
        const response = await search(app, token, `failing ${mode}`);
        expect(response.statusCode, mode).toBe(502);
        expect(response.json()).toEqual({
          code: expect.any(String),
          message: MUSIC_API_MESSAGES.searchUnavailable,
        });
      }
      // Failures are not cached: the next try goes upstream again.
      fake.setMode('ok', 'search');
      expect((await search(app, token, 'failing error')).statusCode).toBe(200);
    });

    it('answers 502 when YouTube is unreachable', async () => {
      const { app } = await apps.make(
        withFake({ env: { YOUTUBE_API_BASE: 'http://127.0.0.1:9/youtube/v3' } }),
      );
      const { token } = await register(app);
      const response = await search(app, token, 'nobody home');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: MUSIC_API_MESSAGES.searchUnavailable,
      });
    });

    it('answers 503 with a clear message when the server has no API key, calling nobody', async () => {
      const { app } = await apps.make(withFake({ key: false }));
      const { token } = await register(app);
      const response = await search(app, token, 'anything');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: MUSIC_API_MESSAGES.searchNotConfigured,
      });
      expect(fake.calls).toEqual([]);
    });

    it('refuses a blank or missing query with product §5’s message, calling nobody', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      for (const q of [undefined, '', '   ', '\t\n']) {
        const response = await search(app, token, q);
        expect(response.statusCode, JSON.stringify(q)).toBe(400);
        expect(response.json()).toEqual({
          message: 'Please enter a search query',
          code: 'music.queryRequired',
          errors: { q: 'Please enter a search query' },
          fieldCodes: { q: 'music.queryRequired' },
        });
      }
      const long = await search(app, token, 'x'.repeat(MUSIC_SEARCH_QUERY_MAX_LENGTH + 1));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ message: MUSIC_API_MESSAGES.queryTooLong });
      expect(fake.calls).toEqual([]);
    });

    it('asks for a token', async () => {
      const { app } = await apps.make(withFake());
      expect((await search(app, undefined, 'lofi')).statusCode).toBe(401);
      expect((await resolve(app, undefined, 'dQw4w9WgXcQ')).statusCode).toBe(401);
      expect(fake.calls).toEqual([]);
    });

    it('limits searches per user (429 with Retry-After), cached ones too, until the window ends', async () => {
      const { app, clock } = await apps.make(
        withFake({ overrides: { rateLimits: { searchPerUser: { max: 3, windowMs: 60_000 } } } }),
      );
      const ann = await register(app);
      const bob = await register(app);
      for (let i = 0; i < 3; i++) {
        expect((await search(app, ann.token, 'same')).statusCode).toBe(200);
      }
      const limited = await search(app, ann.token, 'same');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.json()).toEqual({
        message: retryMessage(60),
        code: 'http.retryInMinutes',
        params: { count: 1 },
      });
      // Per user.
      expect((await search(app, bob.token, 'same')).statusCode).toBe(200);
      clock.advance(60_000);
      expect((await search(app, ann.token, 'same')).statusCode).toBe(200);
      expect(fake.callsTo('search')).toHaveLength(1);
    });
  });

  it('never answers 5xx to odd queries or links', async () => {
    const { app } = await apps.make(
      withFake({
        overrides: { rateLimits: { searchPerUser: { max: 100_000, windowMs: 60_000 } } },
      }),
    );
    const { token } = await register(app);
    // Percent-encoded UTF-8 of any string (lone surrogates included), or raw malformed escapes.
    const encoded = fc
      .oneof(
        fc.string(),
        fc.string({ unit: 'binary' }),
        fc.constantFrom('\uD800', '&q=x', 'youtu.be/', 'https://youtu.be/' + 'a'.repeat(3000)),
      )
      .map((value) =>
        [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
      );
    const odd = fc.oneof(encoded, fc.constantFrom('%', '%ff%fe', '%E0%A4%A', '+', '%00'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('search?q=', 'resolve?url='), odd, async (path, value) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/music/${path}${value}`,
          headers: bearer(token),
        });
        expect(response.statusCode, `${path}${value}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      }),
      { numRuns: 100 },
    );
  });

  describe('GET /api/music/resolve', () => {
    it('turns every kind of YouTube link, or a bare id, into a track via oEmbed', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      fake.addVideo('dQw4w9WgXcQ', { title: 'Rain & thunder', author_name: 'Calm Channel' });
      const expected: MusicResolveResponse = {
        track: {
          id: 'dQw4w9WgXcQ',
          title: 'Rain & thunder',
          artist: 'Calm Channel',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          artwork: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
          source: 'youtube',
        },
      };
      for (const input of [
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
        'https://youtu.be/dQw4w9WgXcQ',
        'https://www.youtube.com/shorts/dQw4w9WgXcQ',
        'https://www.youtube.com/embed/dQw4w9WgXcQ',
        '  dQw4w9WgXcQ ',
      ]) {
        const response = await resolve(app, token, input);
        expect(response.statusCode, input).toBe(200);
        expect(response.json(), input).toEqual(expected);
      }
      // One oEmbed call for the one video: the rest came from the cache.
      expect(fake.callsTo('oembed')).toHaveLength(1);
      expect(fake.callsTo('oembed')[0]!.query).toEqual({
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        format: 'json',
      });
    });

    it('works without an API key (oEmbed needs none)', async () => {
      const { app } = await apps.make(withFake({ key: false }));
      const { token } = await register(app);
      const response = await resolve(app, token, 'https://youtu.be/abcdefghijk');
      expect(response.statusCode).toBe(200);
      expect(response.json<MusicResolveResponse>().track).toMatchObject({
        id: 'abcdefghijk',
        title: 'Fake video abcdefghijk',
        artist: 'Fake Channel',
      });
    });

    it('refuses what is not a YouTube link (400) and answers 404 for unknown or private videos', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      for (const input of [
        'https://vimeo.com/123456',
        'https://www.youtube.com/watch?v=short',
        'not a link',
        'javascript:alert(1)',
      ]) {
        const response = await resolve(app, token, input);
        expect(response.statusCode, input).toBe(400);
        expect(response.json(), input).toEqual({
          message: MUSIC_API_MESSAGES.linkInvalid,
          code: 'music.linkInvalid',
          errors: { url: MUSIC_API_MESSAGES.linkInvalid },
          fieldCodes: { url: 'music.linkInvalid' },
        });
      }
      for (const input of [undefined, '', '  ']) {
        const response = await resolve(app, token, input);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: MUSIC_API_MESSAGES.linkRequired });
      }
      expect(fake.calls).toEqual([]);
      for (const id of [MISSING_VIDEO_ID, PRIVATE_VIDEO_ID]) {
        const response = await resolve(app, token, `https://youtu.be/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({
          code: expect.any(String),
          message: MUSIC_API_MESSAGES.videoNotFound,
        });
      }
    });

    it('answers 502 when oEmbed fails, without caching the failure', async () => {
      const { app } = await apps.make(withFake());
      const { token } = await register(app);
      for (const mode of ['error', 'garbage'] as const) {
        fake.setMode(mode, 'oembed');
        const response = await resolve(app, token, 'abcdefghijk');
        expect(response.statusCode, mode).toBe(502);
        expect(response.json()).toEqual({
          code: expect.any(String),
          message: MUSIC_API_MESSAGES.resolveUnavailable,
        });
      }
      fake.setMode('ok', 'oembed');
      expect((await resolve(app, token, 'abcdefghijk')).statusCode).toBe(200);
    });

    it('is limited per user like search', async () => {
      const { app } = await apps.make(
        withFake({ overrides: { rateLimits: { searchPerUser: { max: 2, windowMs: 60_000 } } } }),
      );
      const { token } = await register(app);
      expect((await resolve(app, token, 'abcdefghijk')).statusCode).toBe(200);
      expect((await resolve(app, token, 'abcdefghijk')).statusCode).toBe(200);
      expect((await resolve(app, token, 'abcdefghijk')).statusCode).toBe(429);
    });
  });
});

describe('OpenAPI', () => {
  const apps = useTestApps('sqlite');

  it('documents both music calls, the 403 with its error.message', async () => {
    const { app } = await apps.make(withFake());
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const search = doc.paths['/api/music/search']?.get;
    for (const status of ['200', '400', '401', '403', '429', '502', '503']) {
      expect(search?.responses[status], `search ${status}`).toBeDefined();
    }
    expect(JSON.stringify(search?.responses['403'])).toContain('"error"');
    const resolveOp = doc.paths['/api/music/resolve']?.get;
    for (const status of ['200', '400', '401', '404', '429', '502']) {
      expect(resolveOp?.responses[status], `resolve ${status}`).toBeDefined();
    }
  });
});

describe('a silent Data API', () => {
  const apps = useTestApps('sqlite');

  it(`answers 502 once the ${MUSIC_UPSTREAM_TIMEOUT_MS / 1000} s upstream timeout passes`, async () => {
    const { app } = await apps.make(withFake());
    const { token } = await register(app);
    fake.setMode('slow', 'search');
    fake.setDelay(MUSIC_UPSTREAM_TIMEOUT_MS + 5_000);
    const response = await search(app, token, 'silence');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      code: expect.any(String),
      message: MUSIC_API_MESSAGES.searchUnavailable,
    });
  }, 30_000);
});

describe('the YouTube client', () => {
  it('gives up on a silent upstream after its timeout', async () => {
    fake.setMode('slow');
    fake.setDelay(5_000);
    const client = new YouTubeClient({
      apiBase: fake.baseUrl,
      apiKey: KEY,
      oembedBase: fake.oembedBase,
      timeoutMs: 200,
    });
    const started = Date.now();
    expect(await client.search('slow')).toEqual({
      kind: 'unavailable',
      reason: 'no answer within 200 ms',
    });
    expect(await client.oembed('abcdefghijk')).toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('YOUTUBE_OEMBED_BASE', () => {
  it('defaults to YouTube and may point elsewhere', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).youtubeOembedBase).toBe(DEFAULT_YOUTUBE_OEMBED_BASE);
    expect(DEFAULT_YOUTUBE_OEMBED_BASE).toBe('https://www.youtube.com');
    expect(
      loadConfig({ DATA_DIR: tempDir(), YOUTUBE_OEMBED_BASE: 'http://127.0.0.1:9999/' })
        .youtubeOembedBase,
    ).toBe('http://127.0.0.1:9999');
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), YOUTUBE_OEMBED_BASE: 'ftp://example.com' }),
    ).toThrow(/YOUTUBE_OEMBED_BASE: must be an http\(s\):\/\/ URL/);
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!needs(hasRedis, 'redis-server'))('the search cache in Redis (REDIS_URL)', () => {
  const apps = useTestApps('sqlite');
  let server: ChildProcess | undefined;
  let redisUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port);
    redisUrl = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server?.kill();
  });

  it('is shared by every instance', async () => {
    const one = await apps.make(withFake({ env: { REDIS_URL: redisUrl } }));
    const two = await apps.make(withFake({ env: { REDIS_URL: redisUrl } }));
    const { token } = await register(one.app);
    const first = await search(one.app, token, 'Shared Query');
    expect(first.statusCode).toBe(200);
    const second = await search(two.app, token, 'shared query');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await resolve(one.app, token, 'abcdefghijk')).statusCode).toBe(200);
    expect((await resolve(two.app, token, 'https://youtu.be/abcdefghijk')).statusCode).toBe(200);
    expect(fake.callsTo('search')).toHaveLength(1);
    expect(fake.callsTo('oembed')).toHaveLength(1);
  });
});

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((done) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not open port ${port}`);
}

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => done(port));
    });
  });
}
