/**
 * GET /api/pomodoro/stats latency for one user with 1,000 / 10,000 / 100,000 sessions spread
 * over ten years, through the real built server on SQLite and on PostgreSQL (the bar: <= 25 ms
 * median at 100,000 on SQLite). Per size:
 * - the user's own zone, read from the per-day rollup (the default request), computed (each
 *   read follows a write) and repeated (the server reuses an answer until the data changes);
 * - another zone (`?tz=`), aggregated directly from the sessions by the database, the same two
 *   ways;
 * - the first read after the user's time_zone changed, which rebuilds the rollup (once).
 *
 * Sessions are written straight into the database in bulk, with a rollup consistent with them
 * (UTC days are the date prefix of the stored UTC times); the user's profile zone is then set to
 * America/New_York, so the first stats read rebuilds the rollup in that zone through the server.
 *
 * The `revalidate` part (docs/decisions/040-stats-revalidation.md): server CPU per request of a
 * statistics 200 against a 304, over REVALIDATE_USERS distinct seeded users (more than the
 * server's answer cache holds, as at capacity), each asked once per pass, open loop at
 * REVALIDATE_RATE a second through the load benchmark's client (which revalidates as the web app
 * does). Passes alternate: tags forgotten (every answer a computed 200) and tags sent (every
 * answer a 304), REVALIDATE_ROUNDS times, so a busy machine weighs on both alike.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/stats-latency.ts        (SIZES=1000,10000 RUNS=200 ENGINES=sqlite,postgres
 *                                          PARTS=latency,revalidate REVALIDATE_USERS=3000
 *                                          REVALIDATE_RATE=200 REVALIDATE_ROUNDS=3)
 */
