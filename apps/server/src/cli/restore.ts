// `npm run restore -- <backup file>`: puts a backup made by `npm run backup` (or any copy of a
// Focusroom SQLite database) back as the configured database (decision 038). It refuses, and
// changes nothing, when the file is not a whole Focusroom database this version can run, or
// while a server has the database open. The database it replaces is kept in DATA_DIR/backups.
// Exit codes: 0 restored, 1 refused or failed, 2 wrong usage, bad configuration or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RESTORE_CLI_MESSAGES, backupFileName } from './messages.js';
import { migrations } from '../db/migrations/index.js';
import {
  CliError,
  EXIT_FAILED,
  EXIT_USAGE,
  backupsFolder,
  copyDatabase,
  hasSqliteHeader,
  integrityOf,
  isInUse,
  resolveFromShell,
  runCli,
  serverConfig,
} from './sqlite-copy.js';

/** Kysely's record of applied migrations (its default table name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Opens the backup read-only and checks it is whole (integrity_check) and a Focusroom database
 * this build can migrate: one that ran a migration this build lacks would stop the server at
 * start ("corrupted migrations"), so it is refused here instead, before anything changes.
 */
function checkedSource(file: string): Database.Database {
  if (!hasSqliteHeader(file)) throw new CliError(RESTORE_CLI_MESSAGES.notSqlite(file), EXIT_FAILED);
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CliError(
      RESTORE_CLI_MESSAGES.integrityFailed(file, (error as Error).message),
      EXIT_FAILED,
    );
  }
  try {
    const integrity = integrityOf(source);
    if (integrity !== 'ok') {
      throw new CliError(RESTORE_CLI_MESSAGES.integrityFailed(file, integrity), EXIT_FAILED);
    }
    const table = source
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(MIGRATION_TABLE);
    if (!table) throw new CliError(RESTORE_CLI_MESSAGES.notFocusroom(file), EXIT_FAILED);
    const applied = source.prepare(`SELECT name FROM ${MIGRATION_TABLE}`).pluck().all() as string[];
    const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
    if (unknown.length > 0) {
      throw new CliError(RESTORE_CLI_MESSAGES.newerSchema(file, unknown), EXIT_FAILED);
    }
    return source;
  } catch (error) {
    source.close();
    throw error;
  }
}

async function main(args: string[]): Promise<void> {
  const [arg, ...rest] = args;
  if (arg === undefined || arg === '' || arg.startsWith('-') || rest.length > 0) {
    throw new CliError(RESTORE_CLI_MESSAGES.usage, EXIT_USAGE);
  }
  const file = resolveFromShell(arg);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    throw new CliError(RESTORE_CLI_MESSAGES.notFound(file), EXIT_FAILED);
  }
  const config = serverConfig();
  if (config.database.kind === 'postgres') {
    throw new CliError(RESTORE_CLI_MESSAGES.postgres, EXIT_USAGE);
  }
  const target = config.database.file;
  const targetExists = fs.existsSync(target);
  if (targetExists && fs.realpathSync(target) === fs.realpathSync(file)) {
    throw new CliError(RESTORE_CLI_MESSAGES.sameFile(file), EXIT_FAILED);
  }

  const source = checkedSource(file);
  try {
    let kept: string | undefined;
    if (targetExists) {
      if (isInUse(target)) throw new CliError(RESTORE_CLI_MESSAGES.inUse(target), EXIT_FAILED);
      // A restore over the wrong file must be undoable: the current database is copied aside
      // first, through the same backup API.
      kept = path.join(backupsFolder(config), backupFileName(new Date(), 'before-restore'));
      const current = new Database(target, { fileMustExist: true });
      try {
        await copyDatabase(current, kept);
      } finally {
        current.close();
      }
      fs.chmodSync(kept, 0o600);
    }
    // SQLite writes the pages into the target inside one write transaction of its own: a
    // failure part way leaves the target as it was, and its WAL files stay consistent with it.
    await copyDatabase(source, target);
    const restored = new Database(target, { fileMustExist: true });
    let integrity: string;
    try {
      restored.pragma('journal_mode = WAL');
      integrity = integrityOf(restored);
    } finally {
      restored.close();
    }
    if (integrity !== 'ok') {
      throw new CliError(RESTORE_CLI_MESSAGES.failed(integrity), EXIT_FAILED);
    }
    if (kept) console.log(RESTORE_CLI_MESSAGES.keptPrevious(kept));
    console.log(RESTORE_CLI_MESSAGES.done(file, target));
  } finally {
    source.close();
  }
}

runCli(() => main(process.argv.slice(2)));
