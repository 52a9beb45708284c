import {
  currentLocale,
  regionalLocale,
  formatDuration,
  formatFinishAt as formatFinishAtIn,
} from '../../i18n/format';

/**
 * The "finish at" clock time of the remaining estimate (product §4 "To-do estimates") in the
 * page's locale and its clock: "15:30" or "3:30 PM"; with the weekday when it falls on another
 * day, so "Tue 09:10" is never read as this morning (i18n's formatFinishAt).
 */
export function formatFinishAt(
  at: number,
  now: number,
  locale = regionalLocale(currentLocale()),
  timeZone?: string,
): string {
  return formatFinishAtIn(locale, at, now, timeZone);
}

/** How long until then, rounded up to whole minutes: "25 min", "2 h", "1 h 35 min". */
export function formatSpan(ms: number, locale = currentLocale()): string {
  return formatDuration(locale, ms, { unit: 'millisecond' });
}
