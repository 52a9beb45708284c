/**
 * Where the main thread's time goes while a page loads: this build against a baseline build,
 * loaded in turns in Debian's Chromium with the CPU slowed 4 times (as Lighthouse's phone), each
 * load in a fresh browser context sampled by V8's profiler. Self time is summed per original
 * source (through the build's source maps; a package under node_modules counts as one source,
 * except the ones named in DETAIL, which are broken down by line) and averaged over the loads;
 * the sources whose time differs most come first. This is how decision 079 found what a change
 * added to the hydration of / that Lighthouse's total blocking time counts.
 *
 *   npm run build          (and the baseline, e.g. in a git worktree of the last commit)
 *   WEB_DIST_DIR=apps/web/dist BASELINE_WEB_DIST_DIR=<other build> npx tsx bench/first-load-profile.ts
 *                          (RUNS=8 PAGE=/ DETAIL=@lingui/core TOP=30)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.RUNS ?? 8);
const PAGE = process.env.PAGE ?? '/';
const TOP = Number(process.env.TOP ?? 30);
const DETAIL = (process.env.DETAIL ?? '').split(',').filter(Boolean);
/** How long after `load` the profile keeps recording: hydration runs in slices after it. */
const SETTLE_MS = 3000;
const CPU_SLOWDOWN = 4;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const builds = [
  { label: 'this build', dist: path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist') },
];
if (process.env.BASELINE_WEB_DIST_DIR) {
  builds.push({ label: 'baseline', dist: path.resolve(process.env.BASELINE_WEB_DIST_DIR) });
}

const sourceMaps = new Map<string, SourceMapConsumer | null>();
function sourceMapOf(dist: string, scriptUrl: string): SourceMapConsumer | null {
  const file = path.join(dist, new URL(scriptUrl).pathname + '.map');
  if (!sourceMaps.has(file)) {
    try {
      sourceMaps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))));
    } catch {
      sourceMaps.set(file, null);
    }
  }
  return sourceMaps.get(file)!;
}

/** The source a sample's frame belongs to: a file of the app, a package, or the browser's own. */
function sourceOf(dist: string, frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(browser)';
  const position = frame.url.endsWith('.js')
    ? sourceMapOf(dist, frame.url)?.originalPositionFor({
        line: frame.lineNumber + 1,
        column: frame.columnNumber,
      })
    : undefined;
  // A chunk without a source map, by its name without the content hash: index-C8M2NfT2.js -> index.
  if (!position?.source)
    return path.basename(new URL(frame.url).pathname).replace(/-[\w]{8,}\.js$/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(position.source);
  // A file of the app, from the web app's folder (the one that holds the build), in either build.
  if (!inPackage)
    return path.relative(path.dirname(dist), path.resolve(dist, 'assets', position.source));
  const name = inPackage[1]!;
  return DETAIL.includes(name) ? `${name}:${position.line} ${position.name ?? ''}` : name;
}

async function main() {
  const servers = await Promise.all(builds.map((b) => startServer({ WEB_DIST_DIR: b.dist })));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const totals = builds.map(() => new Map<string, number>());
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [index, build] of builds.entries()) {
        process.stderr.write(`${PAGE}: ${build.label}, load ${run + 1}/${RUNS}\n`);
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await page.goto(servers[index]!.url + PAGE, { waitUntil: 'load' });
        await page.waitForTimeout(SETTLE_MS);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        await context.close();
        const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
        profile.samples.forEach((id, sample) => {
          const frame = nodes.get(id)!.callFrame;
          if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
          const source = sourceOf(build.dist, frame);
          const ms = (profile.timeDeltas[sample] ?? 0) / 1000;
          totals[index]!.set(source, (totals[index]!.get(source) ?? 0) + ms);
        });
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }

  const mean = (index: number, source: string) => (totals[index]?.get(source) ?? 0) / RUNS;
  const sum = (index: number) => [...totals[index]!.values()].reduce((a, b) => a + b, 0) / RUNS;
  const sources = [...new Set(totals.flatMap((t) => [...t.keys()]))];
  const difference = (source: string) => mean(0, source) - mean(1, source);
  sources.sort(
    (a, b) => Math.abs(difference(b)) - Math.abs(difference(a)) || mean(0, b) - mean(0, a),
  );
  console.log(
    `Main-thread self time while ${PAGE} loads (CPU ${CPU_SLOWDOWN}x slower, mean of ${RUNS} loads, ms):`,
  );
  console.log('');
  const baseline = builds.length > 1;
  console.log(baseline ? '| source | this build | baseline | difference |' : '| source | ms |');
  console.log(baseline ? '|---|---:|---:|---:|' : '|---|---:|');
  const row = (name: string, a: number, b: number) =>
    baseline
      ? `| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a - b).toFixed(1)} |`
      : `| ${name} | ${a.toFixed(1)} |`;
  console.log(row('all', sum(0), baseline ? sum(1) : 0));
  for (const source of sources.slice(0, TOP)) {
    console.log(row(source, mean(0, source), mean(1, source)));
  }
}

await main();
