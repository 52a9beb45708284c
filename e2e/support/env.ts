import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/**
 * The server's DATA_DIR for this run (start-server.mjs empties it first). Per port, so two runs
 * with different E2E_PORT values never share data or results.
 */
export const E2E_DATA_DIR = path.join(E2E_DIR, '.artifacts', `data-${E2E_PORT}`);
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
export const SCREENSHOT_DIR = path.join(E2E_DIR, '.artifacts', 'screenshots');
export const RESULTS_DIR = path.join(E2E_DIR, '.artifacts', `test-results-${E2E_PORT}`);
