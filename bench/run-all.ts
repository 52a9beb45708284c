/**
 * Runs every benchmark that runs unattended, one after another (they share two cores, so never
 * in parallel). Needs `npm run build` first. The real-time timer benchmark is separate (see
 * README) because it takes minutes of wall time.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchmarks = [
  'login-latency.ts',
  'stats-latency.ts',
  'api-throughput.ts',
  'themes-latency.ts',
  'bundle-size.ts',
  'lighthouse.ts',
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
