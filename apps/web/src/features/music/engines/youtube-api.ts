/**
 * The YouTube IFrame Player API, loaded on demand: its script is added to the page the first time
 * a YouTube track is to play, never on the first load of a page (the CSP allows its two hosts,
 * decision 016). Only the part of the API the engine uses is typed here.
 *
 * A script that failed to load (offline, blocked) or that neither loaded nor failed within
 * MUSIC_TIMINGS.scriptLoadTimeoutMs is not fetched again by itself: only a caller that says so
 * (a person pressed play) or the browser coming back online lets the next load try again
 * (decision 053).
 */
import { MUSIC_TIMINGS } from '@focusroom/core';

export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

export interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  stopVideo(): void;
  loadVideoById(videoId: string): void;
  setVolume(volume: number): void;
  destroy(): void;
}

export interface YouTubePlayerEvent {
  target: YouTubePlayer;
  data?: number;
}

export interface YouTubePlayerOptions {
  events: {
    onReady?: (event: YouTubePlayerEvent) => void;
    onStateChange?: (event: YouTubePlayerEvent) => void;
    onError?: (event: YouTubePlayerEvent) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLIFrameElement | string, options: YouTubePlayerOptions) => YouTubePlayer;
}

/** The player's states as onStateChange reports them. */
export const YT_STATE = { ended: 0, playing: 1, paused: 2 } as const;

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YouTubeNamespace> | null = null;
/** The last load failed and nothing has said to try again since. */
let failed = false;
let listeningForOnline = false;

/** True while the API is known not to load: the last attempt failed and none is running. */
export function youTubeApiUnreachable(): boolean {
  return failed && loading === null;
}

/**
 * Resolves with `window.YT` once the API is ready. After a failed load it rejects at once,
 * without a request, unless `retryFailed` is set or the browser has come back online since.
 */
export function loadYouTubeApi(options: { retryFailed?: boolean } = {}): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  if (loading) return loading;
  if (failed && !options.retryFailed) {
    return Promise.reject(new Error('The YouTube API could not be loaded'));
  }
  if (!listeningForOnline) {
    listeningForOnline = true;
    window.addEventListener('online', () => {
      failed = false;
    });
  }
  failed = false;
  const attempt = new Promise<YouTubeNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timeout);
      script.remove();
      if (loading === attempt) {
        loading = null;
        failed = true;
      }
      reject(new Error(reason));
    };
    const timeout = setTimeout(
      () => fail('The YouTube API script did not answer'),
      MUSIC_TIMINGS.scriptLoadTimeoutMs,
    );
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timeout);
      if (window.YT?.Player) resolve(window.YT);
      else fail('The YouTube API loaded without a Player');
    };
    script.src = YOUTUBE_IFRAME_API_URL;
    script.async = true;
    script.onerror = () => fail('The YouTube API script did not load');
    document.head.appendChild(script);
  });
  loading = attempt;
  return attempt;
}
