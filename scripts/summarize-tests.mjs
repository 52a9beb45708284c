#!/usr/bin/env node
// The test command's closing lines, from the runners' JSON reports and the step log:
// - "<suite>: N passed, N failed, N skipped" per suite, then the total; exits 1 if a report is
//   missing or records a failure, so a suite that silently ran nothing cannot pass;
// - how long each step of the command took, and the slowest files of each suite, so a run that
//   grows is seen the day it grows, and where;
// - the whole run against its budget (TEST_BUDGET_MINUTES, 25 on a quiet 2-core machine like
//   CI's), with a warning when it goes past (the run still passes: CI's own limit is 30).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BUDGET_MINUTES = Number(process.env.TEST_BUDGET_MINUTES ?? 25);
const SLOWEST = 6;
const suites = [
  ['unit', '.test-results/unit.json', 'vitest'],
  ['integration', '.test-results/integration.json', 'vitest'],
  ['e2e', '.test-results/e2e.json', 'playwright'],
];

/** Seconds each test file took, from a Vitest JSON report. */
function vitestFiles(report) {
  return (report.testResults ?? []).map((file) => ({
    file: path.relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** Seconds each spec file took (its tests' attempts added up), from a Playwright JSON report. */
function playwrightFiles(report) {
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        for (const result of run.results ?? []) {
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile].map(([file, seconds]) => ({ file: `e2e/tests/${file}`, seconds }));
}

let passed = 0;
let failed = 0;
let skipped = 0;
let problem = false;
const slowest = [];
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
  const files = kind === 'vitest' ? vitestFiles(report) : playwrightFiles(report);
  files.sort((a, b) => b.seconds - a.seconds);
  slowest.push([name, files.slice(0, SLOWEST)]);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);

const stepsFile = '.test-results/steps.tsv';
if (existsSync(stepsFile)) {
  const steps = readFileSync(stepsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [at, ...name] = line.split('\t');
      return { at: Number(at), name: name.join('\t') };
    });
  console.log('\nTime per step:');
  for (const [index, { at, name }] of steps.entries()) {
    const next = steps[index + 1]?.at;
    if (next !== undefined) console.log(`  ${String(next - at).padStart(5)} s  ${name}`);
  }
}
for (const [name, files] of slowest) {
  const how = name === 'e2e' ? 'seconds of its tests, retries included' : 'seconds';
  console.log(`\nSlowest ${name} files (${how}):`);
  for (const { file, seconds } of files)
    console.log(`  ${seconds.toFixed(1).padStart(7)}  ${file}`);
}

if (process.env.TEST_STARTED_AT) {
  const minutes = (Date.now() / 1000 - Number(process.env.TEST_STARTED_AT)) / 60;
  const verdict =
    minutes > BUDGET_MINUTES
      ? `over the budget of ${BUDGET_MINUTES} min: find what grew in the timings above`
      : `within the budget of ${BUDGET_MINUTES} min`;
  console.log(`\nThe whole run took ${minutes.toFixed(1)} min, ${verdict}.`);
  if (minutes > BUDGET_MINUTES) console.log('::warning::the test run is over its time budget');
}
process.exit(problem ? 1 : 0);
