/** Small formatting rules of the admin pages, kept pure so they are tested on their own. */
import {
  currentLocale,
  formatCalendarDay,
  formatDate,
  formatDuration,
  formatNumber,
} from '../../i18n/format';

/**
 * A deletion goes ahead only when the username is typed exactly (usernames keep their case,
 * docs/decisions/002); spaces typed around it are forgiven.
 */
export function typedConfirmationMatches(typed: string, expected: string): boolean {
  return typed.trim() === expected;
}

/** 12345 -> "12,345" (in the page's locale). */
export function formatCount(value: number, locale = currentLocale()): string {
  return formatNumber(locale, value);
}

/** Minutes as "45 min", "3 h 5 min" or, past a hundred hours, whole hours ("1,234 h"). */
export function formatAdminMinutes(minutes: number, locale = currentLocale()): string {
  return formatDuration(locale, minutes, { hoursOnlyFrom: 100 });
}

/** An ISO timestamp in the browser's zone: "23 Nov 2026, 16:05"; "—" when absent or unreadable. */
export function formatWhen(iso: string | null | undefined, locale = currentLocale()): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : formatDate(locale, ms, 'dateTime');
}

/** A series day (YYYY-MM-DD, a UTC day) as "23 Nov". */
export function formatSeriesDay(date: string, locale = currentLocale()): string {
  return formatCalendarDay(locale, date, 'dayMonth');
}

/**
 * A count axis for a small chart: two or three round steps (1, 2 or 5 times a power of ten), at
 * least 0-4 high. Recharts' own ticks on small counts came out uneven (0, 1, 2, 4).
 */
export function countAxis(max: number): { domain: [number, number]; ticks: number[] } {
  const top = Math.max(4, Math.ceil(max));
  const rough = top / 2;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const end = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= end; t += step) ticks.push(t);
  return { domain: [0, end], ticks };
}
