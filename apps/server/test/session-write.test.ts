import type { Session } from '@focusroom/core/schemas';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { buildApp } from '../src/app.js';
import { survivesDroppedConnections } from '../src/db/index.js';
import type { Database } from '../src/db/schema.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { CapturingMailer } from './support/capturing-mailer.js';
import { TestClock } from './support/clock.js';
import { DIALECTS, type TestDatabase } from './support/databases.js';

/**
 * The session write keeps the per-day rollup exact under concurrent writes, on both engines;
 * on PostgreSQL it is one statement (decision 033), with the step-by-step transaction taking
 * over only when that statement cannot answer.
 */

const ZONE = 'Europe/Berlin';
const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE });

function body(start: string, overrides: Record<string, unknown> = {}) {
  const duration = typeof overrides.duration === 'number' ? overrides.duration : 25;
  return {
    duration,
    task: 'Write the report',
    completed: true,
    start_time: start,
    end_time: new Date(Date.parse(start) + duration * 60_000).toISOString(),
    ...overrides,
  };
}

function post(app: App, token: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/pomodoro/sessions',
    headers: bearer(token),
    payload,
  });
}

async function setZone(app: App, token: string) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { time_zone: ZONE },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The user's rollup rows as stored, by day. */
async function storedRollup(database: TestDatabase, userId: string) {
  const rows = await database.db
    .selectFrom('session_day_rollups')
    .select(['day', 'sessions', 'completed', 'minutes'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    sessions: Number(r.sessions),
    completed: Number(r.completed),
    minutes: Number(r.minutes),
  }));
}

/** The same totals computed here from the stored sessions, local days in ZONE. */
async function expectedRollup(database: TestDatabase, userId: string) {
  const sessions = await database.db
    .selectFrom('focus_sessions')
    .select(['start_time', 'completed', 'duration'])
    .where('user_id', '=', userId)
    .execute();
  const days = new Map<string, { sessions: number; completed: number; minutes: number }>();
  for (const s of sessions) {
    const day = localDay.format(new Date(s.start_time));
    const totals = days.get(day) ?? { sessions: 0, completed: 0, minutes: 0 };
    totals.sessions += 1;
    totals.completed += s.completed;
    totals.minutes += s.completed * s.duration;
    days.set(day, totals);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, totals]) => ({ day, ...totals }));
}

describe.each(DIALECTS)('session writes on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('adds concurrent writes of one user to one local day exactly', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    await setZone(app, token);
    // The first session makes the zone row; the concurrent ones all find it.
    expect((await post(app, token, body('2026-11-22T08:00:00.000Z'))).statusCode).toBe(201);

    // 23:00Z on the 21st is already the 22nd in Berlin; 23:10Z on the 22nd is the 23rd.
    const starts = Array.from({ length: 40 }, (_, i) =>
      i % 10 === 9
        ? `2026-11-22T23:${String(10 + i).padStart(2, '0')}:00.000Z`
        : new Date(Date.parse('2026-11-21T23:00:00.000Z') + i * 30 * 60_000).toISOString(),
    );
    const responses = await Promise.all(
      starts.map((start, i) =>
        post(app, token, body(start, { completed: i % 3 !== 0, duration: 10 + (i % 7) })),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(starts.map(() => 201));

    const stored = await storedRollup(database, user.id);
    expect(stored).toEqual(await expectedRollup(database, user.id));
    expect(stored.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
    expect(stored.reduce((n, d) => n + d.sessions, 0)).toBe(41);
  });

  it('answers concurrent repeats of a client_id with one session, counted once', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    await setZone(app, token);
    expect((await post(app, token, body('2026-11-22T08:00:00.000Z'))).statusCode).toBe(201);

    const clientId = '0195f0a8-1c2d-7e3f-8a4b-00000000c0de';
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(app, token, body('2026-11-22T10:00:00.000Z', { client_id: clientId, task: `${i}` })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(11).fill(200), 201]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await storedRollup(database, user.id)).toEqual([
      { day: '2026-11-22', sessions: 2, completed: 2, minutes: 50 },
    ]);
  });
});

