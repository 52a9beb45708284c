// A local stand-in for the two YouTube endpoints the music module calls, answering in their own
// shapes: the Data API v3 search (GET {baseUrl}/search) and the keyless oEmbed endpoint
// (GET {oembedBase}/oembed). Plain ESM JavaScript so both vitest and the e2e server starter
// (e2e/support/start-server.mjs, plain Node) can import it.
import http from 'node:http';

/**
 * @typedef {'ok' | 'quota' | 'forbidden' | 'keyInvalid' | 'error' | 'slow' | 'garbage'} FakeMode
 *   ok: normal answers. quota: 403 quotaExceeded. forbidden: 403 with no message.
 *   keyInvalid: 400 keyInvalid (what the Data API answers to a bad key). error: 500.
 *   slow: answers after `delayMs`. garbage: 200 with a body that is not JSON.
 * @typedef {{ path: string, query: Record<string, string> }} FakeCall
 * @typedef {{ title: string, author_name: string }} FakeVideo
 * @typedef {{ port?: number, delayMs?: number, thumbnailBase?: string }} FakeOptions
 */

/** The message the Data API sends with quotaExceeded (it carries a link, as the real one does). */
export const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

/** Video ids the oEmbed fake answers 404 (unknown) and 401 (private or not embeddable) for. */
export const MISSING_VIDEO_ID = 'missing0000';
export const PRIVATE_VIDEO_ID = 'private0000';

