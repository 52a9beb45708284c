/**
 * The YouTube IFrame Player API, loaded on demand: its script is added to the page the first time
 * a YouTube track is to play, never on the first load of a page (the CSP allows its two hosts,
 * decision 016). Only the part of the API the engine uses is typed here.
 */

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

/** Resolves with `window.YT` once the API is ready; a failed script load can be tried again. */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  if (loading) return loading;
  loading = new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT?.Player) resolve(window.YT);
      else reject(new Error('The YouTube API loaded without a Player'));
    };
    const script = document.createElement('script');
    script.src = YOUTUBE_IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('The YouTube API script did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
