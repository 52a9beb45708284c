/**
 * Seeds the load benchmark's users straight into the database (SQLite file or PostgreSQL), each
 * with a live sign-in session and an access token signed with the server's JWT_SECRET, as the
 * server's own startSession does (apps/server/src/lib/jwt.ts). Registering through the API
 * would hash a password per account (argon2id, bounded to one hash per core: about 50 accounts a
 * second here, 13 minutes for 40,000), so the accounts are made the way admin-overview.ts makes
 * its 100,000.
 *
 * Every user lives in UTC (time_zone and rollup zone), has saved settings, three to-dos (the
 * first active), one playlist of 10 tracks and a history of about HISTORY_SESSIONS focus
 * sessions over the last 90 days with the day rollup that the server keeps for them (computed
 * here in UTC the same way: sessions, completed, completed minutes per start day). The first
 * PUBLIC_THEMES users each have a public custom theme, so the gallery is not empty.
 */
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { LoadUser } from './load-mix.js';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;
const PUBLIC_THEMES = 20;
const TRACKS = 10;
/** Sign-in sessions last as a "remember me" one does (30 days). */
const TOKEN_TTL_MS = 30 * DAY_MS;

/** Every seeded account's password; its argon2id hash is computed once and shared. */
export const LOAD_PASSWORD = 'Quiet-harbour-load-lamp-42';

export interface SeedOptions {
  users: number;
  /** Mean focus sessions per user in the seeded history. */
  historySessions: number;
  jwtSecret: string;
  /** The hash of LOAD_PASSWORD with the server's parameters (logins verify it for real). */
  passwordHash?: string;
}

type Row = Record<string, string | number | null>;

interface Batch {
  users: Row[];
  signIns: Row[];
  settings: Row[];
  todos: Row[];
  sessions: Row[];
  rollups: Row[];
  zones: Row[];
  playlists: Row[];
  tracks: Row[];
  themes: Row[];
  loadUsers: LoadUser[];
}

async function makeBatch(first: number, count: number, opts: SeedOptions): Promise<Batch> {
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const b: Batch = {
    users: [],
    signIns: [],
    settings: [],
    todos: [],
    sessions: [],
    rollups: [],
    zones: [],
    playlists: [],
    tracks: [],
    themes: [],
    loadUsers: [],
  };
  for (let i = first; i < first + count; i++) {
    const id = randomUUID();
    const user = {
      id,
      name: `Load ${i}`,
      username: `load_${i}`,
      username_lower: `load_${i}`,
      email: `load_${i}@example.com`,
    };
    b.users.push({
      ...user,
      password_hash: opts.passwordHash ?? null,
      time_zone: 'UTC',
      created_at: iso,
      updated_at: iso,
    });
    const sid = randomUUID();
    const expires = now + TOKEN_TTL_MS;
    b.signIns.push({
      id: sid,
      user_id: id,
      created_at: iso,
      expires_at: new Date(expires).toISOString(),
    });
    const token = await new SignJWT({ ...user, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expires / 1000))
      .sign(secret);
    b.settings.push({ user_id: id, updated_at: iso });
    const todoIds: string[] = [];
    for (let t = 0; t < 3; t++) {
      const todoId = randomUUID();
      todoIds.push(todoId);
      b.todos.push({
        id: todoId,
        user_id: id,
        text: `Task ${t + 1}`,
        position: t,
        active: t === 0 ? 1 : 0,
        created_at: iso,
      });
    }
    // History: each day has a session with probability p, so the mean is historySessions.
    const days = new Map<string, { sessions: number; completed: number; minutes: number }>();
    const perDay = opts.historySessions / HISTORY_DAYS;
    for (let d = 1; d <= HISTORY_DAYS; d++) {
      let n = Math.floor(perDay) + (Math.random() < perDay % 1 ? 1 : 0);
      while (n-- > 0) {
        const start = now - d * DAY_MS + Math.floor(Math.random() * (DAY_MS - 3_600_000));
        const duration = 25;
        const completed = Math.random() < 0.9 ? 1 : 0;
        const startIso = new Date(start).toISOString();
        b.sessions.push({
          id: randomUUID(),
          user_id: id,
          duration,
          completed,
          start_time: startIso,
          end_time: new Date(start + duration * 60_000).toISOString(),
        });
        const day = startIso.slice(0, 10);
        const total = days.get(day) ?? { sessions: 0, completed: 0, minutes: 0 };
        total.sessions++;
        total.completed += completed;
        total.minutes += completed ? duration : 0;
        days.set(day, total);
      }
    }
    for (const [day, t] of days) b.rollups.push({ user_id: id, day, ...t });
    b.zones.push({ user_id: id, time_zone: 'UTC' });
    const playlistId = randomUUID();
    b.playlists.push({ id: playlistId, user_id: id, name: `Focus ${i}`, created_at: iso });
    for (let t = 0; t < TRACKS; t++) {
      b.tracks.push({
        id: randomUUID(),
        playlist_id: playlistId,
        position: t,
        title: `Track ${t + 1}`,
        artist: 'Load Artist',
        url: `https://www.youtube.com/watch?v=load${String(t).padStart(7, '0')}`,
        created_at: iso,
      });
    }
    if (i < PUBLIC_THEMES) {
      b.themes.push({ id: randomUUID(), user_id: id, name: `Shared ${i}`, created_at: iso });
    }
    b.loadUsers.push({
      index: i,
      username: user.username,
      password: LOAD_PASSWORD,
      token,
      playlistId,
      todoIds,
      done: 0,
    });
  }
  return b;
}

