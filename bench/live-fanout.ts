/**
 * The live channel (issue 33; decision 081) under many open tabs, on one SQLite instance started
 * as `npm start` starts it. Each seeded account opens two sockets (a laptop and a phone). With
 * them open it measures, against baselines taken in the same run on the same process:
 * - memory: the server's RSS with every socket open against its RSS before any was;
 * - fan-out: from a press sent by HTTP to its arrival on the account's other socket, against the
 *   press's own HTTP round trip (the answer the pressing device waits for);
 * - the session check's cost: the server's CPU time over a quiet stretch with every socket open
 *   against the same stretch with none.
 *
 *   npx tsx bench/live-fanout.ts            (ACCOUNTS=1000 PRESSES=300 by default)
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { LOAD_PASSWORD, seedSqlite } from './lib/load-seed.js';
import { cpuMs } from './lib/load-procs.js';
import { rssMb, startServer } from './lib/server.js';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 1_000);
const PRESSES = Number(process.env.PRESSES ?? 300);
const QUIET_MS = Number(process.env.QUIET_MS ?? 10_000);

interface Tab {
  socket: WebSocket;
  waiters: ((message: { type: string; timer?: { version: number } }) => void)[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function openTab(url: string, token: string, device: string): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`);
    const tab: Tab = { socket, waiters: [] };
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; timer?: { version: number } };
      if (message.type === 'timer' && tab.waiters.length === 0) resolve(tab);
      for (const waiter of tab.waiters.splice(0)) waiter(message);
    });
    socket.once('error', reject);
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'hello', token, device: { id: device, label: device } })),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const jwtSecret = randomBytes(32).toString('hex');
  const server = await startServer({ JWT_SECRET: jwtSecret });
  try {
    const users = await seedSqlite(server.dataDir, {
      users: ACCOUNTS,
      historySessions: 0,
      jwtSecret,
      passwordHash: await hashPassword(LOAD_PASSWORD),
    });
    await sleep(2_000);
    const rssBefore = rssMb(server.pid);
    let cpu = cpuMs([server.pid]);
    await sleep(QUIET_MS);
    const quietCpuNone = cpuMs([server.pid]) - cpu;

    const tabs: [Tab, Tab][] = [];
    for (let i = 0; i < users.length; i += 50) {
      const batch = users.slice(i, i + 50);
      tabs.push(
        ...(await Promise.all(
          batch.map(
            async (user) =>
              [
                await openTab(server.url, user.token, `laptop-${user.index}`),
                await openTab(server.url, user.token, `phone-${user.index}`),
              ] as [Tab, Tab],
          ),
        )),
      );
    }
    await sleep(2_000);
    const rssOpen = rssMb(server.pid);
    cpu = cpuMs([server.pid]);
    await sleep(QUIET_MS);
    const quietCpuOpen = cpuMs([server.pid]) - cpu;

    const roundTrips: number[] = [];
    const fanOut: number[] = [];
    for (let i = 0; i < PRESSES; i++) {
      const index = i % users.length;
      const user = users[index]!;
      const phone = tabs[index]![1];
      const version = Math.floor(i / users.length);
      const heard = new Promise<number>((resolve) => {
        const wait = (message: { type: string; timer?: { version: number } }) => {
          if (message.type === 'timer' && (message.timer?.version ?? 0) > version) {
            resolve(performance.now());
          } else phone.waiters.push(wait);
        };
        phone.waiters.push(wait);
      });
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/timer/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          requests: [
            {
              id: `bench-${i}`,
              device: `laptop-${index}`,
              baseVersion: version,
              at: Date.now(),
              action: { type: version % 2 === 0 ? 'start' : 'pause' },
            },
          ],
        }),
      });
      if (response.status !== 200)
        throw new Error(`press: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      roundTrips.push(performance.now() - sent);
      fanOut.push((await heard) - sent);
    }
    for (const pair of tabs) for (const tab of pair) tab.socket.close();

    const sockets = tabs.length * 2;
    const rows = [
      ['sockets open', String(sockets)],
      ['RSS before any socket (baseline)', `${rssBefore} MB`],
      ['RSS with every socket open', `${rssOpen} MB`],
      ['memory per socket', `${(((rssOpen - rssBefore) * 1024) / sockets).toFixed(1)} KB`],
      [`server CPU over ${QUIET_MS / 1000} s quiet, no sockets (baseline)`, `${quietCpuNone} ms`],
      [`server CPU over ${QUIET_MS / 1000} s quiet, every socket open`, `${quietCpuOpen} ms`],
      [
        'press round trip p50 / p99 (baseline)',
        `${percentile(roundTrips, 50).toFixed(1)} / ${percentile(roundTrips, 99).toFixed(1)} ms`,
      ],
      [
        'press to the other tab p50 / p99',
        `${percentile(fanOut, 50).toFixed(1)} / ${percentile(fanOut, 99).toFixed(1)} ms`,
      ],
      ['press to the other tab, worst', `${Math.max(...fanOut).toFixed(1)} ms`],
    ];
    console.log(`live channel: ${ACCOUNTS} accounts, two tabs each, ${PRESSES} presses`);
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  } finally {
    await server.stop();
  }
}

await main();
