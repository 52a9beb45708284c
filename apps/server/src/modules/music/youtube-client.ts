import {
  MUSIC_SEARCH_MAX_RESULTS,
  MUSIC_UPSTREAM_TIMEOUT_MS,
  youTubeWatchUrl,
} from '@focusroom/core';
import type { MusicSearchItem } from '@focusroom/core/schemas';
import {
  isKeyProblem,
  mapOembed,
  mapSearchItems,
  upstreamErrorMessage,
} from './upstream-shapes.js';

export type SearchOutcome =
  | { kind: 'ok'; items: MusicSearchItem[] }
  /** The service refused the key (quota, restrictions, a bad key); its message when it gave one. */
  | { kind: 'denied'; message: string | null }
  /** Unreachable, too slow, a 5xx, or an answer that is not a search answer. */
  | { kind: 'unavailable'; reason: string };

export type OembedOutcome =
  | { kind: 'ok'; title: string; author: string; thumbnail: string | null }
  /** No such video, or one that is private or may not be embedded. */
  | { kind: 'not-found' }
  | { kind: 'unavailable'; reason: string };

export interface YouTubeClientOptions {
  apiBase: string;
  apiKey: string | undefined;
  oembedBase: string;
  timeoutMs?: number;
}

/** The two calls to the video service: Data API search (with our key) and keyless oEmbed. */
export class YouTubeClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: YouTubeClientOptions) {
    this.timeoutMs = options.timeoutMs ?? MUSIC_UPSTREAM_TIMEOUT_MS;
  }

  get hasApiKey(): boolean {
    return this.options.apiKey !== undefined;
  }

  /** GET {base}/search?part=snippet&maxResults=10&q=&type=video&key= (product §7). */
  async search(q: string): Promise<SearchOutcome> {
    const params = new URLSearchParams({
      part: 'snippet',
      maxResults: String(MUSIC_SEARCH_MAX_RESULTS),
      q,
      type: 'video',
      key: this.options.apiKey ?? '',
    });
    const answer = await this.getJson(`${this.options.apiBase}/search?${params}`);
    if (answer.kind === 'failed') return { kind: 'unavailable', reason: answer.reason };
    const { status, body } = answer;
    if (status === 403 || status === 401 || (status === 400 && isKeyProblem(body))) {
      return { kind: 'denied', message: upstreamErrorMessage(body) };
    }
    if (status !== 200) return { kind: 'unavailable', reason: `status ${status}` };
    const items = mapSearchItems(body);
    return items ? { kind: 'ok', items } : { kind: 'unavailable', reason: 'not a search answer' };
  }

  /** GET {oembed base}/oembed?url=<watch link>&format=json: no key needed. */
  async oembed(videoId: string): Promise<OembedOutcome> {
    const params = new URLSearchParams({ url: youTubeWatchUrl(videoId), format: 'json' });
    const answer = await this.getJson(`${this.options.oembedBase}/oembed?${params}`);
    if (answer.kind === 'failed') return { kind: 'unavailable', reason: answer.reason };
    const { status, body } = answer;
    // 400 and 404: no such video; 401 and 403: private, or its owner forbids embedding.
    if ([400, 401, 403, 404].includes(status)) return { kind: 'not-found' };
    if (status !== 200) return { kind: 'unavailable', reason: `status ${status}` };
    const video = mapOembed(body);
    return video
      ? { kind: 'ok', ...video }
      : { kind: 'unavailable', reason: 'not an oEmbed answer' };
  }

  private async getJson(
    url: string,
  ): Promise<
    { kind: 'answer'; status: number; body: unknown } | { kind: 'failed'; reason: string }
  > {
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: an error page, or nonsense. The status decides what it means.
      }
      return { kind: 'answer', status: response.status, body };
    } catch (error) {
      const name = (error as Error).name;
      return {
        kind: 'failed',
        reason: name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : String(error),
      };
    }
  }
}
