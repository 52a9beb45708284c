import {
  MUSIC_TIMINGS,
  MUSIC_TOAST_MS,
  addTrack,
  clampVolume,
  currentTrack,
  nextTrack,
  previousTrack,
  removeTrack,
  type PlayerTrack,
  type TrackSource,
} from '@focusroom/core';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createBreakFade } from './break-fade';
import type { EngineEvents, PlaybackEngine } from './engines/engine';
import { createFailureRun } from './failure-run';
import { MUSIC_MESSAGES, MUSIC_TOASTS } from './player-messages';
import { DEFAULT_PLAYER_STATE, type PlayerState, type PlayerTab } from './player-state';

/**
 * The one player of the app (product §4): its state (a zustand store the panel, the search tab
 * and the playlists pages' events all change) and the rules that drive the engines: the 1 s start
 * after a selection, the 2 s retry then skip, the 0.5 s skip on error, next on end, and the
 * break fades (break-fade.ts). Timers are plain setTimeout/setInterval, so tests drive them with
 * a fake clock. Its state's shape and defaults are in player-state.ts.
 *
 * Failures (decision 053): a track that cannot start or play is skipped as product §4
 * says, but once every track of the list has failed in a row (none played since, failure-run.ts)
 * the player stops and says why once, in a toast and in `problem`, instead of going round the
 * list for ever. A track whose engine knows it cannot load at all (the YouTube script failed)
 * fails every track of that engine with it.
 */

export interface PlayerToast {
  message: string;
  tone: 'success' | 'error' | 'info';
  autoClose: number;
}

export interface PlayerDeps {
  createEngine: (source: TrackSource, events: EngineEvents) => PlaybackEngine;
  toast: (toast: PlayerToast) => void;
  initial?: Partial<PlayerState>;
}

export interface Player {
  store: StoreApi<PlayerState>;
  openPanel(options?: { minimized?: boolean }): void;
  close(): void;
  setMinimized(minimized: boolean): void;
  setTab(tab: PlayerTab): void;
  add(track: PlayerTrack): boolean;
  remove(id: string): void;
  /** A track's real title, artist and artwork, found after it was added under a temporary one. */
  updateTrack(id: string, change: Pick<PlayerTrack, 'title' | 'artist' | 'artwork'>): void;
  /** Make a track current and play it (starts after 1 s). */
  playTrack(id: string): void;
  play(): void;
  pause(): void;
  toggle(): void;
  next(): void;
  previous(): void;
  setVolume(volume: number): void;
  setFollowsTimer(on: boolean): void;
  /** Product §4 playlist-loaded event: load, set the current track, play after 300 ms. */
  loadPlaylist(tracks: PlayerTrack[], current: PlayerTrack | null, keepOpen?: boolean): void;
  /** Product §4 storage sync: another tab changed the list or the current track. */
  syncFromOtherTab(tracks: PlayerTrack[] | null, current: PlayerTrack | null | undefined): void;
  pauseForBreak(): void;
  resumeAfterBreak(): void;
  /** Stops timers and engines; the player stays usable (engines are made again on demand). */
  destroy(): void;
}

