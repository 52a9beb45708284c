import { SESSIONS_CSV_FILE_NAME } from '@focusroom/core';
import { api } from '../../lib/api-client';

/**
 * Downloads GET /pomodoro/sessions/export.csv. A link cannot carry the bearer token, so the file
 * comes through the API client (token, 401 handling) and is handed to the browser as a Blob.
 */
export async function exportSessionsCsv(timeZone: string): Promise<void> {
  const body = await api.get<unknown>(
    `/pomodoro/sessions/export.csv?tz=${encodeURIComponent(timeZone)}`,
  );
  if (typeof body !== 'string') throw new Error('The export did not come back as CSV.');
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = SESSIONS_CSV_FILE_NAME;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoke once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
