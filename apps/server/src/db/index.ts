import Database from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_MS, type DatabaseConfig } from '../config.js';
import { migrations } from './migrations/index.js';
import type { Database as Schema } from './schema.js';
import { registerSqliteFunctions } from './sqlite-functions.js';

export type Db = Kysely<Schema>;
export type Dialect = DatabaseConfig['kind'];

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Queries waiting for a free PostgreSQL connection (pg-pool's waitingCount): a database that
   * falls behind shows here, not in the event loop (decision 063). Always 0 on SQLite, whose
   * queries run on the event loop itself.
   */
  waiting(): number;
}

/**
 * A connection the server drops (restart, failover, a forced DROP DATABASE) must not crash the
 * process. An idle client's 'error' reaches the pool, which replaces it; without a listener the
 * event is uncaught. pg-pool listens only while a client is idle: one checked out when its
 * connection drops (inside a transaction, between two queries) needs its own listener. The
 * query in hand fails on its own; the pool drops the client on release.
 */
export function survivesDroppedConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** Opens Kysely on SQLite (default) or PostgreSQL. Does not migrate; call `migrateToLatest`. */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // Without it, a database host that stops answering holds every request for minutes;
      // with it, they answer 503 (plugins/errors.ts) and the pool tries again on the next one.
      connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
    });
    survivesDroppedConnections(pool);
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      waiting: () => pool.waitingCount,
    };
  }
  const sqlite = new Database(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerSqliteFunctions(sqlite);
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy(), waiting: () => 0 };
}

/** The text Kysely runs to end a transaction that failed. */
const ROLLBACK = 'rollback';
const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/** Distinct SQL texts kept prepared; the app has a few dozen, IN lists add a few more. */
const STATEMENTS_MAX = 256;

/**
 * better-sqlite3 with its prepared statements reused per SQL text: Kysely asks for a fresh one
 * on every query, and compiling the SQL again costs as much as running a small query. Kysely
 * runs one query at a time on this connection; a statement still being iterated (a streamed
 * export) is never handed out twice: a busy one gets a fresh statement instead.
 */
function withStatementCache(sqlite: Database.Database): SqliteDatabase {
  const statements = new LRUCache<string, Database.Statement>({ max: STATEMENTS_MAX });
  return {
    close: () => sqlite.close(),
    prepare(text) {
      // On some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM) SQLite rolls the transaction
      // back itself; Kysely's ROLLBACK then failed with "no transaction is active", and that
      // error replaced the one saying why (a full disk answered 500 instead of 503).
      if (text === ROLLBACK && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown> | Db): Promise<string[]> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: staticProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Readiness probe: true when the database answers `select 1`. */
export async function isDatabaseReady(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** SQLSTATE classes and codes of a PostgreSQL that is away, starting, stopping or full. */
const PG_UNAVAILABLE = /^(08|53|57P0[1-3])/;
/** Node's socket errors when the database cannot be reached. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's and pg-pool's own words for a connection that broke or never came (they carry no code). */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Why a database call failed when the fault is the database's, not the request's: `unreachable`
 * (PostgreSQL down, restarting or out of connections; SQLite's file locked past busy_timeout) or
 * `full` (SQLite cannot grow its file or WAL: disk full or an I/O error). Both answer 503
 * (decision 037); anything else is undefined and stays a 500.
 */
export function databaseFault(error: unknown): 'unreachable' | 'full' | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // 53100: PostgreSQL's disk_full.
    if (code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === '53100') {
      return 'full';
    }
    if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) return 'unreachable';
    if (code.startsWith('SQLITE_')) return undefined;
    if (SOCKET_ERRORS.has(code) || PG_UNAVAILABLE.test(code)) return 'unreachable';
    return undefined;
  }
  return PG_CONNECTION_MESSAGES.test(error.message) ? 'unreachable' : undefined;
}

/** True for a unique-constraint violation on either engine (a race lost to another insert). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
