import { SOUNDSCAPES, SOUNDSCAPE_IDS, isSoundscapeId, type SoundscapeId } from './catalogue.js';

/** Volumes are whole numbers 0-100, as the sliders show them. */
export const AMBIENT_VOLUME_MIN = 0;
export const AMBIENT_VOLUME_MAX = 100;
export const AMBIENT_DEFAULT_MASTER_VOLUME = 70;
/** Every change of a level fades over about this long (product §9). */
export const AMBIENT_FADE_MS = 400;
/** After a fade out, how long before the audio is suspended or a voice is taken down. */
export const AMBIENT_SETTLE_MS = AMBIENT_FADE_MS + 200;

export interface SoundSetting {
  on: boolean;
  volume: number;
}

/** What plays: each soundscape on or off with its own volume, under one master volume. */
export interface AmbientMix {
  master: number;
  sounds: Record<SoundscapeId, SoundSetting>;
}

/** Any number to a whole volume 0-100; what is not a number becomes `fallback`. */
export function clampAmbientVolume(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(AMBIENT_VOLUME_MAX, Math.max(AMBIENT_VOLUME_MIN, Math.round(n)));
}

/**
 * The gain for a 0-100 slider volume: squared, as loudness is heard roughly logarithmically
 * (the timer's alarm volume uses the same curve).
 */
export function ambientGain(volume: number): number {
  const v = clampAmbientVolume(volume) / 100;
  return v * v;
}

/** Nothing on, every sound at its default volume. */
export function defaultMix(): AmbientMix {
  const sounds = {} as Record<SoundscapeId, SoundSetting>;
  for (const s of SOUNDSCAPES) sounds[s.id] = { on: false, volume: s.defaultVolume };
  return { master: AMBIENT_DEFAULT_MASTER_VOLUME, sounds };
}

/**
 * A stored or received value as a mix: unknown sounds are dropped, missing ones take their
 * defaults, volumes are clamped. Never throws.
 */
export function normalizeMix(value: unknown): AmbientMix {
  const mix = defaultMix();
  if (!value || typeof value !== 'object') return mix;
  const raw = value as { master?: unknown; sounds?: unknown };
  mix.master = clampAmbientVolume(raw.master, mix.master);
  if (raw.sounds && typeof raw.sounds === 'object') {
    for (const [id, setting] of Object.entries(raw.sounds as Record<string, unknown>)) {
      if (!isSoundscapeId(id) || !setting || typeof setting !== 'object') continue;
      const s = setting as { on?: unknown; volume?: unknown };
      mix.sounds[id] = {
        on: s.on === true,
        volume: clampAmbientVolume(s.volume, mix.sounds[id].volume),
      };
    }
  }
  return mix;
}

export function withSound(
  mix: AmbientMix,
  id: SoundscapeId,
  change: Partial<SoundSetting>,
): AmbientMix {
  const current = mix.sounds[id];
  const next: SoundSetting = {
    on: change.on ?? current.on,
    volume: change.volume === undefined ? current.volume : clampAmbientVolume(change.volume),
  };
  return { ...mix, sounds: { ...mix.sounds, [id]: next } };
}

export function withMaster(mix: AmbientMix, master: number): AmbientMix {
  return { ...mix, master: clampAmbientVolume(master, mix.master) };
}

/** The sounds switched on, in catalogue order. */
export function activeSounds(mix: AmbientMix): SoundscapeId[] {
  return SOUNDSCAPE_IDS.filter((id) => mix.sounds[id].on);
}

/** True when this mix makes no sound at all (nothing on, or every level at zero). */
export function isSilentMix(mix: AmbientMix): boolean {
  if (mix.master === 0) return true;
  return activeSounds(mix).every((id) => mix.sounds[id].volume === 0);
}
