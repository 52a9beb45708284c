import { displaySeconds, type TimerSettings, type TimerState } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

/** MM:SS for a count of seconds; minutes grow past 59 (durations go up to 180 minutes). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/**
 * The timer's part of the tab title (product §1): `24:57 · Focus` while running, `⏸ 24:57 · Focus`
 * while paused (`Break` for either break), and none while idle or completed (nothing is under
 * way: the page's name shows). In the active language: the caller sets it again when that
 * changes.
 */
export function timerTabTitle(
  timer: TimerState,
  now: number,
  settings: TimerSettings,
): string | null {
  if (timer.status !== 'running' && timer.status !== 'paused') return null;
  const clock = formatClock(displaySeconds(timer, now, settings));
  const focus = timer.type === 'pomodoro';
  if (timer.status === 'paused') return focus ? t`⏸ ${clock} · Focus` : t`⏸ ${clock} · Break`;
  return focus ? t`${clock} · Focus` : t`${clock} · Break`;
}

/** The time left, spoken: "24 minutes 13 seconds left", "25 minutes left", "0 seconds left". */
export function spokenTimeLeft(totalSeconds: number): MessageDescriptor {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  if (minutes === 0) {
    return msg`${plural(seconds, { one: '# second', other: '# seconds' })} left`;
  }
  if (seconds === 0) {
    return msg`${plural(minutes, { one: '# minute', other: '# minutes' })} left`;
  }
  return msg`${plural(minutes, { one: '# minute', other: '# minutes' })} ${plural(seconds, { one: '# second', other: '# seconds' })} left`;
}
