import {
  AMBIENT_STORAGE_KEYS,
  deleteMix,
  findSavedMix,
  forgetMixInFollow,
  normalizeFollowSettings,
  normalizeMix,
  normalizeSavedMixes,
  saveMix,
  switchPhase,
  withMaster,
  withPhaseSound,
  withSound,
  type AmbientMix,
  type AmbientPhase,
  type FollowSettings,
  type MusicFollowAction,
  type PhaseSound,
  type SavedMix,
  type SaveMixResult,
  type SoundSetting,
  type SoundscapeId,
} from '@focusroom/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readItem, writeItem } from '../../lib/storage';

/**
 * The ambient mixer's state (product §4 ambient mixer): what is set in the mixer, the saved
 * mixes, the sound-follows-the-timer choices, and whether sound is on. No audio here: the
 * engine (audio/ambient-engine.ts, loaded with the mixer's panel) follows this store, so the
 * timer's phase can change the mix without loading any audio code. Everything but "playing" is
 * kept in this browser, for visitors too; sound never starts by itself after a reload (browsers
 * need a click first).
 */
export interface AmbientState {
  /** Sound on: the engine plays the mix. Off after every load. */
  playing: boolean;
  mix: AmbientMix;
  saved: SavedMix[];
  follow: FollowSettings;
  /** The timer's phase as the mixer last saw it. */
  phase: AmbientPhase;
  /** The mix last heard in each phase while following the timer. */
  remembered: Partial<Record<AmbientPhase, AmbientMix>>;
}

function readJson(key: string): unknown {
  const raw = readItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function initialState(): AmbientState {
  return {
    playing: false,
    mix: normalizeMix(readJson(AMBIENT_STORAGE_KEYS.mix)),
    saved: normalizeSavedMixes(readJson(AMBIENT_STORAGE_KEYS.savedMixes)),
    follow: normalizeFollowSettings(readJson(AMBIENT_STORAGE_KEYS.follow)),
    phase: 'focus',
    remembered: {},
  };
}

let store: StoreApi<AmbientState> | null = null;

/** The one ambient store, created (and read from storage) on first use. */
export function ambientStore(): StoreApi<AmbientState> {
  if (!store) {
    store = createStore<AmbientState>(initialState);
    store.subscribe((state, previous) => {
      if (state.mix !== previous.mix)
        writeItem(AMBIENT_STORAGE_KEYS.mix, JSON.stringify(state.mix));
      if (state.saved !== previous.saved) {
        writeItem(AMBIENT_STORAGE_KEYS.savedMixes, JSON.stringify(state.saved));
      }
      if (state.follow !== previous.follow) {
        writeItem(AMBIENT_STORAGE_KEYS.follow, JSON.stringify(state.follow));
      }
    });
  }
  return store;
}

/** Tests start from what is in storage now. */
export function resetAmbientStoreForTests(): void {
  store = null;
}

function update(change: (state: AmbientState) => Partial<AmbientState>): void {
  const s = ambientStore();
  s.setState(change(s.getState()));
}

export function setAmbientPlaying(playing: boolean): void {
  update(() => ({ playing }));
}

export function setAmbientSound(id: SoundscapeId, change: Partial<SoundSetting>): void {
  update((s) => ({ mix: withSound(s.mix, id, change) }));
}

/** The master volume; while following the timer it is also this phase's volume. */
export function setAmbientMaster(volume: number): void {
  update((s) => {
    const mix = withMaster(s.mix, volume);
    return s.follow.enabled
      ? { mix, follow: withPhaseSound(s.follow, s.phase, { volume: mix.master }) }
      : { mix };
  });
}

export function saveAmbientMix(name: string): SaveMixResult {
  const s = ambientStore().getState();
  const result = saveMix(s.saved, name, s.mix);
  if (result.ok) update(() => ({ saved: result.mixes }));
  return result;
}

/** Loads a saved mix's sounds and volumes; false when no mix has that name. */
export function loadAmbientMix(name: string): boolean {
  const found = findSavedMix(ambientStore().getState().saved, name);
  if (!found) return false;
  update(() => ({ mix: normalizeMix(found.mix) }));
  return true;
}

export function deleteAmbientMix(name: string): void {
  update((s) => ({ saved: deleteMix(s.saved, name), follow: forgetMixInFollow(s.follow, name) }));
}

export function setFollowEnabled(enabled: boolean): void {
  update((s) => ({ follow: { ...s.follow, enabled }, remembered: {} }));
}

export function setFollowPhaseSound(phase: AmbientPhase, change: Partial<PhaseSound>): void {
  update((s) => {
    const follow = withPhaseSound(s.follow, phase, change);
    // The phase now running hears its new volume at once.
    const mix =
      s.follow.enabled && phase === s.phase && change.volume !== undefined
        ? withMaster(s.mix, follow[phase].volume)
        : s.mix;
    return { follow, mix };
  });
}

/** The timer's phase when the app starts: remembered, nothing switched. */
export function setAmbientPhaseQuietly(phase: AmbientPhase): void {
  update(() => ({ phase }));
}

/**
 * The timer's phase changed: switches to the phase's sounds and volume when following is on
 * (the engine fades to them), and says what the music should do.
 */
export function followTimerPhase(
  phase: AmbientPhase,
  musicFollowsTimer: boolean,
): MusicFollowAction {
  const s = ambientStore().getState();
  const result = switchPhase({
    from: s.phase,
    to: phase,
    follow: s.follow,
    current: s.mix,
    remembered: s.remembered,
    saved: s.saved,
    musicFollowsTimer,
  });
  update(() => ({
    phase,
    remembered: result.remembered,
    ...(result.mix ? { mix: result.mix } : {}),
  }));
  return result.music;
}