export function createPlayer(deps: PlayerDeps): Player {
  const store = createStore<PlayerState>(() => ({ ...DEFAULT_PLAYER_STATE, ...deps.initial }));
  const engines = new Map<TrackSource, PlaybackEngine>();
  /** The engine and track last started, so play resumes instead of restarting. */
  let active: { source: TrackSource; trackId: string } | null = null;
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  let skipTimer: ReturnType<typeof setTimeout> | undefined;
  /** The source whose readiness a start is waiting for. */
  let waitingFor: TrackSource | null = null;
  const fade = createBreakFade();
  let pausedByBreak = false;
  const failures = createFailureRun();
  /** The next prepare may fetch a script that failed before: a person asked for sound. */
  let userAsked = false;

  const get = store.getState;
  const set = (patch: Partial<PlayerState>) => store.setState(patch);
  const current = () => currentTrack(get());

  const toast = (message: string, tone: PlayerToast['tone'], autoClose: number) =>
    deps.toast({ message, tone, autoClose });
  /** A toast of one of the player's messages, in the language active now. */
  const toastMessage = (message: MessageDescriptor, tone: PlayerToast['tone'], autoClose: number) =>
    toast(i18n._(message), tone, autoClose);

  const effectiveVolume = () => Math.round(get().volume * fade.level());

  const engineFor = (source: TrackSource): PlaybackEngine => {
    let engine = engines.get(source);
    if (!engine) {
      engine = deps.createEngine(source, engineEvents(source));
      engine.setVolume(effectiveVolume());
      engines.set(source, engine);
    }
    return engine;
  };

  const activeEngine = (): PlaybackEngine | null =>
    active ? (engines.get(active.source) ?? null) : null;

  const clearTimers = () => {
    clearTimeout(startTimer);
    clearTimeout(skipTimer);
    startTimer = undefined;
    skipTimer = undefined;
    waitingFor = null;
  };

  const pauseEngines = (except?: TrackSource) => {
    for (const [source, engine] of engines) {
      if (source !== except) {
        engine.pause();
      }
    }
  };

  /** Start the current track in `delay` ms (product §4). */
  const scheduleStart = (delay: number) => {
    clearTimers();
    startTimer = setTimeout(() => attemptStart(false), delay);
  };

  const attemptStart = (isRetry: boolean) => {
    startTimer = undefined;
    waitingFor = null;
    const track = current();
    if (!track || !get().playing) return;
    const engine = engineFor(track.source);
    if (engine.isReady()) {
      pauseEngines(track.source);
      active = { source: track.source, trackId: track.id };
      engine.setVolume(effectiveVolume());
      engine.start(track);
      return;
    }
    if (!isRetry) {
      // Not ready: get it ready, try again after 2 s, then skip (product §4).
      engine.prepare(track, { retryFailed: userAsked });
      userAsked = false;
      waitingFor = track.source;
      startTimer = setTimeout(() => attemptStart(true), MUSIC_TIMINGS.notReadyRetryMs);
      return;
    }
    // When its script cannot load, no track of this engine can play until it is tried again.
    failures.neverReady(track, get().tracks, engine.unreachable());
    const next = failures.next(get());
    if (!next) {
      stopAfterFailures();
      return;
    }
    toastMessage(MUSIC_MESSAGES.initSkip, 'error', MUSIC_TOAST_MS.error);
    set({ currentId: next.id });
    scheduleStart(MUSIC_TIMINGS.startDelayMs);
  };

  /** Every track failed in a row: stop, and say why once (decision 053). */
  const stopAfterFailures = (message?: MessageDescriptor) => {
    const problem = message ?? failures.problem();
    clearTimers();
    active = null;
    pauseEngines();
    failures.reset();
    set({ playing: false, problem });
    toastMessage(problem, 'error', MUSIC_TOAST_MS.error);
  };

  const isActive = (source: TrackSource) => active?.source === source;

  function engineEvents(source: TrackSource): EngineEvents {
    return {
      onReady() {
        // A start waiting for this engine need not wait out the 2 s.
        if (waitingFor === source) {
          clearTimeout(startTimer);
          attemptStart(true);
        }
      },
      onPlaying() {
        if (!isActive(source)) return;
        failures.reset();
        if (!get().playing) set({ playing: true });
      },
      onPaused() {
        // Paused from inside the video's own controls. Our own pauses set playing first (the
        // engines report asynchronously), so they change nothing here.
        if (isActive(source) && get().playing && !fade.fading()) set({ playing: false });
      },
      onEnded() {
        if (!isActive(source)) return;
        // Product §4: when a video ends, the next track plays.
        const next = nextTrack(get());
        if (!next) return;
        active = null;
        set({ currentId: next.id, playing: true });
        scheduleStart(MUSIC_TIMINGS.startDelayMs);
      },
      onError() {
        if (!isActive(source) && waitingFor !== source) return;
        active = null;
        const failing = current();
        if (get().tracks.length <= 1) {
          // Product §8's own words for the one track that could not play.
          stopAfterFailures(MUSIC_MESSAGES.playError);
          return;
        }
        if (failing) failures.failed(failing);
        const next = failures.next(get());
        if (!next) {
          stopAfterFailures();
          return;
        }
        toastMessage(MUSIC_MESSAGES.playbackSkip, 'error', MUSIC_TOAST_MS.error);
        clearTimers();
        skipTimer = setTimeout(() => {
          skipTimer = undefined;
          set({ currentId: next.id, playing: true });
          attemptStart(false);
        }, MUSIC_TIMINGS.errorSkipMs);
      },
    };
  }

  /** The user took over: no break fade or break pause is pending any more. */
  const userTookOver = () => {
    pausedByBreak = false;
    fade.stop();
    if (fade.level() !== 1) {
      fade.full();
      activeEngine()?.setVolume(effectiveVolume());
    }
  };

  /** A person asked for sound: every track gets a fresh chance, a failed script a new fetch. */
  const freshAttempt = () => {
    failures.reset();
    userAsked = true;
    if (get().problem) set({ problem: null });
  };

  const play = () => {
    const track = current();
    userTookOver();
    freshAttempt();
    if (!track) {
      const first = get().tracks[0];
      if (!first) return;
      set({ currentId: first.id });
    }
    const now = current();
    if (!now) return;
    set({ playing: true });
    toast(MUSIC_TOASTS.playing(now.title), 'info', MUSIC_TOAST_MS.playPause);
    if (active?.trackId === now.id && active.source === now.source && !startTimer) {
      activeEngine()?.play();
    } else {
      scheduleStart(0);
    }
  };

  const pause = () => {
    userTookOver();
    clearTimers();
    clearTimeout(loadTimer);
    set({ playing: false });
    const engine = activeEngine();
    if (engine) {
      engine.pause();
    }
    const track = current();
    if (track) toast(MUSIC_TOASTS.paused(track.title), 'info', MUSIC_TOAST_MS.playPause);
  };

  /** Select `track` as current; while playing it starts 1 s later (product §4). */
  const select = (track: PlayerTrack) => {
    const same = get().currentId === track.id;
    set({ currentId: track.id });
    if (get().playing) {
      if (same && active?.trackId === track.id) active = null;
      scheduleStart(MUSIC_TIMINGS.startDelayMs);
    }
  };

  const step = (direction: 'next' | 'previous') => {
    const target = direction === 'next' ? nextTrack(get()) : previousTrack(get());
    if (!target) return;
    toast(MUSIC_TOASTS[direction](target.title), 'info', MUSIC_TOAST_MS.playPause);
    select(target);
  };

  const stopEverything = () => {
    clearTimers();
    for (const engine of engines.values()) {
      engine.stop();
    }
    active = null;
  };

  /** Break fades set the active engine's volume at each step. */
  const fadeTo = (target: 0 | 1, done?: () => void) =>
    fade.fadeTo(target, () => activeEngine()?.setVolume(effectiveVolume()), done);

  return {
    store,
    openPanel(options) {
      set({ open: true, minimized: options?.minimized ?? get().minimized });
    },
    close: () => set({ open: false }),
    setMinimized: (minimized) => set({ minimized, open: true }),
    setTab: (tab) => set({ tab, minimized: false }),
    add(track) {
      const before = get();
      const after = addTrack(before, track);
      if (after === before) return false;
      set({ tracks: after.tracks, currentId: after.currentId });
      toast(MUSIC_TOASTS.added(track.title), 'success', MUSIC_TOAST_MS.success);
      return true;
    },
    remove(id) {
      const before = get();
      const removed = before.tracks.find((t) => t.id === id);
      if (!removed) return;
      const after = removeTrack(before, id);
      set({ tracks: after.tracks, currentId: after.currentId });
      toast(MUSIC_TOASTS.removed(removed.title), 'info', MUSIC_TOAST_MS.success);
      if (before.currentId !== id) return;
      // The current track went: stop it; the next current one starts 1 s later if playing.
      stopEverything();
      if (after.currentId === null) set({ playing: false });
      else if (get().playing) scheduleStart(MUSIC_TIMINGS.startDelayMs);
    },
    updateTrack(id, change) {
      const tracks = get().tracks;
      if (!tracks.some((t) => t.id === id)) return;
      set({ tracks: tracks.map((t) => (t.id === id ? { ...t, ...change } : t)) });
    },
    playTrack(id) {
      const track = get().tracks.find((t) => t.id === id);
      if (!track) return;
      userTookOver();
      freshAttempt();
      set({ playing: true });
      toast(MUSIC_TOASTS.playing(track.title), 'info', MUSIC_TOAST_MS.playPause);
      select(track);
    },
    play,
    pause,
    toggle: () => (get().playing ? pause() : play()),
    next: () => step('next'),
    previous: () => step('previous'),
    setVolume(volume) {
      const clamped = clampVolume(volume);
      set({ volume: clamped });
      for (const engine of engines.values()) engine.setVolume(effectiveVolume());
    },
    setFollowsTimer: (on) => set({ followsTimer: on }),
    loadPlaylist(tracks, currentArg, keepOpen) {
      clearTimeout(loadTimer);
      stopEverything();
      userTookOver();
      const start = tracks.find((t) => t.id === currentArg?.id) ?? tracks[0] ?? null;
      set({
        tracks,
        currentId: start?.id ?? null,
        playing: false,
        ...(keepOpen ? { open: true, minimized: true } : {}),
      });
      if (!start) return;
      loadTimer = setTimeout(play, MUSIC_TIMINGS.playlistLoadedStartMs);
    },
    syncFromOtherTab(tracks, currentArg) {
      const patch: Partial<PlayerState> = {};
      if (tracks) patch.tracks = tracks;
      if (currentArg !== undefined) patch.currentId = currentArg?.id ?? null;
      const before = get();
      set(patch);
      const after = get();
      if (after.currentId !== null && !after.tracks.some((t) => t.id === after.currentId)) {
        set({ currentId: after.tracks[0]?.id ?? null });
      }
      // This tab was playing a track the other tab moved away from: follow the new current one.
      if (before.playing && get().currentId !== before.currentId) {
        if (get().currentId === null) {
          stopEverything();
          set({ playing: false });
        } else scheduleStart(MUSIC_TIMINGS.startDelayMs);
      }
    },
    pauseForBreak() {
      if (!get().playing) return;
      pausedByBreak = true;
      clearTimeout(loadTimer);
      if (!active) {
        // Nothing sounds yet (a start is pending): cancel it, nothing to fade.
        clearTimers();
        set({ playing: false });
        return;
      }
      fadeTo(0, () => {
        clearTimers();
        const engine = activeEngine();
        if (engine) {
          engine.pause();
        }
        set({ playing: false });
      });
    },
    resumeAfterBreak() {
      if (!pausedByBreak) return;
      pausedByBreak = false;
      if (!active) {
        fade.full();
        set({ playing: true });
        scheduleStart(0);
        return;
      }
      if (!get().playing) {
        set({ playing: true });
        activeEngine()?.play();
      }
      fadeTo(1);
    },
    destroy() {
      clearTimers();
      clearTimeout(loadTimer);
      fade.stop();
      for (const engine of engines.values()) engine.destroy();
      engines.clear();
      active = null;
    },
  };
}
