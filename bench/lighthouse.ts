/**
 * Lighthouse performance (mobile preset, its default: simulated slow 4G and a 4x slower CPU) of
 * every public page (decision 039) on the built product served by the real server, in Debian's
 * Chromium. Each page is audited RUNS times, each in a fresh headless Chromium, and the median
 * run is reported with its metrics and what cost it points: the weighted metrics below their
 * full score and the opportunities with time to save.
 * Bars: >= 95 with LCP <= 1.5 s and TBT <= 100 ms for / and /login, >= 90 for the others.
 *
 * The simulated profile scales the CPU time this machine takes, so the figures move with the
 * machine: each row gives Lighthouse's own CPU benchmark of the host (`benchmarkIndex`, higher
 * is faster; the median of the page's runs). BASELINE_WEB_DIST_DIR names another build of the
 * web app (e.g. the last commit's, built in a git worktree): it is served by a second server and
 * audited in turns with this one, run for run, so both meet the same machine, and its table
 * follows. Only this build's rows decide the exit code.
 *
 *   npm run build
 *   npx tsx bench/lighthouse.ts        (RUNS=5 PAGES=/,/login CHROMIUM_PATH=/usr/bin/chromium
 *                                       WEB_DIST_DIR=... BASELINE_WEB_DIST_DIR=... CPU_SLOWDOWN=4
 *                                       LHR_DIR=<folder for each run's full report>)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.RUNS ?? 5);
/** When set, every run's full Lighthouse report (JSON) is written there, to see what cost time. */
const LHR_DIR = process.env.LHR_DIR;
const MOBILE_THROTTLING = throttling.mobileSlow4G;
const PRESET_CPU_SLOWDOWN = MOBILE_THROTTLING.cpuSlowdownMultiplier;
/**
 * The simulated CPU slowdown: Lighthouse's mobile preset uses 4. A faster host can stand in for a
 * slower one by raising it in proportion to the CPU index (4 x 3,800 / 1,900 = 8 makes a host of
 * index 3,800 measure like one of 1,900); the bars are for the preset's 4.
 */
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? PRESET_CPU_SLOWDOWN);

interface Bar {
  score: number;
  lcpMs?: number;
  tbtMs?: number;
}
const FIRST_SCREENS: Bar = { score: 95, lcpMs: 1500, tbtMs: 100 };
const OTHER_PAGES: Bar = { score: 90 };
const BARS: Record<string, Bar> = {
  '/': FIRST_SCREENS,
  '/login': FIRST_SCREENS,
  '/register': OTHER_PAGES,
  '/forgot-password': OTHER_PAGES,
  '/about': OTHER_PAGES,
  '/privacy': OTHER_PAGES,
  '/terms': OTHER_PAGES,
  '/resend-verification': OTHER_PAGES,
};
const PAGES = process.env.PAGES ? process.env.PAGES.split(',') : Object.keys(BARS);

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's CPU benchmark of the host during the run (higher is faster). */
  cpuIndex: number;
  /** What cost points: "metric id -N" for weighted metrics, "audit id ~N ms" for opportunities. */
  losses: string[];
}

