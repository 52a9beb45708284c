/**
 * What a real signed-in tab sends, recorded (decision 062): Debian Chromium, driven by Playwright,
 * on the built app served by the real server, in real time (no fake clock: the app's own timers,
 * its Worker pulse and Chromium's timer policies all run as they do for a person). The server
 * logs every request (LOG_LEVEL=debug, JSON: decision 064 puts the request lines at debug), so
 * what is counted is what reached the server: API calls, the page and its files, the service
 * worker's own fetches, with their status.
 *
 * Recorded, per page and state (requests per minute by route) and per event (requests by route):
 * - first visit: /login opened with nothing stored; the service worker installs and precaches;
 * - login: the sign-in form submitted, and everything until the network is quiet;
 * - dashboard, timer idle, then with a pomodoro running (RECORD_MINUTES each, default 3);
 * - page load: a reload of /dashboard with the timer running (the tab's ETags and query cache
 *   are gone, the service worker and HTTP cache stay);
 * - a pomodoro completing (a 1-minute pomodoro, the duration set in settings first);
 * - open stats: the Stats link clicked from the dashboard; then /stats for RECORD_MINUTES.
 *
 *   npm run build && npx tsx bench/record-tab.ts        (about 4 x RECORD_MINUTES + 2 minutes)
 *
 * Writes bench/results/tab-requests.json, which the load model is checked against
 * (bench/lib/load-mix.test.ts). Never in CI.
 */
import { LIVE_PATH } from '@focusroom/core';
import { chromium } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.js';
import { ROOT, json, startServer, verifyFromOutbox } from './lib/server.js';
import type { TabRecording } from './lib/tab-recording.js';

const MINUTES = Number(process.env.RECORD_MINUTES ?? 3);
/** An event is over once no request has reached the server for this long. */
const QUIET_MS = 4_000;
const EVENT_MAX_MS = 30_000;

interface Seen {
  at: number;
  route: string;
  status: number;
}

/** Method and path, ids and hashed file names folded, query keys (not values) kept. */
export function routeKey(method: string, url: string): string {
  const [pathname = '', query] = url.split('?');
  let p = pathname.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    '{id}',
  );
  if (!p.startsWith('/api/')) {
    if (p.startsWith('/assets/')) p = '/assets/*';
    else if (/\.(png|svg|webp|ico|woff2?|mp3|ogg|json|webmanifest)$/.test(p)) p = '/(static file)';
  }
  const keys = query
    ? [...new URLSearchParams(query).keys()]
        .map((k) => (k === 'limit' ? `limit=${new URLSearchParams(query).get('limit')}` : k))
        .sort()
        .join('&')
    : '';
  return `${method} ${p}${keys ? `?${keys}` : ''}`;
}

function collector() {
  const seen: Seen[] = [];
  const pending = new Map<string, { method: string; url: string }>();
  const upgrades = new Map<string, number>();
  let buffer = '';
  const onStdout = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let entry: {
        reqId?: string;
        msg?: string;
        req?: { method: string; url: string };
        res?: { statusCode: number };
      };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if (!entry.reqId) continue;
      if (entry.msg === 'incoming request' && entry.req) {
        // The live channel's upgrade is never "completed" in the log (the socket is taken over
        // from the HTTP server), so it is counted as it comes, as 101; an upgrade refused with
        // an HTTP answer is corrected to its status when that is logged.
        if (entry.req.url.split('?')[0] === LIVE_PATH) {
          upgrades.set(entry.reqId, seen.length);
          seen.push({
            at: Date.now(),
            route: routeKey(entry.req.method, entry.req.url),
            status: 101,
          });
        } else pending.set(entry.reqId, entry.req);
      }
      if (entry.msg === 'request completed' && entry.res) {
        const upgrade = upgrades.get(entry.reqId);
        if (upgrade !== undefined) seen[upgrade]!.status = entry.res.statusCode;
        const req = pending.get(entry.reqId);
        pending.delete(entry.reqId);
        if (req) {
          seen.push({
            at: Date.now(),
            route: routeKey(req.method, req.url),
            status: entry.res.statusCode,
          });
        }
      }
    }
  };
  return { seen, onStdout };
}

type Counts = Record<string, Record<string, number>>;

