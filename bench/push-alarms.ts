/**
 * Web Push alarms (issue 33; decision 082) on one SQLite instance started as `npm start` starts
 * it, sending to a local push service (the tests' fake, which keeps what arrives and when). With
 * `ACCOUNTS` seeded accounts, two alarm devices each, it measures against baselines taken in the
 * same run on the same process:
 * - a press's round trip on accounts with alarm devices (each press schedules the next alarm)
 *   against presses on accounts without, interleaved in the same stretch;
 * - the server's CPU over a quiet stretch with every account's alarm scheduled (the 1 s poll)
 *   against the same stretch with none;
 * - every account's focus ending within the same few seconds: how late each alarm reaches the
 *   push service after its phase end (the poll interval is the floor), and that each device got
 *   exactly one.
 *
 *   npx tsx bench/push-alarms.ts            (ACCOUNTS=1000 PRESSES=400 by default)
 */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { fakeBrowserKeys, startFakePushService } from '../apps/server/test/fakes/push-service.mjs';
import { LOAD_PASSWORD, seedSqlite } from './lib/load-seed.js';
import { cpuMs } from './lib/load-procs.js';
import { startServer } from './lib/server.js';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 1_000);
const PRESSES = Number(process.env.PRESSES ?? 400);
const QUIET_MS = Number(process.env.QUIET_MS ?? 10_000);
const DEVICES_PER_ACCOUNT = 2;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(url: string, token: string, method: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

interface Timer {
  version: number;
  state: { endsAt: number | null };
}

/** `count` presses spread over the accounts, start then reset; each one's account and ms. */
async function presses(
  baseUrl: string,
  users: { token: string; index: number }[],
  count: number,
  label: string,
): Promise<{ index: number; ms: number }[]> {
  const versions = new Map<number, number>();
  const times: { index: number; ms: number }[] = [];
  for (let i = 0; i < count; i++) {
    const user = users[i % users.length]!;
    const version = versions.get(user.index) ?? 0;
    const sent = performance.now();
    const answer = (await call(`${baseUrl}/api/timer/actions`, user.token, 'POST', {
      requests: [
        {
          id: `${label}-${i}`,
          device: `laptop-${user.index}`,
          baseVersion: version,
          at: Date.now(),
          action: { type: Math.floor(i / users.length) % 2 === 0 ? 'start' : 'reset' },
        },
      ],
    })) as { timer: Timer };
    times.push({ index: user.index, ms: performance.now() - sent });
    versions.set(user.index, answer.timer.version);
  }
  // Every timer left idle, so nothing is scheduled after this.
  for (const user of users) {
    const version = versions.get(user.index) ?? 0;
    await call(`${baseUrl}/api/timer/actions`, user.token, 'POST', {
      requests: [
        {
          id: `${label}-reset-${user.index}`,
          device: `laptop-${user.index}`,
          baseVersion: version,
          at: Date.now(),
          action: { type: 'reset' },
        },
      ],
    });
  }
  return times;
}

async function main(): Promise<void> {
  const pushService = await startFakePushService();
  const jwtSecret = randomBytes(32).toString('hex');
  const server = await startServer({
    JWT_SECRET: jwtSecret,
    PUSH_SERVICE_ORIGINS: pushService.origin,
  });
  try {
    const users = await seedSqlite(server.dataDir, {
      users: ACCOUNTS,
      historySessions: 0,
      jwtSecret,
      passwordHash: await hashPassword(LOAD_PASSWORD),
    });
    await sleep(2_000);
    // Warm-up: the same presses, so neither group below meets a cold server.
    await presses(server.url, users, PRESSES, 'warm-up');
    let cpu = cpuMs([server.pid]);
    await sleep(QUIET_MS);
    const quietNone = cpuMs([server.pid]) - cpu;

    const subscribe = async (user: (typeof users)[number]) => {
      for (let d = 0; d < DEVICES_PER_ACCOUNT; d++) {
        const keys = fakeBrowserKeys(pushService.endpointFor(`u${user.index}-d${d}`));
        await call(`${server.url}/api/push/devices`, user.token, 'PUT', {
          endpoint: keys.endpoint,
          keys: keys.keys,
          name: `device ${d}`,
        });
      }
    };
    // Half the accounts get their devices; presses then alternate between the halves, so the
    // two are measured at the same time on the same process.
    for (const user of users) if (user.index % 2 === 0) await subscribe(user);
    const mixed = await presses(server.url, users, PRESSES * 2, 'mixed');
    const pressesBefore = mixed.filter((p) => p.index % 2 === 1).map((p) => p.ms);
    const pressesWith = mixed.filter((p) => p.index % 2 === 0).map((p) => p.ms);
    for (const user of users) if (user.index % 2 === 1) await subscribe(user);

    // Every account's one-minute focus, started one after another: all end within seconds.
    const endsAt = new Map<number, number>();
    for (const user of users) {
      await call(`${server.url}/api/settings`, user.token, 'PUT', { pomodoro_duration: 1 });
    }
    const startedAt = Date.now();
    for (const user of users) {
      const timer = (await call(`${server.url}/api/timer`, user.token, 'GET', undefined)) as Timer;
      const answer = (await call(`${server.url}/api/timer/actions`, user.token, 'POST', {
        requests: [
          {
            id: `burst-${user.index}`,
            device: `laptop-${user.index}`,
            baseVersion: timer.version,
            at: Date.now(),
            action: { type: 'start' },
          },
        ],
      })) as { timer: Timer };
      endsAt.set(user.index, answer.timer.state.endsAt!);
    }
    const startSpread = Date.now() - startedAt;
    // Quiet while the focus runs: every alarm is scheduled now, none due.
    cpu = cpuMs([server.pid]);
    await sleep(QUIET_MS);
    const quietScheduled = cpuMs([server.pid]) - cpu;

    const lastEnd = Math.max(...endsAt.values());
    cpu = cpuMs([server.pid]);
    const windowStart = Date.now();
    const expected = ACCOUNTS * DEVICES_PER_ACCOUNT;
    const deadline = lastEnd + 60_000;
    let arrived: { name: string; receivedAt: number }[] = [];
    while (Date.now() < deadline) {
      arrived = users.flatMap((user) =>
        [0, 1].flatMap((d) => pushService.received(`u${user.index}-d${d}`)),
      );
      if (arrived.length >= expected && Date.now() > lastEnd + 5_000) break;
      await sleep(250);
    }
    // Above what the same stretch costs quiet (the rest of the wait for the focus to end).
    const windowMs = Date.now() - windowStart;
    const burstCpu = Math.round(cpuMs([server.pid]) - cpu - (quietScheduled * windowMs) / QUIET_MS);
    const lateness: number[] = [];
    let duplicates = 0;
    for (const user of users) {
      for (let d = 0; d < DEVICES_PER_ACCOUNT; d++) {
        const got = pushService.received(`u${user.index}-d${d}`);
        if (got.length > 1) duplicates += got.length - 1;
        if (got[0]) lateness.push(got[0].receivedAt - endsAt.get(user.index)!);
      }
    }

    const rows = [
      ['accounts / alarm devices', `${ACCOUNTS} / ${expected}`],
      [
        'press round trip p50 / p99, accounts without alarm devices (baseline)',
        `${percentile(pressesBefore, 50).toFixed(1)} / ${percentile(pressesBefore, 99).toFixed(1)} ms`,
      ],
      [
        'press round trip p50 / p99, accounts with two alarm devices',
        `${percentile(pressesWith, 50).toFixed(1)} / ${percentile(pressesWith, 99).toFixed(1)} ms`,
      ],
      [
        `server CPU over ${QUIET_MS / 1000} s quiet, nothing scheduled (baseline)`,
        `${quietNone} ms`,
      ],
      [
        `server CPU over ${QUIET_MS / 1000} s quiet, ${ACCOUNTS} alarms scheduled`,
        `${quietScheduled} ms`,
      ],
      ['focus ends spread over', `${(startSpread / 1000).toFixed(1)} s`],
      ['alarms received / expected', `${lateness.length} / ${expected}`],
      ['duplicate alarms', String(duplicates)],
      [
        'alarm after its phase end p50 / p99 / worst',
        `${percentile(lateness, 50)} / ${percentile(lateness, 99)} / ${Math.max(...lateness)} ms`,
      ],
      [
        'server CPU sending them, above the quiet rate',
        `${burstCpu} ms (${(burstCpu / expected).toFixed(2)} ms per alarm)`,
      ],
    ];
    console.log(`push alarms: ${ACCOUNTS} accounts, ${DEVICES_PER_ACCOUNT} devices each`);
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  } finally {
    await server.stop();
    await pushService.close();
  }
}

await main();
