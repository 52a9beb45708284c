/**
 * GET /api/admin/overview at 100,000 users, on SQLite and on PostgreSQL, against GET /api/health
 * in the same run (the framework's own floor), through the real built server: the first request
 * (every figure computed, the month's sessions included) and the median and p99 of the
 * sequential requests after it (today's figures and the user counts computed each time; the
 * closed days and active users kept for a while, decision 024).
 *
 * Seeded straight into the database: USERS accounts created over the last two years (four in
 * five verified); one in four is active, recording 1-3 sessions (25-50 minutes, nine in ten
 * completed) on about 40% of the last 60 days, about 900,000 sessions in all; 200 open reports.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/admin-overview.ts        (USERS=100000 RUNS=50 ENGINES=sqlite,postgres)
 */
import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database.js';
import { startServer, verifyFromOutbox, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 50);
const WARMUP = 5;
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const DAY_MS = 86_400_000;
const ACTIVE_SHARE = 0.25;
const ACTIVE_DAYS = 60;
const REPORTS = 200;

interface UserRow {
  id: string;
  name: string;
  username: string;
  username_lower: string;
  email: string;
  is_verified: number;
  created_at: string;
  updated_at: string;
}

interface SessionRow {
  id: string;
  user_id: string;
  duration: number;
  completed: number;
  start_time: string;
  end_time: string;
}

/** The seeded users and their sessions, made in batches so memory stays small. */
function* batches(
  now: number,
  size = 5000,
): Generator<{ users: UserRow[]; sessions: SessionRow[] }> {
  for (let first = 0; first < USERS; first += size) {
    const users: UserRow[] = [];
    const sessions: SessionRow[] = [];
    for (let i = first; i < Math.min(USERS, first + size); i++) {
      const created = new Date(now - Math.random() * 730 * DAY_MS).toISOString();
      const id = randomUUID();
      users.push({
        id,
        name: `Seed ${i}`,
        username: `seed_${i}`,
        username_lower: `seed_${i}`,
        email: `seed_${i}@example.com`,
        is_verified: Math.random() < 0.8 ? 1 : 0,
        created_at: created,
        updated_at: created,
      });
      if (Math.random() >= ACTIVE_SHARE) continue;
      for (let d = 0; d < ACTIVE_DAYS; d++) {
        if (Math.random() >= 0.4) continue;
        const count = 1 + Math.floor(Math.random() * 3);
        for (let s = 0; s < count; s++) {
          const start = now - d * DAY_MS - Math.random() * DAY_MS;
          const duration = 25 + Math.floor(Math.random() * 26);
          sessions.push({
            id: randomUUID(),
            user_id: id,
            duration,
            completed: Math.random() < 0.9 ? 1 : 0,
            start_time: new Date(start).toISOString(),
            end_time: new Date(start + duration * 60_000).toISOString(),
          });
        }
      }
    }
    yield { users, sessions };
  }
}

/** One public theme of the first seeded user, reported by REPORTS others. */
function reportRows(themeId: string, reporters: string[], now: string) {
  return reporters.map((userId) => ({ id: randomUUID(), theme_id: themeId, user_id: userId, now }));
}

function seedSqlite(server: RunningServer): number {
  const db = new Database(path.join(server.dataDir, 'focusroom.db'));
  db.pragma('busy_timeout = 5000');
  const insertUser = db.prepare(
    `insert into users (id, name, username, username_lower, email, password_hash, is_verified,
       role, created_at, updated_at)
     values (@id, @name, @username, @username_lower, @email, null, @is_verified, 'user',
       @created_at, @updated_at)`,
  );
  const insertSession = db.prepare(
    `insert into focus_sessions (id, user_id, client_id, duration, task, completed, start_time,
       end_time, created_at, updated_at)
     values (@id, @user_id, null, @duration, '', @completed, @start_time, @end_time,
       @start_time, @start_time)`,
  );
  let sessions = 0;
  const now = Date.now();
  const reporters: string[] = [];
  let owner = '';
  for (const batch of batches(now)) {
    db.transaction(() => {
      for (const u of batch.users) insertUser.run(u);
      for (const s of batch.sessions) insertSession.run(s);
    })();
    sessions += batch.sessions.length;
    owner ||= batch.users[0]!.id;
    if (reporters.length < REPORTS)
      reporters.push(...batch.users.slice(1, 1 + REPORTS).map((u) => u.id));
  }
  const themeId = randomUUID();
  const iso = new Date(now).toISOString();
  db.transaction(() => {
    db.prepare(
      `insert into themes (id, user_id, name, background_color, text_color, primary_color,
         secondary_color, accent_color, is_public, created_at, updated_at)
       values (?, ?, 'Reported', '#000000', '#ffffff', '#7c3aed', '#a78bfa', '#f97316', 1, ?, ?)`,
    ).run(themeId, owner, iso, iso);
    const insertReport = db.prepare(
      `insert into theme_reports (id, theme_id, user_id, reason, created_at)
       values (@id, @theme_id, @user_id, 'Bench', @now)`,
    );
    for (const r of reportRows(themeId, reporters.slice(0, REPORTS), iso)) insertReport.run(r);
  })();
  db.close();
  return sessions;
}

