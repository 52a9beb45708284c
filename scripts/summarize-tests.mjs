#!/usr/bin/env node
// Prints one closing line for the whole test command from the runners' JSON reports:
// "<suite>: N passed, N failed" per suite, then the total. Exits 1 if a report is missing or
// records a failure, so a suite that silently ran nothing cannot pass.
import { existsSync, readFileSync } from 'node:fs';

const suites = [
  ['unit', '.test-results/unit.json', 'vitest'],
  ['integration', '.test-results/integration.json', 'vitest'],
  ['e2e', '.test-results/e2e.json', 'playwright'],
];
let passed = 0;
let failed = 0;
let skipped = 0;
let problem = false;
for (const [name, file, kind] of suites) {
  if (!existsSync(file)) {
    console.log(`${name}: no report at ${file}`);
    problem = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts =
    kind === 'vitest'
      ? {
          p: report.numPassedTests,
          f: report.numFailedTests,
          s: report.numPendingTests + report.numTodoTests,
        }
      : {
          p: report.stats.expected + report.stats.flaky,
          f: report.stats.unexpected,
          s: report.stats.skipped,
        };
  console.log(`${name}: ${counts.p} passed, ${counts.f} failed, ${counts.s} skipped`);
  passed += counts.p;
  failed += counts.f;
  skipped += counts.s;
  if (counts.f > 0 || counts.p === 0) problem = true;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(problem ? 1 : 0);
