import { zonedIsoString } from '../../lib/zoned-time.js';
import type { FocusSessionRow } from '../../db/schema.js';

export const CSV_HEADER = 'id,start_time,end_time,duration_minutes,task,completed';

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell per RFC 4180: quoted when asked or when it holds a comma, quote or line break,
 * with quotes doubled; a cell a spreadsheet would run as a formula gets a leading single quote.
 */
export function csvCell(value: string, alwaysQuote = false): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return alwaysQuote || /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CRLF-terminated line of the sessions export, times in `zone` with their offset. */
export function csvLine(row: FocusSessionRow, zone: string): string {
  return (
    [
      csvCell(row.id),
      csvCell(zonedIsoString(Date.parse(row.start_time), zone)),
      csvCell(zonedIsoString(Date.parse(row.end_time), zone)),
      String(row.duration),
      csvCell(row.task, true),
      row.completed === 1 ? 'true' : 'false',
    ].join(',') + '\r\n'
  );
}
