import {
  MUSIC_API_MESSAGES,
  MUSIC_CACHE_TTL_MS,
  extractYouTubeVideoId,
  youTubeWatchUrl,
} from '@focusroom/core';
import type { MusicResolveResponse, MusicSearchResponse } from '@focusroom/core/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, badRequest, notFound, tooManyRequests } from '../../lib/http-errors.js';
import type { MusicCache } from './cache.js';
import type { YouTubeClient } from './youtube-client.js';
import { normalizeSearchQuery } from './upstream-shapes.js';

const unavailable = (message: string) => new HttpError(502, message);

/**
 * Video search and link resolution through our server (product §7 Video search; the key never
 * reaches the browser). Answers are cached for 24 h per normalised query or video, shared by
 * every user; each request counts against the user's search limit, cached or not. The service's
 * failures become clear 4xx/5xx answers, never a 500.
 */
export class MusicService {
  /** Upstream calls in flight, by cache key: a burst of the same query makes one call. */
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly client: YouTubeClient,
    private readonly cache: MusicCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `{ items }` as JSON text, in the upstream item shape (at most 10). */
  async searchJson(userId: string, q: string): Promise<string> {
    if (!this.client.hasApiKey) {
      throw new HttpError(503, MUSIC_API_MESSAGES.searchNotConfigured);
    }
    await this.limit(userId);
    const query = normalizeSearchQuery(q);
    return this.cached(`search:${query}`, async () => {
      const outcome = await this.client.search(query);
      if (outcome.kind === 'denied') {
        const message = outcome.message ?? MUSIC_API_MESSAGES.searchAccessDenied;
        this.log.warn({ upstreamMessage: message }, 'video search refused by YouTube');
        // The upstream's own words stay in `message` (product §8); the code says what they mean.
        throw new HttpError(403, message, { code: 'music.searchAccessDenied', error: { message } });
      }
      if (outcome.kind === 'unavailable') {
        this.log.warn({ reason: outcome.reason }, 'video search failed upstream');
        throw unavailable(MUSIC_API_MESSAGES.searchUnavailable);
      }
      const response: MusicSearchResponse = { items: outcome.items };
      return JSON.stringify(response);
    });
  }

  /** A pasted YouTube link or bare id as a player track, via oEmbed (no key needed). */
  async resolve(userId: string, input: string): Promise<MusicResolveResponse> {
    const videoId = extractYouTubeVideoId(input);
    if (!videoId)
      throw badRequest(MUSIC_API_MESSAGES.linkInvalid, { url: MUSIC_API_MESSAGES.linkInvalid });
    await this.limit(`resolve:${userId}`);
    const json = await this.cached(`resolve:${videoId}`, async () => {
      const outcome = await this.client.oembed(videoId);
      if (outcome.kind === 'not-found') throw notFound(MUSIC_API_MESSAGES.videoNotFound);
      if (outcome.kind === 'unavailable') {
        this.log.warn({ reason: outcome.reason }, 'oEmbed lookup failed upstream');
        throw unavailable(MUSIC_API_MESSAGES.resolveUnavailable);
      }
      const response: MusicResolveResponse = {
        track: {
          id: videoId,
          title: outcome.title,
          artist: outcome.author,
          url: youTubeWatchUrl(videoId),
          artwork: outcome.thumbnail ?? `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
          source: 'youtube',
        },
      };
      return JSON.stringify(response);
    });
    return JSON.parse(json) as MusicResolveResponse;
  }

  private async limit(key: string): Promise<void> {
    const state = await this.ctx.limiters.searchPerUser.hit(key);
    if (state.limited) throw tooManyRequests(state.retryAfterMs);
  }

  /** The cached answer, or `load`'s (stored when it succeeds; failures are not cached). */
  private async cached(key: string, load: () => Promise<string>): Promise<string> {
    const hit = await this.cache.get(key);
    if (hit !== undefined) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = (async () => {
      const value = await load();
      await this.cache.set(key, value, MUSIC_CACHE_TTL_MS);
      return value;
    })();
    this.inFlight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(key);
    }
  }
}
