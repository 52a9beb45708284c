/**
 * How the statistics page writes numbers, durations and dates, in the page's locale (the i18n
 * formats; `en` is British-styled: "Mon 17 Nov 2026", "12 h 5 min"). Each takes the locale last
 * and defaults to the page's own. The sentences around them are English until the catalogs come.
 */
import {
  currentLocale,
  formatCalendarDay,
  formatDate,
  formatDuration,
  formatNumber,
  formatPercent,
  formatTime,
} from '../../i18n/format';

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

/** '1 session', '3 sessions'. */
export function plural(
  count: number,
  one: string,
  many = `${one}s`,
  locale = currentLocale(),
): string {
  return `${formatNumber(locale, count)} ${count === 1 ? one : many}`;
}

/** The heatmap tooltip: '3 sessions · 75 min on Mon 17 Nov 2026'. */
export function dayActivityLabel(
  day: { date: string; count: number; minutes: number },
  locale = currentLocale(),
): string {
  const date = formatDay(day.date, locale);
  if (day.count === 0) return `No sessions on ${date}`;
  const minutes = formatDuration(locale, day.minutes, { largestUnit: 'minute' });
  return `${plural(day.count, 'session', undefined, locale)} · ${minutes} on ${date}`;
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
