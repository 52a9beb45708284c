import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.js';

/**
 * Builds the web app into a temporary directory (never apps/web/dist, which someone else's
 * server may be serving), for benchmarks that measure the current source.
 */
export function buildWebToTemp(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'focusroom-web-'));
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The web build failed');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
