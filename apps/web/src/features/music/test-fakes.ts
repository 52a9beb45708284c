import type { PlayerTrack, TrackSource } from '@focusroom/core';
import { vi } from 'vitest';
import type { EngineEvents, PlaybackEngine } from './engines/engine';
import { createPlayer, type PlayerToast } from './player';
import type { PlayerState } from './player-state';

/** A scripted engine for the player's tests: records calls, reports what the test says. */
export interface FakeEngine extends PlaybackEngine {
  ready: boolean;
  /** What `unreachable()` answers: the engine's script could not load. */
  down: boolean;
  /** The `retryFailed` option of each prepare call, in order. */
  retries: boolean[];
  events: EngineEvents;
  calls: string[];
  volume: number;
}

export function track(id: string, source: TrackSource = 'youtube'): PlayerTrack {
  return {
    id,
    title: `Song ${id}`,
    artist: `Artist ${id}`,
    url:
      source === 'youtube'
        ? `https://www.youtube.com/watch?v=${id}`
        : `https://x.example/${id}.mp3`,
    artwork: '',
    source,
  };
}

export function fakePlayer(initial: Partial<PlayerState> = {}, ready = true) {
  const engines: Partial<Record<TrackSource, FakeEngine>> = {};
  const toasts: PlayerToast[] = [];
  const player = createPlayer({
    createEngine: (source, events) => {
      const engine: FakeEngine = {
        ready,
        down: false,
        retries: [],
        events,
        calls: [],
        volume: -1,
        isReady: () => engine.ready,
        unreachable: () => engine.down,
        prepare: (t, options) => {
          engine.retries.push(options?.retryFailed === true);
          engine.calls.push(`prepare ${t.id}`);
        },
        start: (t) => engine.calls.push(`start ${t.id}`),
        play: () => engine.calls.push('play'),
        pause: () => engine.calls.push('pause'),
        stop: () => engine.calls.push('stop'),
        setVolume: vi.fn((v: number) => {
          engine.volume = v;
        }),
        destroy: () => engine.calls.push('destroy'),
      };
      engines[source] = engine;
      return engine;
    },
    toast: (toast) => toasts.push(toast),
    initial,
  });
  return { player, engines, toasts, state: () => player.store.getState() };
}
