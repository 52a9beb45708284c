import type Database from 'better-sqlite3';
import { localDay } from '../lib/zoned-time.js';

/**
 * SQL functions SQLite lacks, registered on every connection. SQLite has no time zones, so
 * `local_day(iso, zone)` gives the local calendar day (YYYY-MM-DD) of an ISO instant in an IANA
 * zone with the runtime's Intl data: the same days core's localDate computes. Callers validate the
 * zone first; a NULL or unreadable argument gives NULL.
 */
export function registerSqliteFunctions(sqlite: Database.Database): void {
  sqlite.function('local_day', { deterministic: true }, (iso: unknown, zone: unknown) => {
    if (typeof iso !== 'string' || typeof zone !== 'string') return null;
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? localDay(ms, zone) : null;
  });
}
