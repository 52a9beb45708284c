/**
 * What the command lines print: `npm run admin` (admin.ts), `npm run backup` and
 * `npm run restore` (backup.ts, restore.ts; decision 038). The PostgreSQL lines name the exact
 * commands docs/operations.md gives and test/backup.test.ts runs.
 */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=focusroom.dump "$DATABASE_URL"';
export const PG_RESTORE_COMMAND =
  'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" focusroom.dump';

/** `focusroom-20261126T101500Z.sqlite`: the UTC second the backup started, sortable by name. */
export function backupFileName(at: Date, label = ''): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `focusroom-${label ? `${label}-` : ''}${stamp}.sqlite`;
}

export const BACKUP_CLI_MESSAGES = {
  usage: 'Usage: npm run backup [-- <backup file or folder>]',
  postgres:
    'DATABASE_URL names a PostgreSQL database; npm run backup copies the SQLite database only. ' +
    `Back up PostgreSQL with pg_dump: ${PG_DUMP_COMMAND} (docs/operations.md, "Backup and restore").`,
  noDatabase: (file: string) => `No database at ${file}: is DATA_DIR right?`,
  folderMissing: (folder: string) =>
    `Cannot write the backup: the folder ${folder} does not exist. Nothing was written.`,
  exists: (file: string) =>
    `Not overwriting ${file}: it already exists. Give a new file name. Nothing was written.`,
  integrityFailed: (result: string) =>
    `The copy failed its integrity check (${result}) and was removed. Nothing was written.`,
  failed: (reason: string) => `Backup failed: ${reason}. Nothing was written.`,
  done: (file: string, bytes: number) =>
    `Backup written: ${file} (${bytes.toLocaleString('en-US')} bytes; integrity check ok).`,
} as const;

export const RESTORE_CLI_MESSAGES = {
  usage: 'Usage: npm run restore -- <backup file>',
  postgres:
    'DATABASE_URL names a PostgreSQL database; npm run restore restores the SQLite database only. ' +
    `Restore a pg_dump file with pg_restore into an empty database: ${PG_RESTORE_COMMAND} ` +
    '(docs/operations.md, "Backup and restore").',
  notFound: (file: string) => `No file at ${file}. Nothing was restored.`,
  notSqlite: (file: string) => `${file} is not a SQLite database. Nothing was restored.`,
  sameFile: (file: string) => `${file} is the database itself. Nothing was restored.`,
  integrityFailed: (file: string, result: string) =>
    `${file} failed its integrity check (${result}). Nothing was restored.`,
  notFocusroom: (file: string) =>
    `${file} is not a Focusroom database (it has no migration table). Nothing was restored.`,
  newerSchema: (file: string, names: string[]) =>
    `${file} comes from a newer Focusroom (migrations this version does not know: ` +
    `${names.join(', ')}); restore it with that version or a later one. Nothing was restored.`,
  inUse: (file: string) =>
    `${file} is in use: stop the server (every process on this DATA_DIR) and run the restore again. ` +
    'Nothing was restored.',
  failed: (reason: string) => `Restore failed: ${reason}`,
  keptPrevious: (file: string) => `The database it replaced was saved as ${file}.`,
  done: (source: string, target: string) =>
    `Restored ${source} into ${target} (integrity check ok). Start the server: it brings an ` +
    'older backup up to this version with its migrations.',
} as const;

/** What the admin command line prints (npm run admin -- grant|revoke <email>). */
export const ADMIN_CLI_MESSAGES = {
  usage: 'Usage: npm run admin -- grant <email> | revoke <email>',
  unknownEmail: (email: string) => `No account has the email ${email}.`,
  granted: (email: string) => `${email} is now an admin.`,
  alreadyAdmin: (email: string) => `${email} already has the admin role; nothing changed.`,
  revoked: (email: string) => `${email} no longer has the admin role.`,
  notAdmin: (email: string) => `${email} has no admin role; nothing changed.`,
  stillListed: (email: string) =>
    `${email} is still listed in ADMIN_EMAILS, so it stays an admin until it is removed from that list.`,
  notVerifiedListed: (email: string) =>
    `Note: ${email} is not verified, so ADMIN_EMAILS alone would not make it an admin; the role does.`,
} as const;
