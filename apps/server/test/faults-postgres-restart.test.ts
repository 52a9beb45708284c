import { setTimeout as sleep } from 'node:timers/promises';
import { HTTP_MESSAGES } from '@focusroom/core';
import { DATABASE_FAULT_RETRY_AFTER_SECONDS } from '../src/plugins/errors.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import {
  LOAD_ENV,
  call,
  registerUser,
  sessionBody,
  type Answer,
  type LoadUser,
} from './support/faults-load.js';
import { connectLive } from './support/live-client.js';
import { startTcpProxy, type DownMode, type TcpProxy } from './support/tcp-proxy.js';

/**
 * PostgreSQL "restarted" under the server: a TCP proxy between them drops every connection and
 * turns new ones away for a few seconds (the machine's own PostgreSQL is shared with other
 * suites and is never touched). While it is away, whatever needs the database answers 503 JSON
 * quickly; when it is back, the same server process answers 2xx again by itself.
 */

/** Each answer while the database is away must come within this. */
const FAST_MS = 2_000;
const DOWN_MS = 3_000;
/** The server's connection timeout in this test (DATABASE_CONNECT_TIMEOUT_MS). */
const CONNECT_TIMEOUT_MS = 1_000;
const WORKERS = 6;

let database: TestDatabase;
let proxy: TcpProxy;
let server: ChildServer;
let base: string;
let users: LoadUser[];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  if (database.config.kind !== 'postgres') throw new Error('PostgreSQL expected');
  const target = new URL(database.config.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(target);
  proxied.port = String(proxy.port);
  server = startChildServer({
    ...LOAD_ENV,
    DATA_DIR: tempDir(),
    DATABASE_URL: proxied.toString(),
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  });
  base = await server.listening;
  users = [];
  for (let i = 0; i < 3; i += 1) users.push(await registerUser(base));
});

afterAll(async () => {
  server?.stop();
  await server?.exited;
  await proxy?.close();
  await database?.drop();
});

/** One request of the mix: a session write, the to-do list, the statistics, the session list. */
function request(worker: number, step: number): [string, Promise<Answer>] {
  const user = users[worker % users.length] as LoadUser;
  const kind = (worker + step) % 4;
  if (kind === 0) {
    const body = sessionBody(worker * 10_000 + step);
    return [
      'POST sessions',
      call(base, 'POST', '/api/pomodoro/sessions', { token: user.token, body }),
    ];
  }
  const path = ['', '/api/pomodoro/todos', '/api/pomodoro/stats', '/api/pomodoro/sessions'][kind];
  return [`GET ${path}`, call(base, 'GET', path ?? '', { token: user.token })];
}

interface Logged {
  what: string;
  answer: Answer;
  sentAt: number;
}

/** Workers sending requests back to back until `stop` resolves; every answer logged. */
async function load(stop: Promise<unknown>): Promise<Logged[]> {
  const log: Logged[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let step = 0; !stopped; step += 1) {
        const sentAt = Date.now();
        const [what, answer] = request(worker, step);
        log.push({ what, answer: await answer, sentAt });
      }
    }),
  );
  return log;
}

/** The count and the first few of a list of wrong answers, so a failure stays readable. */
function summary(list: Logged[]): string[] {
  if (list.length === 0) return [];
  const shown = list
    .slice(0, 5)
    .map(
      ({ what, answer }) =>
        `${what}: ${answer.status} in ${Math.round(answer.ms)} ms: ${answer.text.slice(0, 120)}`,
    );
  return [`${list.length} answers`, ...shown];
}

async function restartUnderLoad(mode: DownMode) {
  let release = () => {};
  const stop = new Promise<void>((resolve) => (release = resolve));
  const running = load(stop);
  await sleep(800);
  const downAt = Date.now();
  proxy.down(mode);
  await sleep(DOWN_MS);
  // The readiness probe says so while the database is away, and quickly.
  const ready = await call(base, 'GET', '/api/ready');
  const liveness = await call(base, 'GET', '/api/health');
  const upAt = Date.now();
  proxy.up();
  await sleep(1_500);
  release();
  const log = await running;
  return { log, downAt, upAt, ready, liveness };
}

