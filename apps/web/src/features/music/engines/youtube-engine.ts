import { extractYouTubeVideoId, type PlayerTrack } from '@focusroom/core';
import { t } from '@lingui/core/macro';
import type { EngineEvents, PlaybackEngine } from './engine';
import { YT_STATE, loadYouTubeApi, youTubeApiUnreachable, type YouTubePlayer } from './youtube-api';

/**
 * YouTube tracks through the IFrame Player API. The engine makes the iframe itself, so it carries
 * referrerpolicy="strict-origin-when-cross-origin" from its first request (YouTube refuses embeds
 * without a referrer, error 153), then hands it to YT.Player. `host` is where the iframe goes.
 */
export function createYouTubeEngine(
  events: EngineEvents,
  host: () => HTMLElement | null,
): PlaybackEngine {
  let player: YouTubePlayer | null = null;
  let ready = false;
  let preparing = false;
  let videoId: string | null = null;
  let volume = 50;
  let destroyed = false;

  const createPlayer = async (id: string, retryFailed: boolean): Promise<void> => {
    preparing = true;
    try {
      const YT = await loadYouTubeApi({ retryFailed });
      const container = host();
      if (destroyed || !container) return;
      const iframe = document.createElement('iframe');
      // The frame's name for screen readers, in the language active when it is made.
      iframe.title = t`YouTube video player`;
      iframe.allow = 'autoplay; encrypted-media; picture-in-picture';
      iframe.referrerPolicy = 'strict-origin-when-cross-origin';
      iframe.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      const params = new URLSearchParams({
        enablejsapi: '1',
        playsinline: '1',
        origin: window.location.origin,
      });
      iframe.src = `https://www.youtube.com/embed/${encodeURIComponent(id)}?${params}`;
      container.replaceChildren(iframe);
      videoId = id;
      player = new YT.Player(iframe, {
        events: {
          onReady: () => {
            ready = true;
            player?.setVolume(volume);
            events.onReady();
          },
          onStateChange: (event) => {
            if (event.data === YT_STATE.playing) events.onPlaying();
            else if (event.data === YT_STATE.paused) events.onPaused();
            else if (event.data === YT_STATE.ended) events.onEnded();
          },
          onError: (event) => events.onError(`YouTube error ${event.data ?? ''}`),
        },
      });
    } catch {
      // Not ready stays false: the player's retry rule skips the track (product §4).
    } finally {
      preparing = false;
    }
  };

  return {
    isReady: () => ready && player !== null,
    prepare(track: PlayerTrack, options) {
      const id = extractYouTubeVideoId(track.url);
      if (!player && !preparing && id) void createPlayer(id, options?.retryFailed === true);
    },
    unreachable: () => player === null && !preparing && youTubeApiUnreachable(),
    start(track: PlayerTrack) {
      const id = extractYouTubeVideoId(track.url);
      if (!player || !id) {
        events.onError('not a YouTube video');
        return;
      }
      if (id === videoId) player.playVideo();
      else {
        videoId = id;
        player.loadVideoById(id);
      }
    },
    play: () => player?.playVideo(),
    pause: () => player?.pauseVideo(),
    stop() {
      player?.stopVideo();
    },
    setVolume(next) {
      volume = next;
      if (ready) player?.setVolume(next);
    },
    destroy() {
      destroyed = true;
      player?.destroy();
      player = null;
      ready = false;
    },
  };
}
