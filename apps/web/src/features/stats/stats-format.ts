/**
 * How the statistics page writes numbers, durations and dates, in the page's locale (the i18n
 * formats; `en` is British-styled: "Mon 17 Nov 2026", "12 h 5 min"). Each takes the locale last
 * and defaults to the page's own; the sentences around them are messages.
 */
import {
  currentLocale,
  formatCalendarDay,
  formatDate,
  formatDuration,
  formatPercent,
  formatTime,
} from '../../i18n/format';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** 'Mon 17 Nov 2026'. */
export function formatDay(isoDate: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, isoDate, 'weekdayDate');
}

/** '17 Nov'. */
export function formatShortDay(isoDate: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, isoDate, 'dayMonth');
}

/** 'Mon 17', a day under a week's bar. */
export function formatWeekdayDay(isoDate: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, isoDate, 'weekdayDay');
}

/** 'Nov'. */
export function formatMonth(isoDate: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, isoDate, { month: 'short' });
}

/** 'November 2026'. */
export function formatMonthYear(isoDate: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, isoDate, 'monthYear');
}

/** '0 min', '45 min', '2 h', '12 h 5 min' (rounded to the minute). */
export function formatMinutes(minutes: number, locale = currentLocale()): string {
  return formatDuration(locale, minutes);
}

/** The heatmap tooltip: '3 sessions · 75 min on Mon 17 Nov 2026' (render it with `i18n._`). */
export function dayActivityLabel(
  day: { date: string; count: number; minutes: number },
  locale = currentLocale(),
): MessageDescriptor {
  const { count } = day;
  const date = formatDay(day.date, locale);
  if (count === 0) return msg`No sessions on ${date}`;
  const duration = formatDuration(locale, day.minutes, { largestUnit: 'minute' });
  return msg`${plural(count, { one: '# session', other: '# sessions' })} · ${duration} on ${date}`;
}

/** '+25%', '−40%', '0%' (in English a real minus sign). */
export function formatPercentChange(percent: number, locale = currentLocale()): string {
  return formatPercent(locale, percent / 100, { signDisplay: 'exceptZero' });
}

/** The date of an instant in the person's zone: 'Mon 17 Nov 2026'. */
export function formatSessionDate(iso: string, timeZone: string, locale = currentLocale()): string {
  return formatDate(locale, Date.parse(iso), 'weekdayDate', timeZone);
}

/** The clock time of an instant in the person's zone, in the locale's clock: '09:30'. */
export function formatSessionTime(iso: string, timeZone: string, locale = currentLocale()): string {
  return formatTime(locale, Date.parse(iso), timeZone);
}