const SQL = {
  users: `insert into users (id, name, username, username_lower, email, password_hash, is_verified,
      role, time_zone, created_at, updated_at)
    values (@id, @name, @username, @username_lower, @email, @password_hash, 1, 'user', @time_zone,
      @created_at, @updated_at)`,
  signIns: `insert into sessions (id, user_id, created_at, expires_at, revoked_at)
    values (@id, @user_id, @created_at, @expires_at, null)`,
  settings: `insert into user_settings (user_id, pomodoro_duration, short_break_duration,
      long_break_duration, pomodoros_until_long_break, auto_start_breaks, auto_start_pomodoros,
      sound_enabled, notification_enabled, updated_at)
    values (@user_id, 25, 5, 15, 4, 0, 0, 1, 1, @updated_at)`,
  todos: `insert into todos (id, user_id, text, completed, position, created_at, updated_at,
      estimate, done_pomodoros, active)
    values (@id, @user_id, @text, 0, @position, @created_at, @created_at, 4, 0, @active)`,
  sessions: `insert into focus_sessions (id, user_id, client_id, duration, task, completed,
      start_time, end_time, created_at, updated_at)
    values (@id, @user_id, null, @duration, 'Focus', @completed, @start_time, @end_time,
      @end_time, @end_time)`,
  rollups: `insert into session_day_rollups (user_id, day, sessions, completed, minutes)
    values (@user_id, @day, @sessions, @completed, @minutes)`,
  zones: `insert into session_rollup_zones (user_id, time_zone, version)
    values (@user_id, @time_zone, 1)`,
  playlists: `insert into playlists (id, user_id, name, description, created_at, updated_at)
    values (@id, @user_id, @name, '', @created_at, @created_at)`,
  tracks: `insert into playlist_tracks (id, playlist_id, position, title, artist, url, artwork,
      duration, source, created_at)
    values (@id, @playlist_id, @position, @title, @artist, @url, '', 240, 'youtube',
      @created_at)`,
  themes: `insert into themes (id, user_id, name, background_color, text_color, primary_color,
      secondary_color, accent_color, is_public, created_at, updated_at)
    values (@id, @user_id, @name, '#101820', '#ffffff', '#7c3aed', '#a78bfa', '#f97316', 1,
      @created_at, @created_at)`,
} satisfies Record<Exclude<keyof Batch, 'loadUsers'>, string>;

type Table = keyof typeof SQL;
const TABLES = Object.keys(SQL) as Table[];

const BATCH = 2000;

/** Seeds into the SQLite database of a running server's DATA_DIR (WAL allows it meanwhile). */
export async function seedSqlite(dataDir: string, opts: SeedOptions): Promise<LoadUser[]> {
  const db = new Database(path.join(dataDir, 'focusroom.db'));
  db.pragma('busy_timeout = 10000');
  const statements = Object.fromEntries(TABLES.map((t) => [t, db.prepare(SQL[t])])) as Record<
    Table,
    Database.Statement
  >;
  const users: LoadUser[] = [];
  try {
    for (let first = 0; first < opts.users; first += BATCH) {
      const b = await makeBatch(first, Math.min(BATCH, opts.users - first), opts);
      db.transaction(() => {
        for (const t of TABLES) for (const row of b[t]) statements[t].run(row);
      })();
      users.push(...b.loadUsers);
    }
    // The seeded pages go into the database file now, not in a checkpoint the server's first
    // write in the measured steps would run.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return users;
}

/**
 * Seeds into PostgreSQL: each batch as one multi-row insert per table (the named parameters of
 * the SQLite text become positional ones over unnest of one text array per column).
 */
export async function seedPostgres(url: string, opts: SeedOptions): Promise<LoadUser[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const users: LoadUser[] = [];
  try {
    for (let first = 0; first < opts.users; first += BATCH) {
      const b = await makeBatch(first, Math.min(BATCH, opts.users - first), opts);
      await client.query('begin');
      for (const t of TABLES) {
        const rows = b[t];
        if (rows.length === 0) continue;
        const names = [...new Set([...SQL[t].matchAll(/@(\w+)/g)].map((m) => m[1]!))];
        // unnest of text arrays; the integer columns take the text with a cast in the select.
        const casts = names.map((n, i) => {
          const sample = rows[0]![n];
          return typeof sample === 'number' ? `c${i}::int` : `c${i}`;
        });
        let text = SQL[t];
        names.forEach((n, i) => {
          text = text.replaceAll(new RegExp(`@${n}\\b`, 'g'), casts[i]!);
        });
        // "values (...)" becomes "select ... from unnest(...)".
        text = text.replace(
          /values \(([\s\S]*)\)\s*$/,
          (_m, list: string) =>
            `select ${list} from unnest(${names.map((_n, i) => `$${i + 1}::text[]`).join(', ')}) as t(${names.map((_n, i) => `c${i}`).join(', ')})`,
        );
        await client.query(
          text,
          names.map((n) => rows.map((r) => (r[n] === null ? null : String(r[n])))),
        );
      }
      await client.query('commit');
      users.push(...b.loadUsers);
    }
    // What autovacuum does soon after a bulk load: planner statistics and the visibility map.
    await client.query('vacuum analyze');
    // The same for the bulk load's dirty pages: written now, not during the first step.
    await client.query('checkpoint').catch(() => undefined);
  } finally {
    await client.end();
  }
  return users;
}