describe('the session write on PostgreSQL', () => {
  const apps = useTestApps('postgres');
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  /** An app on the test database whose every SQL text sent to PostgreSQL is recorded. */
  async function recordingApp() {
    const { config, database } = await apps.make();
    const sent: string[] = [];
    const pool = new pg.Pool({
      connectionString: database.config.kind === 'postgres' ? database.config.url : '',
      max: 4,
    });
    // pg-pool's end() resolves before its connections have closed: the database's forced drop
    // at the end of the file can still reach one.
    survivesDroppedConnections(pool);
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        if (typeof args[0] === 'string') sent.push(args[0]);
        return query(...args);
      };
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const app = await buildApp({
      config,
      db,
      dialect: 'postgres',
      clock: new TestClock(),
      mailer: new CapturingMailer(),
    });
    cleanup.push(async () => {
      await app.close();
      await db.destroy();
    });
    return { app, database, sent };
  }

  it('records a session in one statement, outside any transaction', async () => {
    const { app, database, sent } = await recordingApp();
    const { token, user } = await register(app);
    await setZone(app, token);
    expect((await post(app, token, body('2026-11-22T08:00:00.000Z'))).statusCode).toBe(201);

    sent.length = 0;
    const response = await post(app, token, body('2026-11-22T09:00:00.000Z'));
    expect(response.statusCode, response.body).toBe(201);
    const writes = sent.filter((text) =>
      /focus_sessions|session_day_rollups|session_rollup_zones|^\s*(begin|commit)/i.test(text),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/insert into focus_sessions[\s\S]*insert into session_day_rollups/);
    expect(await storedRollup(database, user.id)).toEqual(await expectedRollup(database, user.id));
  });

  it('answers a repeat committed while the write waited for the zone lock with that session', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    await setZone(app, token);
    expect((await post(app, token, body('2026-11-22T08:00:00.000Z'))).statusCode).toBe(201);
    const url = database.config.kind === 'postgres' ? database.config.url : '';
    const other = new pg.Client({ connectionString: url });
    other.on('error', () => {});
    await other.connect();
    cleanup.push(() => other.end());

    // Another writer holds the user's zone lock and records the same client_id.
    const clientId = '0195f0a8-1c2d-7e3f-8a4b-0000000000aa';
    const id = '0195f0a8-1c2d-7e3f-8a4b-0000000000bb';
    const start = '2026-11-22T10:00:00.000Z';
    await other.query('begin');
    await other.query('update session_rollup_zones set version = version + 1 where user_id = $1', [
      user.id,
    ]);
    await other.query(
      `insert into focus_sessions
         (id, user_id, client_id, duration, task, completed, start_time, end_time, created_at, updated_at)
       values ($1, $2, $3, 25, 'Theirs', 1, $4, $5, $4, $4)`,
      [id, user.id, clientId, start, '2026-11-22T10:25:00.000Z'],
    );
    await other.query(
      `update session_day_rollups set sessions = sessions + 1, completed = completed + 1,
         minutes = minutes + 25 where user_id = $1 and day = '2026-11-22'`,
      [user.id],
    );

    const pending = post(app, token, body(start, { client_id: clientId, task: 'Ours' }));
    // Wait until our statement is blocked on the zone row's lock, then let the other commit.
    for (let i = 0; ; i++) {
      const { rows } = await other.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (Number(rows[0]!.n) > 0) break;
      if (i > 200) throw new Error('the write never waited for the zone lock');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await other.query('commit');

    const response = await pending;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Session>()).toMatchObject({ id, task: 'Theirs', client_id: clientId });
    expect(await storedRollup(database, user.id)).toEqual([
      { day: '2026-11-22', sessions: 2, completed: 2, minutes: 50 },
    ]);
  });
});
