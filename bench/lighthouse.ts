/**
 * Lighthouse performance (mobile preset, its default) of `/` and `/login` on the built product
 * served by the real server (the bar: >= 95 on both), in Debian's Chromium. Each page is
 * audited RUNS times in a fresh headless Chromium and the median score is reported, with the
 * metrics of that run.
 *
 *   npm run build
 *   npx tsx bench/lighthouse.ts        (RUNS=3 CHROMIUM_PATH=/usr/bin/chromium)
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = ['/', '/login'];
const BAR = 95;

interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
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
    return {
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const server = await startServer();
  let failed = 0;
  const rows: string[] = [];
  try {
    for (const page of PAGES) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        process.stderr.write(`${page}: run ${i + 1}/${RUNS}\n`);
        runs.push(await audit(`${server.url}${page}`));
      }
      runs.sort((a, b) => a.score - b.score);
      const mid = runs[Math.floor(runs.length / 2)]!;
      const met = mid.score >= BAR;
      if (!met) failed++;
      rows.push(
        `| ${page} | ${mid.score} (${runs.map((r) => r.score).join(', ')}) | ${met ? 'met' : 'NOT met'} | ${Math.round(mid.fcp)} | ${Math.round(mid.lcp)} | ${Math.round(mid.tbt)} | ${mid.cls.toFixed(3)} |`,
      );
    }
  } finally {
    await server.stop();
  }
  console.log(
    `Lighthouse ${RUNS} runs per page, mobile preset (simulated throttling), Chromium at ${CHROMIUM_PATH}; the median run:`,
  );
  console.log('');
  console.log('| page | performance (all runs) | bar 95 | FCP ms | LCP ms | TBT ms | CLS |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  if (failed > 0) process.exit(1);
}

await main();