describe.each<DownMode>(['refuse', 'blackhole'])(
  'PostgreSQL going away under load (%s) and coming back',
  (mode) => {
    it('answers 503 JSON within 2 s while it is away, and 2xx again afterwards without a restart of ours', async () => {
      const { log, downAt, upAt, ready, liveness } = await restartUnderLoad(mode);
      // The same process throughout: it neither crashed nor was restarted.
      expect(server.child.exitCode, server.output().stderr.slice(-4_000)).toBeNull();
      expect(server.child.signalCode).toBeNull();
      // Every answer at all, including those caught in flight by the drop, is quick.
      const slow = log.filter((l) => l.answer.status === 0 || l.answer.ms > FAST_MS);
      expect(summary(slow)).toEqual([]);

      const before = log.filter((l) => l.sentAt + l.answer.ms < downAt);
      // Sent once the proxy was down (plus a margin for the connection drop to reach every
      // client) and answered before it came back: the database was away for all of it.
      const during = log.filter(
        (l) => l.sentAt > downAt + 50 && l.sentAt + l.answer.ms < upAt - 50,
      );
      const afterwards = log.filter((l) => l.sentAt > upAt + 1_000);

      expect(before.length).toBeGreaterThan(10);
      expect(summary(before.filter((l) => l.answer.status >= 300))).toEqual([]);

      expect(during.length).toBeGreaterThan(WORKERS);
      const wrong = during.filter(
        (l) =>
          l.answer.status !== 503 ||
          (l.answer.body as { message?: unknown }).message !== HTTP_MESSAGES.databaseUnavailable ||
          l.answer.retryAfter !== String(DATABASE_FAULT_RETRY_AFTER_SECONDS),
      );
      expect(summary(wrong)).toEqual([]);

      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable' });
      expect(ready.ms).toBeLessThan(FAST_MS);
      expect(liveness.status).toBe(200);

      expect(afterwards.length).toBeGreaterThan(WORKERS);
      expect(summary(afterwards.filter((l) => l.answer.status >= 300))).toEqual([]);
      expect((await call(base, 'GET', '/api/ready')).status).toBe(200);
    });
  },
);

describe('the live channel while PostgreSQL is away', () => {
  it('keeps an open tab open, says nothing false to it, and brings it the next change when the database is back', async () => {
    const user = users[0] as LoadUser;
    const tab = await connectLive(base);
    tab.hello(user.token, { id: 'laptop', label: 'Laptop' });
    const first = await tab.next('timer');
    proxy.down('refuse');
    await sleep(DOWN_MS);
    // The session check cannot reach the database: the tab is neither signed out nor closed.
    expect(tab.socket.readyState).toBe(tab.socket.OPEN);
    proxy.up();
    // Back when the server says it is ready again.
    const deadline = Date.now() + 10_000;
    while ((await call(base, 'GET', '/api/ready')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the server did not get its database back');
      await sleep(100);
    }
    const from = tab.messages.length;
    const pressed = await call(base, 'POST', '/api/timer/actions', {
      token: user.token,
      body: {
        requests: [
          {
            id: 'after-restart',
            device: 'phone',
            baseVersion: first.timer.version,
            at: Date.now(),
            action: { type: 'start' },
          },
        ],
      },
    });
    expect(pressed.status, pressed.text).toBe(200);
    const seen = await tab.next('timer', {
      from,
      match: (m) => m.timer.version > first.timer.version,
    });
    expect(seen.timer.state.status).toBe('running');
    expect(tab.socket.readyState).toBe(tab.socket.OPEN);
    tab.socket.close();
  }, 30_000);
});