async function seedPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let sessions = 0;
  try {
    const now = Date.now();
    const reporters: string[] = [];
    let owner = '';
    for (const batch of batches(now)) {
      const u = batch.users;
      await client.query(
        `insert into users (id, name, username, username_lower, email, password_hash,
           is_verified, role, created_at, updated_at)
         select a, b, c, d, e, null, f, 'user', g, h from unnest($1::text[], $2::text[],
           $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[])
           as t(a, b, c, d, e, f, g, h)`,
        [
          u.map((r) => r.id),
          u.map((r) => r.name),
          u.map((r) => r.username),
          u.map((r) => r.username_lower),
          u.map((r) => r.email),
          u.map((r) => r.is_verified),
          u.map((r) => r.created_at),
          u.map((r) => r.updated_at),
        ],
      );
      const s = batch.sessions;
      for (let i = 0; i < s.length; i += 20_000) {
        const part = s.slice(i, i + 20_000);
        await client.query(
          `insert into focus_sessions (id, user_id, client_id, duration, task, completed,
             start_time, end_time, created_at, updated_at)
           select a, b, null, c, '', d, e, f, e, e from unnest($1::text[], $2::text[],
             $3::int[], $4::int[], $5::text[], $6::text[]) as t(a, b, c, d, e, f)`,
          [
            part.map((r) => r.id),
            part.map((r) => r.user_id),
            part.map((r) => r.duration),
            part.map((r) => r.completed),
            part.map((r) => r.start_time),
            part.map((r) => r.end_time),
          ],
        );
      }
      sessions += s.length;
      owner ||= u[0]!.id;
      if (reporters.length < REPORTS) reporters.push(...u.slice(1, 1 + REPORTS).map((r) => r.id));
    }
    const themeId = randomUUID();
    const iso = new Date(now).toISOString();
    await client.query(
      `insert into themes (id, user_id, name, background_color, text_color, primary_color,
         secondary_color, accent_color, is_public, created_at, updated_at)
       values ($1, $2, 'Reported', '#000000', '#ffffff', '#7c3aed', '#a78bfa', '#f97316', 1, $3, $3)`,
      [themeId, owner, iso],
    );
    for (const r of reportRows(themeId, reporters.slice(0, REPORTS), iso)) {
      await client.query(
        `insert into theme_reports (id, theme_id, user_id, reason, created_at)
         values ($1, $2, $3, 'Bench', $4)`,
        [r.id, r.theme_id, r.user_id, r.now],
      );
    }
    // What autovacuum does soon after a bulk load: statistics for the planner, and the
    // visibility map that lets the covering indexes answer without reading the table.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return sessions;
}

/** `RUNS` sequential timed GETs after a warm-up; the last body. */
async function time(server: RunningServer, url: string, token?: string) {
  const samples: number[] = [];
  let body = '';
  // The connection kept alive from before the long seeding may be closed by now.
  await fetch(`${server.url}/api/health`).catch(() => undefined);
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body}`);
    if (i >= WARMUP) samples.push(performance.now() - t);
  }
  return { samples, body };
}

async function measure(engine: string) {
  let database: BenchDatabase | undefined;
  const adminEmail = `admin_${randomBytes(4).toString('hex')}@example.com`;
  const env: Record<string, string> = { ADMIN_EMAILS: adminEmail };
  if (engine === 'postgres') {
    database = await createBenchDatabase();
    env.DATABASE_URL = database.url;
  }
  const server = await startServer(env);
  try {
    const password = 'correct horse battery staple 42';
    await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Admin', username: 'bench_admin', email: adminEmail, password }),
    });
    await verifyFromOutbox(server, adminEmail);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password }),
    });
    const { token } = (await login.json()) as { token: string };

    process.stderr.write(`${engine}: seeding ${USERS} users\n`);
    const seeded = Date.now();
    const sessions =
      engine === 'postgres' ? await seedPostgres(env.DATABASE_URL!) : seedSqlite(server);
    process.stderr.write(`${engine}: ${sessions} sessions seeded in ${Date.now() - seeded} ms\n`);

    const health = await time(server, '/api/health');
    const started = performance.now();
    const cold = await fetch(`${server.url}/api/admin/overview`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await cold.text();
    const coldMs = performance.now() - started;
    const overview = await time(server, '/api/admin/overview', token);
    const figures = JSON.parse(overview.body) as {
      users: { total: number };
      active_users: { d7: number; d30: number };
      reports_waiting: number;
    };
    if (figures.users.total !== USERS + 1) {
      throw new Error(`overview counted ${figures.users.total} users, expected ${USERS + 1}`);
    }
    return {
      engine,
      users: figures.users.total,
      sessions,
      active30: figures.active_users.d30,
      reports: figures.reports_waiting,
      healthMedian: round(percentile(health.samples, 50), 2),
      overviewCold: round(coldMs, 1),
      overviewMedian: round(percentile(overview.samples, 50), 1),
      overviewP99: round(percentile(overview.samples, 99), 1),
      rssMb: server.peakRssMb(),
    };
  } finally {
    await server.stop();
    await database?.drop();
  }
}

async function main() {
  const results = [];
  for (const engine of ENGINES) results.push(await measure(engine));
  console.log(
    '| engine | users | sessions (60 days) | active 30 d | GET /api/health median ms | overview first ms | overview median ms | overview p99 ms | median ratio to health | peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.users} | ${r.sessions} | ${r.active30} | ${r.healthMedian} | ${r.overviewCold} | ${r.overviewMedian} | ${r.overviewP99} | ${round(r.overviewMedian / r.healthMedian, 0)}x | ${r.rssMb} |`,
    );
  }
}

await main();
