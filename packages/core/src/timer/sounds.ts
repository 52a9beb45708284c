import {
  displaySeconds,
  remainingAt,
  type Millis,
  type TimerState,
  type TimerType,
} from './machine.js';
import type { AlarmSoundId, TimerSettings } from './settings.js';

/**
 * The timer's sounds (product §2, §4): which file plays for what, and when the tick and the
 * one-minute chime are due. Pure: the web app's audio module only plays what these rules say.
 */

/** Every file lives under the app's own /sounds/ (made by scripts/make-sounds.mjs). */
export const SOUNDS_PATH = '/sounds/';

/** The alarms offered in the settings, in the order the dialog lists them. */
export const ALARM_SOUNDS: readonly { id: AlarmSoundId; label: string; file: string }[] = [
  { id: 'chime', label: 'Chime', file: 'complete.wav' },
  { id: 'bell', label: 'Bell', file: 'bell.wav' },
  { id: 'digital', label: 'Digital', file: 'digital.wav' },
  { id: 'wood', label: 'Wood block', file: 'wood.wav' },
  { id: 'harp', label: 'Harp', file: 'harp.wav' },
];

export const TICK_SOUND_URL = `${SOUNDS_PATH}tick.wav`;
export const WARNING_SOUND_URL = `${SOUNDS_PATH}warning.wav`;

/** How long before a phase's end the warning chime rings. */
export const WARNING_LEAD_MS: Millis = 60_000;
/**
 * A warning noticed later than this after its mark (a frozen or throttled tab) stays silent:
 * a "one minute left" chime at 20 seconds left would mislead.
 */
export const WARNING_LATE_LIMIT_MS: Millis = 5_000;

export function alarmSoundUrl(id: AlarmSoundId): string {
  const sound = ALARM_SOUNDS.find((s) => s.id === id) ?? ALARM_SOUNDS[0]!;
  return `${SOUNDS_PATH}${sound.file}`;
}

/** The alarm for the end of a phase: the focus alarm after a pomodoro, else the break alarm. */
export function alarmFor(finishedType: TimerType, settings: TimerSettings): string {
  return alarmSoundUrl(
    finishedType === 'pomodoro' ? settings.focus_end_sound : settings.break_end_sound,
  );
}

/**
 * The gain for a 0-100 volume. Squared, because loudness is heard roughly logarithmically: a
 * linear slider would do almost nothing over its top half.
 */
export function volumeGain(volume: number): number {
  const v = Math.min(100, Math.max(0, Number.isFinite(volume) ? volume : 100)) / 100;
  return v * v;
}

export type SoundCue = 'tick' | 'warning';

export interface CueSnapshot {
  timer: TimerState;
  now: Millis;
}

/**
 * The cues due between two looks at the clock (the store's previous and current snapshot):
 *
 * - `tick` when a pomodoro runs in both and its displayed second changed (ticking is off on
 *   pause, on breaks and on completion);
 * - `warning` once per phase, when the same running phase (same start) crosses one minute left,
 *   it was longer than a minute, and the crossing is at most WARNING_LATE_LIMIT_MS old.
 *
 * Each cue is returned only when its setting is on and the volume is above 0.
 */
export function soundCuesBetween(
  prev: CueSnapshot,
  next: CueSnapshot,
  settings: TimerSettings,
): SoundCue[] {
  const a = prev.timer;
  const b = next.timer;
  if (settings.alarm_volume <= 0) return [];
  if (a.status !== 'running' || b.status !== 'running') return [];
  // A different phase (a reset and start, an adopted state from another tab) is a fresh start.
  if (a.type !== b.type || a.startedAt !== b.startedAt) return [];
  const cues: SoundCue[] = [];
  const remainingBefore = remainingAt(a, prev.now, settings);
  const remainingNow = remainingAt(b, next.now, settings);
  if (
    settings.warning_chime_enabled &&
    b.durationMs > WARNING_LEAD_MS &&
    remainingBefore > WARNING_LEAD_MS &&
    remainingNow <= WARNING_LEAD_MS &&
    remainingNow > 0 &&
    WARNING_LEAD_MS - remainingNow <= WARNING_LATE_LIMIT_MS
  ) {
    cues.push('warning');
  }
  if (
    settings.ticking_enabled &&
    b.type === 'pomodoro' &&
    remainingNow > 0 &&
    displaySeconds(a, prev.now, settings) !== displaySeconds(b, next.now, settings)
  ) {
    cues.push('tick');
  }
  return cues;
}

/** The local calendar day of an instant as `YYYY-MM-DD` (the browser's zone). */
export function localDayKey(at: Millis): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Today's progress towards the daily goal: the fraction is capped at 1, the count is not. */
export function goalProgress(
  done: number,
  goal: number,
): { done: number; goal: number; fraction: number; reached: boolean } {
  const safeGoal = Math.max(1, Math.round(goal));
  const safeDone = Math.max(0, Math.floor(done));
  return {
    done: safeDone,
    goal: safeGoal,
    fraction: Math.min(1, safeDone / safeGoal),
    reached: safeDone >= safeGoal,
  };
}
