/**
 * Runs every benchmark that runs unattended, one after another (they share two cores, so never
 * in parallel). Needs `npm run build` first, and PostgreSQL on 127.0.0.1:5432 for the stats,
 * throughput and admin benchmarks. The real-time timer benchmark is separate (see README)
 * because it waits for a real 7-minute pomodoro.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchmarks = [
  'login-latency.ts',
  'jwt-verify.ts',
  'login-burst.ts',
  'stats-latency.ts',
  'api-throughput.ts',
  'themes-latency.ts',
  'oauth-start.ts',
  'bundle-size.ts',
  'lighthouse.ts',
  'time-to-start.ts',
  'music-search.ts',
  'playlists-list.ts',
  'export.ts',
  'live-fanout.ts',
  'push-alarms.ts',
  'admin-overview.ts',
  'themes-paint.ts',
  'ambient-cpu.ts',
];

let failed = 0;
for (const file of benchmarks) {
  console.log(`\n## ${file}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
