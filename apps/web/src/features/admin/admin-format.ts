/** Small formatting rules of the admin pages, kept pure so they are tested on their own. */

/**
 * A deletion goes ahead only when the username is typed exactly (usernames keep their case,
 * docs/decisions/002); spaces typed around it are forgiven.
 */
export function typedConfirmationMatches(typed: string, expected: string): boolean {
  return typed.trim() === expected;
}

const numberFormat = new Intl.NumberFormat('en-GB');

/** 12345 -> "12,345". */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** Minutes as "45 min", "3 h 5 min" or, past a hundred hours, whole hours ("1,234 h"). */
export function formatAdminMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours >= 100) return `${formatCount(hours)} h`;
  const rest = whole % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp in the browser's zone: "23 Nov 2026, 16:05"; "—" when absent or unreadable. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A series day (YYYY-MM-DD, a UTC day) as "23 Nov". */
export function formatSeriesDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
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
