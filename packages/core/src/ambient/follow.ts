import type { TimerType } from '../timer/machine.js';
import { clampAmbientVolume, type AmbientMix } from './mix.js';
import { findSavedMix, mixNameError, type SavedMix } from './saved-mixes.js';

/**
 * Sound that follows the timer (product §4 ambient mixer): optional separate sounds and volumes
 * for focus and for breaks, and music paused when a break starts and resumed with the next
 * focus. Pure rules; the web app applies them with short fades.
 */

export type AmbientPhase = 'focus' | 'break';

/** A pomodoro is focus; short and long breaks are breaks. */
export function phaseOfTimerType(type: TimerType): AmbientPhase {
  return type === 'pomodoro' ? 'focus' : 'break';
}

export interface PhaseSound {
  /** A saved mix's name, or null for "the sounds last heard in this phase". */
  mix: string | null;
  /** The master volume (0-100) in this phase. */
  volume: number;
}

export interface FollowSettings {
  enabled: boolean;
  focus: PhaseSound;
  break: PhaseSound;
}

export const DEFAULT_FOLLOW_SETTINGS: FollowSettings = {
  enabled: false,
  focus: { mix: null, volume: 70 },
  break: { mix: null, volume: 40 },
};

function normalizePhaseSound(value: unknown, fallback: PhaseSound): PhaseSound {
  if (!value || typeof value !== 'object') return { ...fallback };
  const raw = value as { mix?: unknown; volume?: unknown };
  const mix = typeof raw.mix === 'string' && !mixNameError(raw.mix) ? raw.mix.trim() : null;
  return { mix, volume: clampAmbientVolume(raw.volume, fallback.volume) };
}

/** Stored follow settings, read defensively (anything odd falls back to the defaults). */
export function normalizeFollowSettings(value: unknown): FollowSettings {
  const d = DEFAULT_FOLLOW_SETTINGS;
  if (!value || typeof value !== 'object') {
    return { enabled: d.enabled, focus: { ...d.focus }, break: { ...d.break } };
  }
  const raw = value as { enabled?: unknown; focus?: unknown; break?: unknown };
  return {
    enabled: raw.enabled === true,
    focus: normalizePhaseSound(raw.focus, d.focus),
    break: normalizePhaseSound(raw.break, d.break),
  };
}

export function withPhaseSound(
  follow: FollowSettings,
  phase: AmbientPhase,
  change: Partial<PhaseSound>,
): FollowSettings {
  const current = follow[phase];
  return {
    ...follow,
    [phase]: {
      mix: change.mix === undefined ? current.mix : change.mix,
      volume: change.volume === undefined ? current.volume : clampAmbientVolume(change.volume),
    },
  };
}

/** When a deleted saved mix was chosen for a phase, that phase goes back to "last heard". */
export function forgetMixInFollow(follow: FollowSettings, name: string): FollowSettings {
  const clear = (p: PhaseSound): PhaseSound =>
    p.mix !== null && p.mix.trim().toLowerCase() === name.trim().toLowerCase()
      ? { ...p, mix: null }
      : p;
  return { ...follow, focus: clear(follow.focus), break: clear(follow.break) };
}

export type MusicFollowAction = 'pause' | 'resume' | 'none';

export interface PhaseSwitchInput {
  from: AmbientPhase;
  to: AmbientPhase;
  follow: FollowSettings;
  /** The mix playing when the phase changes. */
  current: AmbientMix;
  /** The mix last heard in each phase while following. */
  remembered: Partial<Record<AmbientPhase, AmbientMix>>;
  saved: readonly SavedMix[];
  /** The music player's own "music follows the timer" preference. */
  musicFollowsTimer: boolean;
}

export interface PhaseSwitch {
  /** The mix to fade to, or null to leave the ambient sounds as they are. */
  mix: AmbientMix | null;
  remembered: Partial<Record<AmbientPhase, AmbientMix>>;
  /** Pause music as a break starts, resume it with the next focus (only what the break paused). */
  music: MusicFollowAction;
}

/**
 * What to do when the timer's phase changes. The sounds for the new phase are the saved mix
 * chosen for it, else the sounds last heard in that phase, else the sounds playing now; the
 * master volume is the phase's volume. The mix left behind is remembered for its phase. With
 * following off, or no change of phase, the ambient mix stays as it is.
 */
export function switchPhase(input: PhaseSwitchInput): PhaseSwitch {
  const { from, to, follow, current, remembered } = input;
  if (from === to) return { mix: null, remembered, music: 'none' };
  const music: MusicFollowAction = input.musicFollowsTimer
    ? to === 'break'
      ? 'pause'
      : 'resume'
    : 'none';
  if (!follow.enabled) return { mix: null, remembered, music };

  const target = follow[to];
  const chosen = target.mix === null ? undefined : findSavedMix(input.saved, target.mix);
  const source = chosen?.mix ?? remembered[to] ?? current;
  return {
    mix: { master: target.volume, sounds: { ...source.sounds } },
    remembered: { ...remembered, [from]: current },
    music,
  };
}
