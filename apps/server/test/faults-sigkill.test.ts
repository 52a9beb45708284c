import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session, StatsResponseJson, Todo } from '@focusroom/core/schemas';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/index.js';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { DIALECTS, createTestDatabase, type DialectName } from './support/databases.js';
import { LOAD_ENV, call, registerUser, sessionBody, type LoadUser } from './support/faults-load.js';

/**
 * The server killed with SIGKILL in the middle of a write load (no drain, no close), then started
 * again on the same database: every write it had answered 2xx is there, and the statistics
 * rollup agrees with the sessions stored. An answer sent before its transaction committed, or a
 * rollup written apart from its session, fails here.
 */

const USERS = 4;
/** The kill comes once this many sessions are acknowledged (a count, not a time: CPU varies). */
const KILL_AFTER_SESSIONS = 100;
const LOAD_MAX_MS = 20_000;
/** Two server starts, the load and the checks: 10-20 s here, more on a busy machine. */
const TEST_TIMEOUT_MS = 60_000;

interface UserLoad {
  user: LoadUser;
  /** Sessions answered 2xx: client_id to the session answered. */
  sessions: Map<string, Session>;
  /** client_ids sent and not answered (in flight when the process died). */
  unanswered: Set<string>;
  /** The last to-do list answered 2xx (texts in order), and the one in flight, if any. */
  todosAcked: string[];
  todosInFlight: string[] | undefined;
}

/** One user's two writers: sessions one after another, and a to-do list growing by one. */
async function drive(base: string, load: UserLoad, dead: () => boolean): Promise<void> {
  const sessionWriter = async () => {
    for (let step = 0; !dead(); step += 1) {
      const body = sessionBody(step);
      load.unanswered.add(body.client_id);
      const answer = await call(base, 'POST', '/api/pomodoro/sessions', {
        token: load.user.token,
        body,
      });
      if (answer.status === 0) return;
      expect(answer.status, answer.text).toBe(201);
      load.unanswered.delete(body.client_id);
      load.sessions.set(body.client_id, answer.body as Session);
    }
  };
  const todoWriter = async () => {
    for (let step = 0; !dead(); step += 1) {
      const texts = [...load.todosAcked, `To-do ${step}`];
      load.todosInFlight = texts;
      const answer = await call(base, 'POST', '/api/pomodoro/todos', {
        token: load.user.token,
        body: { todos: texts.map((text) => ({ text })) },
      });
      if (answer.status === 0) return;
      expect(answer.status, answer.text).toBe(200);
      load.todosAcked = texts;
      load.todosInFlight = undefined;
    }
  };
  await Promise.all([sessionWriter(), todoWriter()]);
}

/** The stored rollup and the same totals computed here from the stored sessions (zone UTC). */
async function rollupCheck(db: Db, userId: string) {
  const stored = await db
    .selectFrom('session_day_rollups')
    .select(['day', 'sessions', 'completed', 'minutes'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
  const sessions = await db
    .selectFrom('focus_sessions')
    .select(['start_time', 'completed', 'duration'])
    .where('user_id', '=', userId)
    .execute();
  const days = new Map<string, { sessions: number; completed: number; minutes: number }>();
  for (const s of sessions) {
    const day = new Date(s.start_time).toISOString().slice(0, 10);
    const totals = days.get(day) ?? { sessions: 0, completed: 0, minutes: 0 };
    totals.sessions += 1;
    if (Number(s.completed) === 1 || (s.completed as unknown) === true) {
      totals.completed += 1;
      totals.minutes += Number(s.duration);
    }
    days.set(day, totals);
  }
  return {
    stored: stored.map((r) => ({
      day: r.day,
      sessions: Number(r.sessions),
      completed: Number(r.completed),
      minutes: Number(r.minutes),
    })),
    expected: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, totals]) => ({ day, ...totals })),
  };
}

describe.each(DIALECTS)('SIGKILL in the middle of a write load on %s', (dialect: DialectName) => {
  it(
    'keeps every acknowledged session and to-do list after a restart, with the rollup matching the sessions',
    async () => {
      const dataDir = tempDir();
      const env: Record<string, string> = { ...LOAD_ENV, DATA_DIR: dataDir };
      const database = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined;
      if (database?.config.kind === 'postgres') env.DATABASE_URL = database.config.url;
      let server: ChildServer | undefined = startChildServer(env);
      let local: { db: Db; close(): Promise<void> } | undefined;
      try {
        const base = await server.listening;
        const loads: UserLoad[] = [];
        for (let i = 0; i < USERS; i += 1) {
          loads.push({
            user: await registerUser(base),
            sessions: new Map(),
            unanswered: new Set(),
            todosAcked: [],
            todosInFlight: undefined,
          });
        }

        let killed = false;
        const running = Promise.all(loads.map((load) => drive(base, load, () => killed)));
        const acknowledged = () => loads.reduce((n, l) => n + l.sessions.size, 0);
        const deadline = Date.now() + LOAD_MAX_MS;
        while (acknowledged() < KILL_AFTER_SESSIONS && Date.now() < deadline) await sleep(10);
        const killedServer = server;
        killedServer.child.kill('SIGKILL');
        killed = true;
        expect(await killedServer.exited).toBeNull();
        await running;

        const inFlight = loads.reduce(
          (n, l) => n + l.unanswered.size + (l.todosInFlight ? 1 : 0),
          0,
        );
        // The kill landed mid-load: many writes answered, and writes still on their way.
        expect(acknowledged()).toBeGreaterThanOrEqual(KILL_AFTER_SESSIONS);
        expect(inFlight).toBeGreaterThan(0);

        server = startChildServer(env);
        const again = await server.listening;

        for (const load of loads) {
          const { token, id } = load.user;
          const listed = await call(again, 'GET', '/api/pomodoro/sessions', { token });
          expect(listed.status, listed.text).toBe(200);
          const stored = listed.body as Session[];
          const byClientId = new Map(stored.map((s) => [s.client_id, s]));
          const acked = [...load.sessions.values()];
          expect(acked.map((s) => byClientId.get(s.client_id))).toEqual(acked);
          // Nothing but what was sent, each once: the acknowledged, maybe the one in flight.
          expect(byClientId.size).toBe(stored.length);
          const extra = stored.filter(
            (s) => !load.sessions.has(s.client_id ?? '') && !load.unanswered.has(s.client_id ?? ''),
          );
          expect(extra).toEqual([]);

          const todos = await call(again, 'GET', '/api/pomodoro/todos', { token });
          expect(todos.status, todos.text).toBe(200);
          const texts = (todos.body as Todo[]).map((t) => t.text);
          // The last list answered, or the one in flight if it committed before the kill.
          expect([load.todosAcked, load.todosInFlight]).toContainEqual(texts);

          const stats = await call(again, 'GET', '/api/pomodoro/stats?tz=UTC', { token });
          expect(stats.status, stats.text).toBe(200);
          const totals = stats.body as StatsResponseJson;
          expect(totals.totalSessions).toBe(stored.length);
          expect(totals.completedSessions).toBe(stored.filter((s) => s.completed).length);

          local ??=
            database ?? openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'focusroom.db') });
          const rollup = await rollupCheck(local.db, id);
          expect(rollup.stored).toEqual(rollup.expected);
        }

        if (dialect === 'sqlite' && local) {
          const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
            local.db,
          );
          expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
        }
      } finally {
        server?.stop();
        await server?.exited;
        if (local !== database) await local?.close();
        await database?.drop();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
