/** Types of youtube.mjs (plain JavaScript so the e2e server starter can import it too). */
export type FakeMode = 'ok' | 'quota' | 'forbidden' | 'keyInvalid' | 'error' | 'slow' | 'garbage';
export interface FakeCall {
  path: string;
  query: Record<string, string>;
}
export interface FakeVideo {
  title: string;
  author_name: string;
}
export interface FakeOptions {
  port?: number;
  /** How long 'slow' waits (default 10 s). */
  delayMs?: number;
  /** Where thumbnails point (default https://i.ytimg.com). */
  thumbnailBase?: string;
}
export interface FakeYouTube {
  /** YOUTUBE_API_BASE: the Data API v3 base. */
  baseUrl: string;
  /** YOUTUBE_OEMBED_BASE: the origin oEmbed lives under. */
  oembedBase: string;
  oembedUrl: string;
  calls: FakeCall[];
  callsTo(endpoint: 'search' | 'oembed'): FakeCall[];
  setMode(mode: FakeMode, endpoint?: 'search' | 'oembed' | 'both'): void;
  setDelay(ms: number): void;
  addVideo(id: string, video: FakeVideo): void;
  reset(): void;
  close(): Promise<void>;
}
export const QUOTA_MESSAGE: string;
export const MISSING_VIDEO_ID: string;
export const PRIVATE_VIDEO_ID: string;
export function fakeVideoId(q: string, index: number): string;
export function startFakeYouTube(options?: FakeOptions): Promise<FakeYouTube>;
