import { accountExportFileName } from '@focusroom/core';
import type { AccountExport } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/**
 * Downloads GET /users/me/export (decision 034). A link cannot carry the bearer token, so the
 * document comes through the API client (token, 401 handling) and is handed to the browser as a
 * Blob, named as the server names it (the UTC day of `exported_at`).
 */
export async function downloadAccountExport(): Promise<void> {
  const data = await api.get<AccountExport>('/users/me/export');
  if (!data || typeof data !== 'object' || typeof data.exported_at !== 'string') {
    throw new Error('The export did not come back as JSON.');
  }
  const exportedAt = new Date(data.exported_at);
  const name = accountExportFileName(Number.isNaN(exportedAt.getTime()) ? new Date() : exportedAt);
  saveFile(new Blob([JSON.stringify(data)], { type: 'application/json;charset=utf-8' }), name);
}
