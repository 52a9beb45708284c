/**
 * Lighthouse performance (mobile preset, its default: simulated slow 4G and a 4x slower CPU) of
 * every public page (issue 14) on the built product served by the real server, in Debian's
 * Chromium. Each page is audited RUNS times, each in a fresh headless Chromium, and the median
 * run is reported with its metrics and what cost it points: the weighted metrics below their
 * full score and the opportunities with time to save.
 * Bars: >= 95 with LCP <= 1.5 s and TBT <= 100 ms for / and /login, >= 90 for the others.
 *
 *   npm run build
 *   npx tsx bench/lighthouse.ts        (RUNS=5 PAGES=/,/login CHROMIUM_PATH=/usr/bin/chromium)
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.RUNS ?? 5);

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
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
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

async function main() {
  const server = await startServer();
  let failed = 0;
  const rows: string[] = [];
  const losses: string[] = [];
  try {
    for (const page of PAGES) {
      const bar = BARS[page] ?? OTHER_PAGES;
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        process.stderr.write(`${page}: run ${i + 1}/${RUNS}\n`);
        runs.push(await auditWithRetry(`${server.url}${page}`));
      }
      runs.sort((a, b) => a.score - b.score);
      const mid = runs[Math.floor(runs.length / 2)]!;
      const met = meets(bar, mid);
      if (!met) failed++;
      rows.push(
        `| ${page} | ${mid.score} (${runs.map((r) => r.score).join(', ')}) | ${barText(bar)}: ${met ? 'met' : 'NOT met'} | ${Math.round(mid.fcp)} | ${Math.round(mid.lcp)} | ${Math.round(mid.tbt)} | ${mid.cls.toFixed(3)} |`,
      );
      losses.push(`- ${page}: ${mid.losses.length > 0 ? mid.losses.join('; ') : 'nothing'}`);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `Lighthouse ${RUNS} runs per page, mobile preset (simulated throttling), Chromium at ${CHROMIUM_PATH}; the median run:`,
  );
  console.log('');
  console.log('| page | performance (all runs) | bar | FCP ms | LCP ms | TBT ms | CLS |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(
    'What cost points in the median run (metric: points lost; opportunity: time to save):',
  );
  for (const line of losses) console.log(line);
  if (failed > 0) process.exit(1);
}

await main();