import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from './lib/bench-database.js';
import { LoadClient } from './lib/load-driver.js';
import { REQUESTS, type LoadUser, type MixRequest } from './lib/load-mix.js';
import { cpuMs, postgresPids } from './lib/load-procs.js';
import { seedPostgres as seedLoadPostgres, seedSqlite as seedLoadSqlite } from './lib/load-seed.js';
import { startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const SIZES = (process.env.SIZES ?? '1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 20;
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const PARTS = (process.env.PARTS ?? 'latency,revalidate').split(',');
const REVALIDATE_USERS = Number(process.env.REVALIDATE_USERS ?? 3000);
const REVALIDATE_RATE = Number(process.env.REVALIDATE_RATE ?? 200);
const REVALIDATE_ROUNDS = Number(process.env.REVALIDATE_ROUNDS ?? 3);
const OWN_ZONE = 'America/New_York';
const OTHER_ZONE = 'Asia/Tokyo';
const TEN_YEARS_MS = 10 * 365.25 * 86_400_000;

interface Row {
  id: string;
  user_id: string;
  duration: number;
  task: string;
  completed: number;
  start_time: string;
  end_time: string;
  created_at: string;
  updated_at: string;
}

/** `count` sessions at random instants of the last ten years; about 9 in 10 completed. */
function makeSessions(userId: string, count: number): Row[] {
  const now = Date.now();
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const start = now - Math.random() * TEN_YEARS_MS;
    const duration = 5 + Math.floor(Math.random() * 56);
    const startIso = new Date(start).toISOString();
    rows.push({
      id: randomUUID(),
      user_id: userId,
      duration,
      task: `Bench task ${i}`,
      completed: Math.random() < 0.9 ? 1 : 0,
      start_time: startIso,
      end_time: new Date(start + duration * 60_000).toISOString(),
      created_at: startIso,
      updated_at: startIso,
    });
  }
  return rows;
}

const ROLLUP_UTC_SQL = `
  insert into session_day_rollups (user_id, day, sessions, completed, minutes)
  select user_id, substr(start_time, 1, 10), count(*), sum(completed), sum(completed * duration)
  from focus_sessions where user_id = $1 group by user_id, substr(start_time, 1, 10)`;

function seedSqlite(server: RunningServer, rows: Row[], userId: string): void {
  const db = new Database(path.join(server.dataDir, 'focusroom.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into focus_sessions (id, user_id, client_id, duration, task, completed, start_time,
       end_time, created_at, updated_at)
     values (@id, @user_id, null, @duration, @task, @completed, @start_time, @end_time,
       @created_at, @updated_at)`,
  );
  db.transaction(() => {
    for (const row of rows) insert.run(row);
    db.prepare(
      `insert into session_rollup_zones (user_id, time_zone) values (?, 'UTC')
       on conflict (user_id) do update set time_zone = 'UTC'`,
    ).run(userId);
    db.prepare('delete from session_day_rollups where user_id = ?').run(userId);
    db.prepare(ROLLUP_UTC_SQL.replace('$1', '?')).run(userId);
  })();
  db.close();
}

async function seedPostgres(url: string, rows: Row[], userId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (let i = 0; i < rows.length; i += 5000) {
      const batch = rows.slice(i, i + 5000);
      const column = <K extends keyof Row>(key: K) => batch.map((r) => r[key]);
      await client.query(
        `insert into focus_sessions (id, user_id, client_id, duration, task, completed, start_time,
           end_time, created_at, updated_at)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[],
           $6::int[], $7::text[], $8::text[], $9::text[], $10::text[])`,
        [
          column('id'),
          column('user_id'),
          batch.map(() => null),
          column('duration'),
          column('task'),
          column('completed'),
          column('start_time'),
          column('end_time'),
          column('created_at'),
          column('updated_at'),
        ],
      );
    }
    await client.query(
      `insert into session_rollup_zones (user_id, time_zone) values ($1, 'UTC')
       on conflict (user_id) do update set time_zone = 'UTC'`,
      [userId],
    );
    await client.query('delete from session_day_rollups where user_id = $1', [userId]);
    await client.query(ROLLUP_UTC_SQL, [userId]);
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function json(
  server: RunningServer,
  token: string,
  method: string,
  url: string,
  body?: object,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * `runs` timed reads. With `afterWrite`, each read follows an untimed edit of one session (its
 * duration goes up and down by a minute), so the answer cannot come from the server's cache of
 * computed statistics and is computed from the database's totals.
 */
async function timeStats(
  server: RunningServer,
  token: string,
  query: string,
  runs: number,
  afterWrite?: string,
) {
  const samples: number[] = [];
  let body = '';
  for (let i = 0; i < runs + WARMUP; i++) {
    if (afterWrite) {
      await json(server, token, 'PUT', `/api/pomodoro/sessions/${afterWrite}`, {
        duration: 30 + (i % 2),
      });
    }
    const t = performance.now();
    const res = await fetch(`${server.url}/api/pomodoro/stats${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    body = await res.text();
    if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${body}`);
    if (i >= WARMUP) samples.push(performance.now() - t);
  }
  return { samples, body: JSON.parse(body) as { totalSessions: number } };
}

interface Result {
  engine: string;
  size: number;
  rebuildMs: number;
  ownComputed: number[];
  ownCached: number[];
  otherComputed: number[];
  otherCached: number[];
  rssMb: number;
}

async function measure(engine: string, size: number): Promise<Result> {
  const database = engine === 'postgres' ? await createBenchDatabase() : undefined;
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const server = await startServer(env);
  try {
    const tag = randomBytes(4).toString('hex');
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        username: `bench_${tag}`,
        email: `bench_${tag}@example.com`,
        password: 'correct horse battery staple 42',
      }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const rows = makeSessions(user.id, size);
    if (engine === 'postgres') await seedPostgres(env.DATABASE_URL!, rows, user.id);
    else seedSqlite(server, rows, user.id);

    await json(server, token, 'PUT', '/api/users/me', { time_zone: OWN_ZONE });
    const t = performance.now();
    const first = await json(server, token, 'GET', '/api/pomodoro/stats');
    const rebuildMs = performance.now() - t;
    if (first.totalSessions !== size)
      throw new Error(`expected ${size}, got ${first.totalSessions}`);

    const [edited] = (await (
      await fetch(`${server.url}/api/pomodoro/sessions?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: string }[];
    const other = `?tz=${encodeURIComponent(OTHER_ZONE)}`;
    const ownComputed = await timeStats(server, token, '', RUNS, edited!.id);
    const ownCached = await timeStats(server, token, '', RUNS);
    const otherComputed = await timeStats(server, token, other, RUNS, edited!.id);
    const otherCached = await timeStats(server, token, other, RUNS);
    if (otherComputed.body.totalSessions !== size)
      throw new Error('direct aggregate lost sessions');
    return {
      engine,
      size,
      rebuildMs,
      ownComputed: ownComputed.samples,
      ownCached: ownCached.samples,
      otherComputed: otherComputed.samples,
      otherCached: otherCached.samples,
      rssMb: server.peakRssMb(),
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

interface PassFigures {
  statuses: Record<string, number>;
  serverCpuMs: number;
  databaseCpuMs: number;
}

/**
 * Each user asks for their statistics once, open loop at REVALIDATE_RATE a second; the CPU of
 * the server (and of PostgreSQL) from the first send until the last answer.
 */
async function revalidatePass(
  client: LoadClient,
  users: LoadUser[],
  server: RunningServer,
  engine: string,
  req: MixRequest = REQUESTS.stats,
): Promise<PassFigures> {
  const statuses: Record<string, number> = {};
  const count = (key: string): void => {
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const dbPids = engine === 'postgres' ? postgresPids() : [];
  const server0 = cpuMs([server.pid]);
  const db0 = cpuMs(dbPids);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  let sent = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(
        users.length,
        Math.floor(((performance.now() - start) / 1000) * REVALIDATE_RATE),
      );
      for (; sent < due; sent++) {
        pending.push(
          client.send(req, users[sent]!).then(
            (status) => count(String(status)),
            (error: Error) => count(error.message),
          ),
        );
      }
      if (sent >= users.length) done();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  return {
    statuses,
    serverCpuMs: cpuMs([server.pid]) - server0,
    databaseCpuMs: cpuMs(dbPids) - db0,
  };
}

interface RevalidateResult {
  engine: string;
  full: PassFigures[];
  revalidated: PassFigures[];
  /** GET /api/auth/me for the same users at the same rate: the floor of an authenticated read. */
  reference: PassFigures[];
}

async function measureRevalidate(engine: string): Promise<RevalidateResult> {
  const jwtSecret = randomBytes(32).toString('hex');
  const database = engine === 'postgres' ? await createBenchDatabase() : undefined;
  const env: Record<string, string> = { JWT_SECRET: jwtSecret };
  if (database) env.DATABASE_URL = database.url;
  const server = await startServer(env);
  const client = new LoadClient(server.url, 16);
  try {
    const seed = { users: REVALIDATE_USERS, historySessions: 40, jwtSecret };
    const users =
      engine === 'postgres'
        ? await seedLoadPostgres(env.DATABASE_URL!, seed)
        : await seedLoadSqlite(server.dataDir, seed);
    // Warm-up: every user once (JIT, connections, pages), which also hands out the tags.
    await revalidatePass(client, users, server, engine);
    const full: PassFigures[] = [];
    const revalidated: PassFigures[] = [];
    const reference: PassFigures[] = [];
    for (let round = 0; round < REVALIDATE_ROUNDS; round++) {
      reference.push(await revalidatePass(client, users, server, engine, REQUESTS.me));
      revalidated.push(await revalidatePass(client, users, server, engine));
      for (const user of users) user.appTags?.clear();
      full.push(await revalidatePass(client, users, server, engine));
    }
    return { engine, full, revalidated, reference };
  } finally {
    client.close();
    await server.stop();
    await database?.drop();
  }
}

function printRevalidate(results: RevalidateResult[]): void {
  const perRequest = (passes: PassFigures[], pick: (p: PassFigures) => number) =>
    percentile(
      passes.map((p) => pick(p) / REVALIDATE_USERS),
      50,
    );
  const statuses = (passes: PassFigures[]) =>
    [
      ...new Set(passes.flatMap((p) => Object.entries(p.statuses).map(([k, v]) => `${k}×${v}`))),
    ].join(' ');
  console.log('');
  console.log(
    `GET /api/pomodoro/stats, ${REVALIDATE_USERS} distinct users (40 sessions each), each once ` +
      `per pass at ${REVALIDATE_RATE}/s; CPU ms per request, median of ${REVALIDATE_ROUNDS} ` +
      'passes of each kind, alternated. "full": no tag sent (a computed 200); "revalidated": ' +
      'the last ETag sent as If-None-Match (a 304); "/auth/me": GET /api/auth/me for the same ' +
      'users at the same rate, the floor of an authenticated read.',
  );
  console.log('');
  console.log(
    '| engine | full: server | revalidated: server | ratio | /auth/me: server | full: database | revalidated: database | answers (full / revalidated) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const fullServer = perRequest(r.full, (p) => p.serverCpuMs);
    const revServer = perRequest(r.revalidated, (p) => p.serverCpuMs);
    const db = r.engine === 'postgres';
    console.log(
      `| ${r.engine} | ${round(fullServer, 3)} | ${round(revServer, 3)} | ${round(fullServer / revServer)}x | ` +
        `${round(
          perRequest(r.reference, (p) => p.serverCpuMs),
          3,
        )} | ` +
        `${
          db
            ? round(
                perRequest(r.full, (p) => p.databaseCpuMs),
                3,
              )
            : '-'
        } | ` +
        `${
          db
            ? round(
                perRequest(r.revalidated, (p) => p.databaseCpuMs),
                3,
              )
            : '-'
        } | ` +
        `${statuses(r.full)} / ${statuses(r.revalidated)} |`,
    );
  }
}

async function main() {
  if (PARTS.includes('latency')) await latency();
  if (PARTS.includes('revalidate')) {
    const results: RevalidateResult[] = [];
    for (const engine of ENGINES) {
      process.stderr.write(`${engine} revalidate, ${REVALIDATE_USERS} users...\n`);
      results.push(await measureRevalidate(engine));
    }
    printRevalidate(results);
  }
}

async function latency() {
  const results: Result[] = [];
  for (const engine of ENGINES) {
    for (const size of SIZES) {
      process.stderr.write(`${engine} ${size} sessions...\n`);
      results.push(await measure(engine, size));
    }
  }
  const cell = (xs: number[]) => `${round(percentile(xs, 50))} / ${round(percentile(xs, 99))}`;
  console.log(
    `GET /api/pomodoro/stats, one user, sessions over ten years; median / p99 of ${RUNS} ` +
      `sequential requests after ${WARMUP} warm-up (ms). Own zone ${OWN_ZONE}: the per-day ` +
      `rollup; other zone ${OTHER_ZONE}: aggregated directly. "computed": each read follows ` +
      'a write, so nothing is reused; "repeated": the same answer again (reused while the data ' +
      'and the day stay the same).',
  );
  console.log('');
  console.log(
    '| engine | sessions | own zone, computed | own zone, repeated | other zone, computed | other zone, repeated | first read after a zone change (rebuild) | server peak RSS (MB) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.size.toLocaleString('en-US')} | ${cell(r.ownComputed)} | ${cell(r.ownCached)} | ${cell(r.otherComputed)} | ${cell(r.otherCached)} | ${round(r.rebuildMs)} | ${r.rssMb} |`,
    );
  }
  const bar = results.find((r) => r.engine === 'sqlite' && r.size === 100_000);
  if (bar) {
    const median = percentile(bar.ownComputed, 50);
    console.log('');
    console.log(
      `Latency bar (SQLite, 100,000 sessions, median <= 25 ms), computed after a write: ` +
        `${round(median)} ms, ${median <= 25 ? 'met' : 'NOT met'}`,
    );
  }
}

await main();
