// What `npm run backup` and `npm run restore` share: SQLite's online backup API run as one step,
// the integrity check, and the lock probe that tells whether a server has the database open.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig, type Config } from '../config.js';

export const EXIT_OK = 0;
/** The copy could not be made or checked, or the restore was refused. */
export const EXIT_FAILED = 1;
/** Wrong arguments, bad configuration, a path that cannot be used, or PostgreSQL. */
export const EXIT_USAGE = 2;

/** Thrown with the message to print and the exit code; main() prints it and exits. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The server's configuration, read the way the server reads it (DATA_DIR, DATABASE_URL). */
export function serverConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, EXIT_USAGE);
    throw error;
  }
}

/**
 * A relative path as the operator typed it: npm runs scripts from the repository root and keeps
 * the shell's folder in INIT_CWD.
 */
export function resolveFromShell(arg: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}

// Larger than any page count, so the whole database goes over in one backup step: one read
// transaction on the source, hence one consistent snapshot. Several steps would restart from the
// first page each time the server wrote in between, and might never finish under load.
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the open database `source` into `destination` with SQLite's backup API. In WAL mode the
 * server's writers go on while the copy reads its snapshot. Creates or overwrites `destination`
 * page by page inside the destination's own write transaction.
 */
export async function copyDatabase(source: Database.Database, destination: string): Promise<void> {
  await source.backup(destination, { progress: () => ALL_PAGES });
}

/**
 * `PRAGMA integrity_check` on an open database: 'ok', or the problems SQLite lists (or the error
 * it raises on a page too damaged to read), joined on one line.
 */
export function integrityOf(db: Database.Database): string {
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } catch (error) {
    return (error as Error).message;
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether the file starts with SQLite's 16-byte header (checked before SQLite opens it). */
export function hasSqliteHeader(file: string): boolean {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(handle, head, 0, head.length, 0);
    return read === head.length && head.equals(SQLITE_HEADER);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * True when another connection has the database open. Every connection to a WAL database holds a
 * shared lock on the file for as long as it is open, even when idle, so an exclusive lock with no
 * waiting fails exactly when a server (or anything else) has it open. Only processes on this
 * machine are seen: a network file system's locks are not to be trusted (docs/operations.md).
 */
export function isInUse(file: string): boolean {
  const probe = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    probe.close();
  }
}

/** `backups/` under DATA_DIR, private to the account the server runs as (it holds hashes). */
export function backupsFolder(config: Config): string {
  const folder = path.join(config.dataDir, 'backups');
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** Runs a CLI's main and exits with its code; a CliError prints its message only. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(EXIT_OK),
    (error: unknown) => {
      if (error instanceof CliError) {
        console.error(error.message);
        process.exit(error.exitCode);
      }
      console.error(error instanceof Error ? error.message : error);
      process.exit(EXIT_FAILED);
    },
  );
}
