/**
 * Calendar-day arithmetic on 'YYYY-MM-DD' strings. Local days are computed once (by the database
 * or by localDate below); after that everything is plain date math in UTC, which has no DST.
 */

export type IsoDate = string;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;

function toUtcMs(date: IsoDate): number {
  // Fixed positions of YYYY-MM-DD: cheaper than split, and this runs for every day of a rollup.
  return Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

/** Whole days from 1970-01-01 to `date`: parse once, then compare and subtract numbers. */
export function dayNumber(date: IsoDate): number {
  return Math.round(toUtcMs(date) / DAY_MS);
}

/** The date of a day number (the inverse of dayNumber). */
export function dateOfDayNumber(day: number): IsoDate {
  return fromUtcMs(day * DAY_MS);
}

/** Monday-first index (0 = Monday … 6 = Sunday) of a day number; day 0 was a Thursday. */
export function weekdayIndexOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

/** Monday-first weekday name of a date. */
export function weekdayOf(date: IsoDate): Weekday {
  return WEEKDAYS[weekdayIndexOf(dayNumber(date))]!;
}

/**
 * The Monday that starts the week of `date` (product §3: weeks start on Monday). The statistics
 * the API computes (completionTrend's "this week", summary.ts) stay Monday-based whatever the
 * reader's locale: one answer is shared by every client. Only how the web lays a week out on the
 * screen follows the locale (startOfWeek).
 */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndexOf(dayNumber(date)));
}

/** Monday-first index (0 = Monday … 6 = Sunday) of a date, as WEEKDAYS orders them. */
export function weekdayIndexOfDate(date: IsoDate): number {
  return weekdayIndexOf(dayNumber(date));
}

/**
 * Where `date` falls in a week that starts on `firstDay` (a Monday-first index, 0 = Monday …
 * 6 = Sunday): 0 for the first day of that week … 6 for its last.
 */
export function dayOfWeekFrom(date: IsoDate, firstDay: number): number {
  return (((weekdayIndexOfDate(date) - firstDay) % 7) + 7) % 7;
}

/**
 * The day that starts the week of `date` when weeks start on `firstDay` (0 = Monday … 6 =
 * Sunday, the Monday-first index of WEEKDAYS): how a calendar is laid out for a locale whose week
 * starts on Sunday or Saturday. startOfWeek(date, 0) is mondayOf(date).
 */
export function startOfWeek(date: IsoDate, firstDay: number): IsoDate {
  return addDays(date, -dayOfWeekFrom(date, firstDay));
}

/** The seven Monday-first weekday indices in the order of a week that starts on `firstDay`. */
export function weekdayOrder(firstDay: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (((firstDay + i) % 7) + 7) % 7);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date of an instant in an IANA zone. */
export function localDate(instantMs: number, timeZone: string): IsoDate {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instantMs);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
