/**
 * Time to a working Start (docs/decisions/048): on `/`, how soon after navigation a
 * press of Start is honoured, on a phone profile (390 x 844 at 3x, CPU slowed 4x, 150 ms round
 * trips, 1.6 Mbit/s down; applied throttles as in DevTools), median of RUNS fresh visits.
 *
 * Each visit presses Start with a real mouse event at the button's place in the first frame that
 * shows it, then waits for the app. The press is honoured when the timer runs from the press
 * (the saved start time is the press's time, within 100 ms). Reported per build:
 * - first paint (ms after navigation start), and when Start was first visible and pressed;
 * - how many of the presses were honoured;
 * - time to a working Start: the press itself when it was honoured, otherwise the moment the
 *   app answered (before it, the build dropped presses); and the same from first paint, which
 *   is 0 plus the few ms the probe needs to see the button when every press after the first
 *   paint is honoured;
 * - when the app answered (the `focusroom:interactive` event).
 *
 * BASELINE_WEB_DIST_DIR names another build of the web app (e.g. the previous commit's, built in
 * a git worktree): it is served by a second server and measured in turns with this one.
 *
 *   npm run build
 *   npx tsx bench/time-to-start.ts        (RUNS=5 WEB_DIST_DIR=... BASELINE_WEB_DIST_DIR=...)
 */
import { emulatePhone, launchChromium, type Cdp, type LaunchedChromium } from './lib/cdp.js';
import { startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.RUNS ?? 5);
/** How far the saved start may be from the press and still be the press's own time. */
const SAME_MOMENT_MS = 100;

/** Installed before the page's first byte: when the app answered, and the first press's time. */
const PROBE = `
  window.__probe = { interactive: null, press: null };
  addEventListener('focusroom:interactive', () => { window.__probe.interactive = performance.now(); }, true);
  addEventListener('click', (event) => {
    if (window.__probe.press === null) window.__probe.press = event.timeStamp;
  }, true);
  window.__startSeen = new Promise((resolve) => {
    const look = () => {
      const start = [...document.querySelectorAll('button')].find(
        (button) => button.textContent.trim() === 'Start',
      );
      const box = start && start.getBoundingClientRect();
      if (box && box.width > 0 && start.checkVisibility({ visibilityProperty: true })) {
        resolve({ x: box.x + box.width / 2, y: box.y + box.height / 2, at: performance.now() });
      } else requestAnimationFrame(look);
    };
    look();
  });
`;

interface Visit {
  firstPaint: number;
  pressed: number;
  interactive: number;
  honoured: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(cdp: Cdp, sessionId: string, expression: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await cdp.evaluate<T | null>(sessionId, expression).catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await sleep(20);
  }
}

async function visit(chrome: LaunchedChromium, url: string): Promise<Visit> {
  const { cdp } = chrome;
  const { browserContextId } = await cdp.send<{ browserContextId: string }>(
    'Target.createBrowserContext',
  );
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send('Runtime.enable', {}, sessionId);
    await emulatePhone(cdp, sessionId, { width: 390, height: 844, deviceScaleFactor: 3 });
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: PROBE }, sessionId);
    await cdp.send('Page.navigate', { url }, sessionId);
    const seen = await until<{ x: number; y: number }>(cdp, sessionId, 'window.__startSeen');
    for (const type of ['mousePressed', 'mouseReleased']) {
      await cdp.send(
        'Input.dispatchMouseEvent',
        { type, x: seen.x, y: seen.y, button: 'left', clickCount: 1 },
        sessionId,
      );
    }
    const interactive = await until<number>(cdp, sessionId, 'window.__probe.interactive');
    // Give the app a moment to act on a press it was handed, then read what it saved.
    const outcome = await until<{ start: number | null; press: number; paint: number }>(
      cdp,
      sessionId,
      `(() => {
        const saved = JSON.parse(localStorage.getItem('focusroom_timer') || 'null');
        const running = saved && saved.timerState === 'running';
        const waited = performance.now() - window.__probe.interactive > 2000;
        if (!running && !waited) return null;
        return {
          start: running ? saved.startTime - performance.timeOrigin : null,
          press: window.__probe.press,
          paint: performance.getEntriesByName('first-paint')[0].startTime,
        };
      })()`,
    );
    const honoured =
      outcome.start !== null && Math.abs(outcome.start - outcome.press) <= SAME_MOMENT_MS;
    return { firstPaint: outcome.paint, pressed: outcome.press, interactive, honoured };
  } finally {
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
  }
}

interface Row {
  build: string;
  visits: Visit[];
}

function report({ build, visits }: Row): void {
  const median = (pick: (v: Visit) => number) => round(percentile(visits.map(pick), 50), 0);
  const working = (v: Visit) => (v.honoured ? v.pressed : v.interactive);
  console.log(
    `| ${build} | ${median((v) => v.firstPaint)} | ${median((v) => v.pressed)} | ` +
      `${visits.filter((v) => v.honoured).length} of ${visits.length} | ${median(working)} | ` +
      `${median((v) => working(v) - v.firstPaint)} | ${median((v) => v.interactive)} |`,
  );
}

const servers: { build: string; server: RunningServer }[] = [
  { build: 'this build', server: await startServer() },
];
if (process.env.BASELINE_WEB_DIST_DIR) {
  servers.push({
    build: 'baseline',
    server: await startServer({ WEB_DIST_DIR: process.env.BASELINE_WEB_DIST_DIR }),
  });
}
const chrome = await launchChromium();
const rows: Row[] = servers.map(({ build }) => ({ build, visits: [] }));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [index, { server }] of servers.entries()) {
      rows[index]!.visits.push(await visit(chrome, `${server.url}/`));
    }
  }
} finally {
  await chrome.close();
  for (const { server } of servers) await server.stop();
}

console.log(`\nTime to a working Start on / (phone profile, median of ${RUNS}; ms)\n`);
console.log(
  '| build | first paint | Start pressed | presses honoured | working Start | from first paint | app answered |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) report(row);
const ours = rows[0]!;
if (ours.visits.some((v) => !v.honoured)) {
  console.error('\nA press of Start made once it was visible was not honoured.');
  process.exitCode = 1;
}