/** A deterministic 11-character video id for result `index` of query `q`. */
export function fakeVideoId(q, index) {
  let hash = 2166136261;
  for (const char of `${q}#${index}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let i = 0; i < 11; i += 1) {
    id += alphabet[(hash >>> ((i * 3) % 27)) & 63];
    hash = Math.imul(hash ^ i, 2654435761) >>> 0;
  }
  return id;
}

/** What the Data API's title holds: HTML-escaped text, as the real service sends it. */
function escapeHtml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function thumbnails(base, id) {
  return {
    default: { url: `${base}/vi/${id}/default.jpg`, width: 120, height: 90 },
    medium: { url: `${base}/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
    high: { url: `${base}/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  };
}

function searchBody(q, base) {
  return {
    kind: 'youtube#searchListResponse',
    etag: 'fake-etag',
    nextPageToken: 'CAoQAA',
    regionCode: 'US',
    pageInfo: { totalResults: 1000000, resultsPerPage: 10 },
    items: Array.from({ length: 10 }, (_, i) => {
      const videoId = fakeVideoId(q, i);
      return {
        kind: 'youtube#searchResult',
        etag: `fake-etag-${i}`,
        id: { kind: 'youtube#video', videoId },
        snippet: {
          publishedAt: '2024-01-01T00:00:00Z',
          channelId: `UCfake${i}`,
          title: escapeHtml(i === 0 ? `${q} & rain: "focus" mix` : `${q} - track ${i + 1}`),
          description: `Result ${i + 1} for ${q}`,
          thumbnails: thumbnails(base, videoId),
          channelTitle: escapeHtml(`Fake Channel ${i + 1}`),
          liveBroadcastContent: 'none',
          publishTime: '2024-01-01T00:00:00Z',
        },
      };
    }),
  };
}

/** The Data API's error body. */
function apiError(code, message, reason, domain = 'global') {
  return { error: { code, message, errors: [{ message, domain, reason }] } };
}

/**
 * Starts the fake on 127.0.0.1 (a free port unless `port` is given).
 * @param {FakeOptions} [options]
 */
export async function startFakeYouTube(options = {}) {
  /** @type {FakeCall[]} */
  const calls = [];
  /** @type {{ search: FakeMode, oembed: FakeMode }} */
  const modes = { search: 'ok', oembed: 'ok' };
  let delayMs = options.delayMs ?? 10_000;
  const thumbnailBase = options.thumbnailBase ?? 'https://i.ytimg.com';
  /** @type {Map<string, FakeVideo>} */
  const videos = new Map();
  /** @type {Set<http.ServerResponse>} */
  const open = new Set();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const query = Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, query });
    open.add(res);
    res.on('close', () => open.delete(res));
    const send = (status, body) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/html' : 'application/json; charset=UTF-8',
      });
      res.end(text);
    };

    /** Answers now, or after `delayMs` in 'slow' mode (unless the caller hangs up first). */
    const answer = (mode, respond) => {
      if (mode !== 'slow') return respond();
      const timer = setTimeout(respond, delayMs);
      res.on('close', () => clearTimeout(timer));
    };
    if (url.pathname === '/youtube/v3/search') {
      answer(modes.search, () => answerSearch(modes.search, query, send));
      return;
    }
    if (url.pathname === '/oembed') {
      answer(modes.oembed, () => answerOembed(modes.oembed, query, send));
      return;
    }
    send(404, 'Not Found');
  });

  /** @param {FakeMode} mode */
  function answerSearch(mode, query, send) {
    if (mode === 'quota')
      return send(403, apiError(403, QUOTA_MESSAGE, 'quotaExceeded', 'youtube.quota'));
    if (mode === 'forbidden') return send(403, { error: { code: 403 } });
    if (mode === 'keyInvalid') {
      return send(
        400,
        apiError(
          400,
          'API key not valid. Please pass a valid API key.',
          'keyInvalid',
          'usageLimits',
        ),
      );
    }
    if (mode === 'error') return send(500, apiError(500, 'Backend Error', 'backendError'));
    if (mode === 'garbage') return send(200, '<html>Sorry</html>');
    if (!query.key) {
      return send(403, apiError(403, 'The request is missing a valid API key.', 'forbidden'));
    }
    if (query.part !== 'snippet' || query.type !== 'video' || query.maxResults !== '10') {
      return send(400, apiError(400, 'Unexpected parameters for this fake.', 'invalidParameter'));
    }
    return send(200, searchBody(query.q ?? '', thumbnailBase));
  }

  /** @param {FakeMode} mode */
  function answerOembed(mode, query, send) {
    if (mode === 'error') return send(500, 'Internal Server Error');
    if (mode === 'garbage') return send(200, '<html>Sorry</html>');
    if (mode === 'quota' || mode === 'forbidden' || mode === 'keyInvalid')
      return send(403, 'Forbidden');
    const match = /[?&]v=([A-Za-z0-9_-]{11})/.exec(query.url ?? '');
    if (query.format !== 'json' || !match) return send(400, 'Bad Request');
    const id = match[1];
    if (id === MISSING_VIDEO_ID) return send(404, 'Not Found');
    if (id === PRIVATE_VIDEO_ID) return send(401, 'Unauthorized');
    const video = videos.get(id) ?? { title: `Fake video ${id}`, author_name: 'Fake Channel' };
    return send(200, {
      title: video.title,
      author_name: video.author_name,
      author_url: 'https://www.youtube.com/@fake',
      type: 'video',
      height: 113,
      width: 200,
      version: '1.0',
      provider_name: 'YouTube',
      provider_url: 'https://www.youtube.com/',
      thumbnail_height: 360,
      thumbnail_width: 480,
      thumbnail_url: `${thumbnailBase}/vi/${id}/hqdefault.jpg`,
      html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" title="${escapeHtml(video.title)}"></iframe>`,
    });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    /** YOUTUBE_API_BASE: the Data API v3 base. */
    baseUrl: `${origin}/youtube/v3`,
    /** YOUTUBE_OEMBED_BASE: the origin oEmbed lives under. */
    oembedBase: origin,
    /** The oEmbed endpoint itself. */
    oembedUrl: `${origin}/oembed`,
    /** Every request received, oldest first. */
    calls,
    /** Requests received on one endpoint ('search' or 'oembed'). */
    callsTo(/** @type {'search' | 'oembed'} */ endpoint) {
      const path = endpoint === 'search' ? '/youtube/v3/search' : '/oembed';
      return calls.filter((call) => call.path === path);
    },
    /**
     * How the next requests are answered, on both endpoints unless one is named.
     * @param {FakeMode} mode
     * @param {'search' | 'oembed' | 'both'} [endpoint]
     */
    setMode(mode, endpoint = 'both') {
      if (endpoint !== 'oembed') modes.search = mode;
      if (endpoint !== 'search') modes.oembed = mode;
    },
    /** How long 'slow' waits before answering. */
    setDelay(/** @type {number} */ ms) {
      delayMs = ms;
    },
    /** Gives a video id its own oEmbed title and channel. */
    addVideo(/** @type {string} */ id, /** @type {FakeVideo} */ video) {
      videos.set(id, video);
    },
    /** Forgets the calls and goes back to normal answers. */
    reset() {
      calls.length = 0;
      modes.search = 'ok';
      modes.oembed = 'ok';
      videos.clear();
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
