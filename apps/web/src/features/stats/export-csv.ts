import { SESSIONS_CSV_FILE_NAME } from '@focusroom/core';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/**
 * Downloads GET /pomodoro/sessions/export.csv. A link cannot carry the bearer token, so the file
 * comes through the API client (token, 401 handling) and is handed to the browser as a Blob.
 */
export async function exportSessionsCsv(timeZone: string): Promise<void> {
  const body = await api.get<unknown>(
    `/pomodoro/sessions/export.csv?tz=${encodeURIComponent(timeZone)}`,
  );
  if (typeof body !== 'string') throw new Error('The export did not come back as CSV.');
  saveFile(new Blob([body], { type: 'text/csv;charset=utf-8' }), SESSIONS_CSV_FILE_NAME);
}
