// `npm run backup [-- <file or folder>]`: a consistent copy of the SQLite database while the
// server runs (decision 038). Exit codes: 0 written and checked, 1 the copy failed or failed its
// integrity check (nothing left behind), 2 wrong usage, bad configuration, a path that cannot be
// used, or a PostgreSQL configuration (pg_dump's job).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BACKUP_CLI_MESSAGES, backupFileName } from './messages.js';
import {
  CliError,
  EXIT_FAILED,
  EXIT_USAGE,
  backupsFolder,
  copyDatabase,
  integrityOf,
  resolveFromShell,
  runCli,
  serverConfig,
} from './sqlite-copy.js';

/**
 * Where the copy goes: the default name in DATA_DIR/backups, or in a folder given, or the file
 * given. Never over an existing file, and never into a folder that does not exist (a mistyped
 * path should fail, not scatter folders).
 */
function destinationOf(arg: string | undefined, defaultFolder: () => string, now: Date): string {
  if (arg === undefined) return path.join(defaultFolder(), backupFileName(now));
  const target = resolveFromShell(arg);
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    return path.join(target, backupFileName(now));
  }
  if (!fs.statSync(path.dirname(target), { throwIfNoEntry: false })?.isDirectory()) {
    throw new CliError(BACKUP_CLI_MESSAGES.folderMissing(path.dirname(target)), EXIT_USAGE);
  }
  return target;
}

async function main(args: string[]): Promise<void> {
  if (args.length > 1 || (args[0] !== undefined && (args[0] === '' || args[0].startsWith('-')))) {
    throw new CliError(BACKUP_CLI_MESSAGES.usage, EXIT_USAGE);
  }
  const config = serverConfig();
  if (config.database.kind === 'postgres') {
    throw new CliError(BACKUP_CLI_MESSAGES.postgres, EXIT_USAGE);
  }
  const databaseFile = config.database.file;
  if (!fs.existsSync(databaseFile)) {
    throw new CliError(BACKUP_CLI_MESSAGES.noDatabase(databaseFile), EXIT_USAGE);
  }

  const destination = destinationOf(args[0], () => backupsFolder(config), new Date());
  if (fs.existsSync(destination)) {
    throw new CliError(BACKUP_CLI_MESSAGES.exists(destination), EXIT_USAGE);
  }
  // Written beside the destination under another name and renamed once checked, so the name
  // the operator sees only ever holds a whole, verified copy.
  const partial = `${destination}.partial-${process.pid}`;
  try {
    const source = new Database(databaseFile, { fileMustExist: true, timeout: 5000 });
    try {
      await copyDatabase(source, partial);
    } finally {
      source.close();
    }
    const copy = new Database(partial, { fileMustExist: true });
    let integrity: string;
    try {
      // The copy carries the server's WAL setting in its header; a backup is one file.
      copy.pragma('journal_mode = DELETE');
      integrity = integrityOf(copy);
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') {
      throw new CliError(BACKUP_CLI_MESSAGES.integrityFailed(integrity), EXIT_FAILED);
    }
    // It holds password hashes and every account's data: readable by this account only.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, destination);
  } catch (error) {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) {
      fs.rmSync(leftover, { force: true });
    }
    if (error instanceof CliError) throw error;
    throw new CliError(BACKUP_CLI_MESSAGES.failed((error as Error).message), EXIT_FAILED);
  }
  console.log(BACKUP_CLI_MESSAGES.done(destination, fs.statSync(destination).size));
}

runCli(() => main(process.argv.slice(2)));
