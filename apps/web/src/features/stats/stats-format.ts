import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** How the statistics page writes numbers, durations and dates (English, like the rest of the UI). */

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthYearFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A 'YYYY-MM-DD' local day as a UTC midnight Date, so formatting never shifts the day. */
export function dayDate(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** 'Mon 17 Nov 2026'. */
export function formatDay(isoDate: string): string {
  return dayFormat.format(dayDate(isoDate)).replace(',', '');
}

/** '17 Nov'. */
export function formatShortDay(isoDate: string): string {
  return shortDayFormat.format(dayDate(isoDate));
}

/** 'Nov'. */
export function formatMonth(isoDate: string): string {
  return monthFormat.format(dayDate(isoDate));
}

/** 'November 2026'. */
export function formatMonthYear(isoDate: string): string {
  return monthYearFormat.format(dayDate(isoDate));
}

/** '0 min', '45 min', '2 h', '12 h 5 min'. */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The heatmap tooltip: '3 sessions · 75 min on Mon 17 Nov 2026' (render it with `i18n._`). */
export function dayActivityLabel(day: {
  date: string;
  count: number;
  minutes: number;
}): MessageDescriptor {
  const { count, minutes } = day;
  const date = formatDay(day.date);
  if (count === 0) return msg`No sessions on ${date}`;
  return msg`${plural(count, { one: '# session', other: '# sessions' })} · ${minutes} min on ${date}`;
}

/** '+25%', '−40%', '0%' (a real minus sign). */
export function formatPercentChange(percent: number): string {
  if (percent > 0) return `+${percent}%`;
  if (percent < 0) return `\u2212${Math.abs(percent)}%`;
  return '0%';
}

const sessionDayFormatters = new Map<string, Intl.DateTimeFormat>();
const sessionTimeFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let value = cache.get(timeZone);
  if (!value) {
    value = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    cache.set(timeZone, value);
  }
  return value;
}

/** The date of an instant in the person's zone: 'Mon 17 Nov 2026'. */
export function formatSessionDate(iso: string, timeZone: string): string {
  return formatter(sessionDayFormatters, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
    .format(new Date(iso))
    .replace(',', '');
}

/** The clock time of an instant in the person's zone: '09:30'. */
export function formatSessionTime(iso: string, timeZone: string): string {
  return formatter(sessionTimeFormatters, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
