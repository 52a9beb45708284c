import {
  displaySeconds,
  timeReading,
  type TimeReading,
  type TimerSettings,
  type TimerState,
} from '@focusroom/core';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { formatMinutes } from '../../i18n/intl-base';

/** MM:SS for a count of seconds; minutes grow past 59 (durations go up to 180 minutes). */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** The time left as the user's display shows it (core's timeReading), at `now`. */
export function readingAt(timer: TimerState, now: number, settings: TimerSettings): TimeReading {
  return timeReading(settings.time_display, timer.status, displaySeconds(timer, now, settings));
}

/** A reading as text: "24:57" for the clock, "25 min" for minutes, null for no number. */
export function readingText(locale: string, reading: TimeReading): string | null {
  if (reading.kind === 'clock') return formatClock(reading.seconds);
  if (reading.kind === 'minutes') return formatMinutes(locale, reading.minutes);
  return null;
}

/**
 * The timer's part of the tab title (product §1): `24:57 · Focus` while running, `⏸ 24:57 · Focus`
 * while paused (`Break` for either break), and none while idle or completed (nothing is under
 * way: the page's name shows). A calmer display (issue 35) shows there as on the page: minutes,
 * or only the phase. In the active language: the caller sets it again when that changes.
 */
export function timerTabTitle(
  timer: TimerState,
  now: number,
  settings: TimerSettings,
  locale: string,
): string | null {
  if (timer.status !== 'running' && timer.status !== 'paused') return null;
  const clock = readingText(locale, readingAt(timer, now, settings));
  const focus = timer.type === 'pomodoro';
  const paused = timer.status === 'paused';
  if (clock === null) {
    if (paused) return focus ? t`⏸ Focus` : t`⏸ Break`;
    return focus ? t`Focus` : t`Break`;
  }
  if (paused) return focus ? t`⏸ ${clock} · Focus` : t`⏸ ${clock} · Break`;
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

/**
 * A reading, spoken: the clock's exact time left, "About 24 minutes left" for minutes counting
 * down, "25 minutes" for the length of a phase not yet under way, and nothing when the display
 * shows no number (a person who hid the time hears none either).
 */
export function spokenReading(reading: TimeReading): MessageDescriptor | null {
  if (reading.kind === 'clock') return spokenTimeLeft(reading.seconds);
  if (reading.kind === 'minutes') {
    const minutes = reading.minutes;
    if (reading.length) return msg`${plural(minutes, { one: '# minute', other: '# minutes' })}`;
    return msg`About ${plural(minutes, { one: '# minute', other: '# minutes' })} left`;
  }
  return null;
}

/**
 * What a display of the timer shows at `now`, in `i18n`'s language: the reading's kind, its text
 * for the eye (null: no number) and its words for a screen reader (null: none). The dial, the
 * badge and the mini timer read it in their store selectors; text, so a shallow comparison sees
 * a change once a second at most.
 */
export function shownReading(
  i18n: I18n,
  timer: TimerState,
  now: number,
  settings: TimerSettings,
): { kind: TimeReading['kind']; text: string | null; spoken: string | null } {
  const reading = readingAt(timer, now, settings);
  const spoken = spokenReading(reading);
  return {
    kind: reading.kind,
    text: readingText(i18n.locale, reading),
    spoken: spoken ? i18n._(spoken) : null,
  };
}
