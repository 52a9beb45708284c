import type { EngineEvents, PlaybackEngine } from './engine';

/** Direct audio URLs (mp3, ogg, ...) through one HTML5 audio element; always ready. */
export function createAudioEngine(events: EngineEvents): PlaybackEngine {
  const audio = new Audio();
  audio.preload = 'auto';
  const on = {
    playing: () => events.onPlaying(),
    pause: () => {
      if (!audio.ended) events.onPaused();
    },
    ended: () => events.onEnded(),
    error: () => {
      // A src set to '' by stop() reports an error too; only a real source counts.
      if (audio.getAttribute('src')) events.onError(`audio error ${audio.error?.code ?? ''}`);
    },
  };
  for (const [name, listener] of Object.entries(on)) audio.addEventListener(name, listener);

  const tryPlay = (): void => {
    void audio.play().catch((error: unknown) => {
      // A pause() or a new source interrupting play() is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      events.onError(error instanceof Error ? error.message : String(error));
    });
  };

  return {
    isReady: () => true,
    prepare: () => undefined,
    unreachable: () => false,
    start(track) {
      audio.src = track.url;
      tryPlay();
    },
    play: tryPlay,
    pause: () => audio.pause(),
    stop() {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    },
    setVolume(volume) {
      audio.volume = Math.min(1, Math.max(0, volume / 100));
    },
    destroy() {
      for (const [name, listener] of Object.entries(on)) audio.removeEventListener(name, listener);
      audio.pause();
      audio.removeAttribute('src');
    },
  };
}
