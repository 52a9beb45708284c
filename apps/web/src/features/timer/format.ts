import {
  displaySeconds,
  type TimerSettings,
  type TimerState,
  type TimerType,
} from '@focusroom/core';

/** MM:SS for a count of seconds; minutes grow past 59 (durations go up to 180 minutes). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** The phase word of the tab title (product §1): `MM:SS · Focus` or `MM:SS · Break`. */
export function phaseWord(type: TimerType): 'Focus' | 'Break' {
  return type === 'pomodoro' ? 'Focus' : 'Break';
}

/**
 * The timer's part of the tab title (product §1): `24:57 · Focus` while running, `⏸ 24:57 · Focus`
 * while paused, and none while idle or completed (nothing is under way: the page's name shows).
 */
export function timerTabTitle(
  timer: TimerState,
  now: number,
  settings: TimerSettings,
): string | null {
  if (timer.status !== 'running' && timer.status !== 'paused') return null;
  const text = `${formatClock(displaySeconds(timer, now, settings))} · ${phaseWord(timer.type)}`;
  return timer.status === 'paused' ? `⏸ ${text}` : text;
}

/** A spoken duration: "24 minutes 13 seconds". */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}
