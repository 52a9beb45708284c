/**
 * "Your data is yours": the account export (GET /api/users/me/export, decision 034). Its format
 * name and version, and the file name the server sends and the profile's download gives.
 */
export const ACCOUNT_EXPORT_FORMAT = 'focusroom-export';
/** Raised when a field changes meaning or goes; adding a part keeps the version. */
export const ACCOUNT_EXPORT_VERSION = 1;

/** `focusroom-export-YYYY-MM-DD.json`, the day of `at` in UTC (the exported_at day). */
export function accountExportFileName(at: Date): string {
  return `focusroom-export-${at.toISOString().slice(0, 10)}.json`;
}