async function audit(url: string): Promise<Audit> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (LHR_DIR) {
      mkdirSync(LHR_DIR, { recursive: true });
      const name = `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(join(LHR_DIR, name), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const refs = categories.performance?.auditRefs ?? [];
    const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0);
    const losses: string[] = [];
    for (const ref of refs) {
      const score = audits[ref.id]?.score;
      if (ref.weight === 0 || score === null || score === undefined || score >= 1) continue;
      const lost = (ref.weight * (1 - score) * 100) / totalWeight;
      if (lost >= 0.5) losses.push(`${ref.id} -${lost.toFixed(1)}`);
    }
    for (const found of Object.values(audits)) {
      const details = found.details as { type?: string; overallSavingsMs?: number } | undefined;
      if (details?.type === 'opportunity' && (details.overallSavingsMs ?? 0) >= 50) {
        losses.push(`${found.id} ~${Math.round(details.overallSavingsMs ?? 0)} ms`);
      }
    }
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      cpuIndex: result.lhr.environment.benchmarkIndex,
      losses,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP in a cold Chromium) and
 * says to run it again: a run that fails that way is run again, up to twice.
 */
async function auditWithRetry(url: string): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`${String(error)}: running it again\n`);
    }
  }
}

function meets(bar: Bar, run: Audit): boolean {
  return (
    run.score >= bar.score &&
    (bar.lcpMs === undefined || run.lcp <= bar.lcpMs) &&
    (bar.tbtMs === undefined || run.tbt <= bar.tbtMs)
  );
}

function barText(bar: Bar): string {
  const parts = [`>= ${bar.score}`];
  if (bar.lcpMs !== undefined) parts.push(`LCP <= ${bar.lcpMs}`);
  if (bar.tbtMs !== undefined) parts.push(`TBT <= ${bar.tbtMs}`);
  return parts.join(', ');
}

interface Target {
  label: string;
  url: string;
  rows: string[];
  losses: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Adds the page's row and losses to `target`; whether its median run meets the bar. */
function report(target: Target, page: string, bar: Bar, runs: Audit[]): boolean {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const met = meets(bar, mid);
  const cpu = Math.round(median(runs.map((run) => run.cpuIndex)));
  target.rows.push(
    `| ${page} | ${mid.score} (${sorted.map((r) => r.score).join(', ')}) | ${barText(bar)}: ${met ? 'met' : 'NOT met'} | ${Math.round(mid.fcp)} | ${Math.round(mid.lcp)} | ${Math.round(mid.tbt)} | ${mid.cls.toFixed(3)} | ${cpu} |`,
  );
  target.losses.push(`- ${page}: ${mid.losses.length > 0 ? mid.losses.join('; ') : 'nothing'}`);
  return met;
}

function print(target: Target, heading: string): void {
  console.log(heading);
  console.log('');
  console.log(
    '| page | performance (all runs) | bar | FCP ms | LCP ms | TBT ms | CLS | CPU index |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---:|');
  for (const row of target.rows) console.log(row);
  console.log('');
  console.log(
    'What cost points in the median run (metric: points lost; opportunity: time to save):',
  );
  for (const line of target.losses) console.log(line);
}

async function main() {
  const server = await startServer();
  const baselineDist = process.env.BASELINE_WEB_DIST_DIR;
  const baselineServer = baselineDist
    ? await startServer({ WEB_DIST_DIR: baselineDist })
    : undefined;
  const targets: Target[] = [{ label: 'this build', url: server.url, rows: [], losses: [] }];
  if (baselineServer) {
    targets.push({ label: 'baseline', url: baselineServer.url, rows: [], losses: [] });
  }
  let failed = 0;
  try {
    for (const page of PAGES) {
      const bar = BARS[page] ?? OTHER_PAGES;
      const runs: Audit[][] = targets.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        for (const [index, target] of targets.entries()) {
          process.stderr.write(`${page}: ${target.label}, run ${i + 1}/${RUNS}\n`);
          runs[index]!.push(await auditWithRetry(`${target.url}${page}`));
        }
      }
      for (const [index, target] of targets.entries()) {
        const met = report(target, page, bar, runs[index]!);
        if (index === 0 && !met) failed++;
      }
    }
  } finally {
    await server.stop();
    await baselineServer?.stop();
  }
  const how = `Lighthouse ${RUNS} runs per page, mobile preset (simulated throttling${CPU_SLOWDOWN === PRESET_CPU_SLOWDOWN ? '' : `, CPU slowdown ${CPU_SLOWDOWN}x instead of ${PRESET_CPU_SLOWDOWN}x`}), Chromium at ${CHROMIUM_PATH}; the median run`;
  print(targets[0]!, `${how}${baselineServer ? ' (this build):' : ':'}`);
  if (targets[1]) {
    console.log('');
    print(targets[1], `Baseline ${baselineDist}, audited in turns with this build:`);
  }
  if (failed > 0) process.exit(1);
}

await main();