function count(list: Seen[]): Counts {
  const out: Counts = {};
  for (const s of list) {
    const byStatus = (out[s.route] ??= {});
    byStatus[String(s.status)] = (byStatus[String(s.status)] ?? 0) + 1;
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const { seen, onStdout } = collector();
  // No shedding (decision 063): on a busy shared machine it could refuse the setup's own calls,
  // and what is counted here is what the tab sends, not what the server can take.
  const server = await startServer(
    {
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_HEAP_MB: '0',
      OVERLOAD_DATABASE_WAITING: '0',
    },
    { onStdout },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  const recording: TabRecording = {
    recordedAt: new Date().toISOString(),
    chromium: browser.version(),
    minutesPerState: MINUTES,
    states: {},
    events: {},
  };
  try {
    const id = Math.random().toString(36).slice(2, 8);
    const user = {
      name: `Recorder ${id}`,
      username: `recorder_${id}`,
      email: `recorder_${id}@example.com`,
      password: `Quiet-harbour-${id}-lamp`,
    };
    await json(server, 'POST', '/api/auth/register', user);
    await verifyFromOutbox(server, user.email);
    // A history to show on /stats: a few sessions of the last days.
    const { token } = await json<{ token: string }>(server, 'POST', '/api/auth/login', {
      login: user.username,
      password: user.password,
    });
    for (let d = 1; d <= 5; d++) {
      const end = Date.now() - d * 86_400_000;
      await json(
        server,
        'POST',
        '/api/pomodoro/sessions',
        {
          duration: 25,
          task: 'Recorded focus',
          completed: true,
          start_time: new Date(end - 25 * 60_000).toISOString(),
          end_time: new Date(end).toISOString(),
        },
        token,
      );
    }
    // One active to-do, as the load model's users have: a finished pomodoro counts on it.
    await json(
      server,
      'POST',
      '/api/pomodoro/todos',
      {
        todos: [
          {
            id: randomUUID(),
            text: 'Recorded task',
            completed: false,
            estimate: 4,
            done_pomodoros: 0,
            active: true,
          },
        ],
      },
      token,
    );
    const context = await browser.newContext({ baseURL: server.url });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();

    /** Runs `act`, then waits until the server has been quiet; the requests in between. */
    const event = async (name: string, act: () => Promise<void>, exclude?: RegExp) => {
      process.stderr.write(`event: ${name}\n`);
      const from = seen.length;
      const start = Date.now();
      await act();
      for (;;) {
        await sleep(500);
        const last = seen.at(-1)?.at ?? start;
        if (Date.now() - Math.max(last, start) >= QUIET_MS) break;
        if (Date.now() - start > EVENT_MAX_MS) break;
      }
      const list = seen.slice(from).filter((s) => !exclude?.test(s.route));
      recording.events[name] = count(list);
    };
    const state = async (name: string) => {
      process.stderr.write(`state: ${name}, ${MINUTES} min\n`);
      const from = seen.length;
      await sleep(MINUTES * 60_000);
      const counts = count(seen.slice(from));
      const perMinute: Counts = {};
      for (const [route, byStatus] of Object.entries(counts)) {
        perMinute[route] = Object.fromEntries(
          Object.entries(byStatus).map(([status, n]) => [status, n / MINUTES]),
        );
      }
      recording.states[name] = { minutes: MINUTES, perMinute };
    };

    // A first visit to the sign-in page installs the service worker, which fetches the files it
    // keeps (its precache) in the background: an event of its own, before the sign-in.
    await event('first visit (/login, service worker installs)', async () => {
      await page.goto('/login');
      await page.getByLabel('Email or username').waitFor();
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    });
    await event('login', async () => {
      await page.getByLabel('Email or username').fill(user.username);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
      await page.waitForURL(/\/dashboard/);
    });
    await state('dashboard, timer idle');
    const start = page.getByRole('button', { name: 'Start', exact: true });
    await event('start a pomodoro', () => start.click());
    await state('dashboard, pomodoro running');
    await event('page load (reload, timer running)', () => page.reload().then(() => undefined));
    await event('open stats', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Stats' }).click();
      await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();
    });
    await state('stats');

    // A pomodoro completing: a 1-minute one (settings saved first), watched from its last
    // seconds; the theme check keeps its own schedule and is left out of the event.
    // A fresh tab of the same account (a new context: no timer state stored), signed in as the
    // app stores a sign-in.
    await json(server, 'PUT', '/api/settings', { pomodoro_duration: 1 }, token);
    // The account has one timer on every device (issue 33): the pomodoro started above still
    // runs. It is reset, as the person would press Reset, so that the new tab starts a short one.
    const { version } = await json<{ version: number }>(
      server,
      'GET',
      '/api/timer',
      undefined,
      token,
    );
    await json(
      server,
      'POST',
      '/api/timer/actions',
      {
        requests: [
          {
            id: randomUUID(),
            device: randomUUID(),
            baseVersion: version,
            at: Date.now(),
            action: { type: 'reset' },
          },
        ],
      },
      token,
    );
    const me = await json<Record<string, unknown>>(server, 'GET', '/api/auth/me', undefined, token);
    const second = await browser.newContext({ baseURL: server.url });
    const tab = await second.newPage();
    await tab.goto('/about');
    await tab.evaluate(
      `localStorage.setItem('token', ${JSON.stringify(token)});` +
        `localStorage.setItem('user', ${JSON.stringify(JSON.stringify(me))});`,
    );
    await tab.goto('/dashboard');
    const startShort = tab.getByRole('button', { name: 'Start', exact: true });
    await startShort.waitFor();
    await context.close();
    await sleep(QUIET_MS);
    await startShort.click();
    await sleep(55_000);
    await event(
      'pomodoro completes',
      async () => {
        await sleep(10_000);
      },
      /^GET \/api\/themes\/lists$/,
    );
    await second.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  const file = path.join(ROOT, 'bench/results/tab-requests.json');
  writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
  console.log(JSON.stringify(recording, null, 2));
  console.log(`Written to ${path.relative(ROOT, file)}`);
}

await main();
