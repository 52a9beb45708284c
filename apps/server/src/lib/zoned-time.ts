import { localDate } from '@focusroom/core';

/**
 * Wall-clock arithmetic in IANA zones, fast enough to run once per row of a 100,000-session
 * aggregate. Intl is the truth (core's localDate is built on it); this caches, per zone and UTC
 * day, the zone's offset when it holds for the whole UTC day, which is every day but the one or
 * two a year when the clocks change. Those days ask Intl for each instant.
 */

const DAY_MS = 86_400_000;
/** UTC days 1970-01-01 .. 2099-12-31 are cached; others always ask Intl. */
const CACHED_DAYS = Math.round(Date.UTC(2100, 0, 1) / DAY_MS);
const UNKNOWN = -0x80000000;
const CHANGES = -0x7fffffff;
/** Zones whose day tables are kept (the oldest dropped first), ~190 KB each. */
const MAX_CACHED_ZONES = 16;

const dayTables = new Map<string, Int32Array>();
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in seconds (Intl's answer, no cache). */
export function exactOffsetSeconds(instantMs: number, zone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const fields: Record<string, number> = {};
  for (const part of wallClockFormatter(zone).formatToParts(whole)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((wall - whole) / 1000);
}

function newDayTable(zone: string): Int32Array {
  if (dayTables.size >= MAX_CACHED_ZONES) {
    const oldest = dayTables.keys().next().value;
    if (oldest !== undefined) dayTables.delete(oldest);
  }
  const table = new Int32Array(CACHED_DAYS).fill(UNKNOWN);
  dayTables.set(zone, table);
  return table;
}

/** The zone's offset from UTC at an instant, in seconds. */
export function offsetSeconds(instantMs: number, zone: string): number {
  const day = Math.floor(instantMs / DAY_MS);
  if (day < 0 || day >= CACHED_DAYS) return exactOffsetSeconds(instantMs, zone);
  const table = dayTables.get(zone) ?? newDayTable(zone);
  let cached = table[day]!;
  if (cached === UNKNOWN) {
    const atStart = exactOffsetSeconds(day * DAY_MS, zone);
    const atEnd = exactOffsetSeconds((day + 1) * DAY_MS - 1000, zone);
    cached = atStart === atEnd ? atStart : CHANGES;
    table[day] = cached;
  }
  return cached === CHANGES ? exactOffsetSeconds(instantMs, zone) : cached;
}

/** 'YYYY-MM-DD' of each UTC day number, made once: local_day runs per row of an aggregate. */
const dayNames: string[] = [];

function dayName(day: number): string {
  return (dayNames[day] ??= new Date(day * DAY_MS).toISOString().slice(0, 10));
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone; the same answer as core's localDate. */
export function localDay(instantMs: number, zone: string): string {
  if (!Number.isFinite(instantMs)) throw new RangeError('Invalid instant');
  const day = Math.floor(instantMs / DAY_MS);
  if (day < 0 || day >= CACHED_DAYS) return localDate(instantMs, zone);
  const local = Math.floor((instantMs + offsetSeconds(instantMs, zone) * 1000) / DAY_MS);
  return local >= 0 && local < CACHED_DAYS ? dayName(local) : localDate(instantMs, zone);
}

/** `2026-11-22T09:00:00-08:00`: the wall-clock time in the zone with its offset, to the second. */
export function zonedIsoString(instantMs: number, zone: string): string {
  const offset = offsetSeconds(instantMs, zone);
  const wall = new Date(Math.floor(instantMs / 1000) * 1000 + offset * 1000)
    .toISOString()
    .slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.floor(Math.abs(offset) / 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${wall}${sign}${hh}:${mm}`;
}
