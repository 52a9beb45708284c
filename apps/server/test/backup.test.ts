import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BACKUP_CLI_MESSAGES,
  PG_DUMP_COMMAND,
  PG_RESTORE_COMMAND,
  RESTORE_CLI_MESSAGES,
} from '../src/cli/messages.js';
import type { AuthResponse } from '@focusroom/core/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openDatabase } from '../src/db/index.js';
import { PASSWORD, uniqueIdentity } from './support/accounts.js';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { npmRun, repoRoot, runCommand } from './support/cli.js';
import { PG_ADMIN_URL, adminQuery, createTestDatabase } from './support/databases.js';
import { needs } from './support/prerequisites.js';

/** What `npm run backup` and `npm run restore` run; CI builds before this suite runs. */
const BUILT_CLIS = ['apps/server/dist/cli/backup.js', 'apps/server/dist/cli/restore.js'];
const built = () => BUILT_CLIS.every((file) => fs.existsSync(path.join(repoRoot, file)));
const NEEDS_BUILD = `npm run backup and restore need the build (${BUILT_CLIS.join(', ')})`;

/** The data folder of a server that has run once: its secret and a migrated, empty database. */
async function preparedDataDir(): Promise<{ dataDir: string; databaseFile: string }> {
  const dataDir = tempDir('focusroom-backup-');
  const config = loadConfig({ DATA_DIR: dataDir });
  if (config.database.kind !== 'sqlite') throw new Error('expected SQLite');
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await database.close();
  return { dataDir, databaseFile: config.database.file };
}

/** Every file under `dir` with its size and contents' digest, for "nothing was written". */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full);
    files[rel] = entry.isDirectory() ? 'dir' : fs.readFileSync(full).toString('base64');
  }
  return files;
}

function integrityOf(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}

async function postJson(base: string, url: string, body: unknown, token?: string) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** SIGTERM and wait: the server drains and closes its database cleanly. */
async function stopServer(server: ChildServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/**
 * Registers an account on a running child server and verifies its address through the mail the
 * server wrote to DATA_DIR/outbox (no SMTP_URL), so it can sign in.
 */
async function verifiedAccount(base: string, dataDir: string, prefix: string) {
  const identity = uniqueIdentity(prefix);
  const registered = await postJson(base, '/api/auth/register', identity);
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as AuthResponse;
  const outbox = path.join(dataDir, 'outbox');
  let link: string | undefined;
  for (let tries = 0; !link && tries < 100; tries += 1) {
    const mail = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).find((name) => name.endsWith('-verify.eml'))
      : undefined;
    const text = mail ? fs.readFileSync(path.join(outbox, mail), 'utf8') : '';
    link = /^X-Focusroom-Link:\s+(\S+)$/m.exec(text)?.[1];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const verified = await fetch(`${base}/api/auth/verify-email/${link?.split('/').at(-1)}`);
  expect(verified.status).toBe(200);
  return { identity, token };
}

interface Ack {
  seq: number;
  /** When the answer arrived (performance.now()). */
  at: number;
}

describe('npm run backup and npm run restore on SQLite', () => {
  it('copies the database while the server writes, and the copy restored into a new data folder serves every write acknowledged before the backup began', async (context) => {
    context.skip(!needs(built(), NEEDS_BUILD), NEEDS_BUILD);
    const dataDir = tempDir('focusroom-backup-');
    const server = startChildServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    let restored: ChildServer | undefined;
    try {
      const base = await server.listening;
      const { identity, token } = await verifiedAccount(base, dataDir, 'backup');

      // A reader holds a snapshot from before the writes until the backup is done, as a long
      // export does: no checkpoint can move the writes into focusroom.db meanwhile, so they are
      // only in focusroom.db-wal, and a copy of the database file alone would miss them all.
      const reader = new Database(path.join(dataDir, 'focusroom.db'), { readonly: true });
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM users').get();

      // Two writers, as two devices of one person: finished sessions, and the to-do list
      // replaced whole. Each remembers what the server acknowledged, and when.
      const sessions: Ack[] = [];
      const todos: Ack[] = [];
      let writing = true;
      const sessionWriter = (async () => {
        for (let seq = 1; writing; seq += 1) {
          const end = new Date();
          const start = new Date(end.getTime() - 25 * 60_000);
          const response = await postJson(
            base,
            '/api/pomodoro/sessions',
            {
              duration: 25,
              task: `backup session ${seq}`,
              completed: true,
              start_time: start.toISOString(),
              end_time: end.toISOString(),
            },
            token,
          );
          expect(response.status).toBe(201);
          sessions.push({ seq, at: performance.now() });
        }
      })();
      const todoWriter = (async () => {
        for (let seq = 1; writing; seq += 1) {
          const response = await postJson(
            base,
            '/api/pomodoro/todos',
            { todos: [{ text: `backup to-do ${seq}`, completed: false }] },
            token,
          );
          expect(response.status).toBe(200);
          todos.push({ seq, at: performance.now() });
        }
      })();
      while (sessions.length < 30 || todos.length < 10) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const backupStarted = performance.now();
      const sessionsBefore = sessions.map((ack) => ack.seq);
      const lastTodoBefore = todos.at(-1)!.seq;
      const backup = await npmRun('backup', [], { DATA_DIR: dataDir });
      const backupEnded = performance.now();
      reader.exec('COMMIT');
      reader.close();
      // A few more writes after the copy, which it must not hold.
      const written = sessions.length;
      while (sessions.length < written + 5) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      writing = false;
      await Promise.all([sessionWriter, todoWriter]);

      expect(backup.code, backup.stderr).toBe(0);
      const match = /^Backup written: (.+) \(([\d,]+) bytes; integrity check ok\)\.$/m.exec(
        backup.stdout,
      );
      expect(match, backup.stdout).not.toBeNull();
      const backupFile = match![1]!;
      expect(path.dirname(backupFile)).toBe(path.join(dataDir, 'backups'));
      expect(path.basename(backupFile)).toMatch(/^focusroom-\d{8}T\d{6}Z\.sqlite$/);
      expect(fs.statSync(backupFile).size).toBe(Number(match![2]!.replaceAll(',', '')));
      expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
      expect(BACKUP_CLI_MESSAGES.done(backupFile, fs.statSync(backupFile).size)).toBe(match![0]);
      // The server went on acknowledging writes while the backup ran: it was taken online.
      const duringBackup = [...sessions, ...todos].filter(
        (ack) => ack.at > backupStarted && ack.at < backupEnded,
      );
      expect(duringBackup.length).toBeGreaterThan(0);
      expect(integrityOf(backupFile)).toBe('ok');

      await stopServer(server);

      const freshDir = tempDir('focusroom-restored-');
      const restore = await npmRun('restore', [backupFile], { DATA_DIR: freshDir });
      expect(restore.code, restore.stderr).toBe(0);
      const restoredFile = path.join(freshDir, 'focusroom.db');
      expect(restore.stdout).toContain(RESTORE_CLI_MESSAGES.done(backupFile, restoredFile));

      restored = startChildServer({ DATA_DIR: freshDir, LOG_LEVEL: 'info' });
      const restoredBase = await restored.listening;
      const login = await postJson(restoredBase, '/api/auth/login', {
        email: identity.email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      const signedIn = (await login.json()) as AuthResponse;
      const exported = await fetch(`${restoredBase}/api/users/me/export`, {
        headers: { authorization: `Bearer ${signedIn.token}` },
      });
      expect(exported.status).toBe(200);
      const document = (await exported.json()) as {
        sessions: { task: string | null }[];
        todos: { text: string }[];
      };

      const restoredSessions = new Set(
        document.sessions.map((s) => Number(/^backup session (\d+)$/.exec(s.task ?? '')?.[1])),
      );
      const missing = sessionsBefore.filter((seq) => !restoredSessions.has(seq));
      expect(missing).toEqual([]);
      // One snapshot: the sessions it holds are a run from the first, with none written after
      // the last write acknowledged once the copy had ended.
      const held = [...restoredSessions].sort((a, b) => a - b);
      expect(held).toEqual(held.map((_, i) => i + 1));
      expect(held.length).toBeLessThan(sessions.length);
      // The to-do list is the one acknowledged last before the backup, or a later one.
      expect(document.todos).toHaveLength(1);
      const todoSeq = Number(/^backup to-do (\d+)$/.exec(document.todos[0]!.text)?.[1]);
      expect(todoSeq).toBeGreaterThanOrEqual(lastTodoBefore);
      expect(todoSeq).toBeLessThanOrEqual(todos.at(-1)!.seq);

      await stopServer(restored);
      expect(integrityOf(restoredFile)).toBe('ok');
    } finally {
      server.stop();
      restored?.stop();
    }
  }, 120_000);

  it('answers bad arguments, a folder that does not exist, an existing file and PostgreSQL with a clear message and a non-zero exit, writing nothing', async (context) => {
    context.skip(!needs(built(), NEEDS_BUILD), NEEDS_BUILD);
    const { dataDir, databaseFile } = await preparedDataDir();
    const existing = path.join(tempDir('focusroom-backup-target-'), 'taken.sqlite');
    fs.writeFileSync(existing, 'an earlier file');
    const missingFolder = path.join(tempDir('focusroom-backup-target-'), 'no', 'such');
    const before = snapshot(dataDir);
    const env = { DATA_DIR: dataDir };

    const cases: [string[], Record<string, string>, number, string][] = [
      [['one.sqlite', 'two.sqlite'], env, 2, BACKUP_CLI_MESSAGES.usage],
      [['--help'], env, 2, BACKUP_CLI_MESSAGES.usage],
      [
        [path.join(missingFolder, 'copy.sqlite')],
        env,
        2,
        BACKUP_CLI_MESSAGES.folderMissing(missingFolder),
      ],
      [[existing], env, 2, BACKUP_CLI_MESSAGES.exists(existing)],
      [
        [],
        { ...env, DATABASE_URL: 'postgres://focusroom@127.0.0.1:1/focusroom' },
        2,
        BACKUP_CLI_MESSAGES.postgres,
      ],
    ];
    for (const [args, runEnv, code, message] of cases) {
      const result = await npmRun('backup', args, runEnv);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
    expect(snapshot(dataDir)).toEqual(before);
    expect(fs.readFileSync(existing, 'utf8')).toBe('an earlier file');
    expect(fs.existsSync(path.dirname(missingFolder))).toBe(false);
    expect(integrityOf(databaseFile)).toBe('ok');
    // The PostgreSQL answer names the very command the docs give.
    expect(BACKUP_CLI_MESSAGES.postgres).toContain(PG_DUMP_COMMAND);
  });

  it('refuses a restore, changing nothing, for a missing, foreign, damaged or newer file and while the server runs', async (context) => {
    context.skip(!needs(built(), NEEDS_BUILD), NEEDS_BUILD);
    const source = await preparedDataDir();
    const backup = await npmRun('backup', [], { DATA_DIR: source.dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    const good = /^Backup written: (.+) \(/m.exec(backup.stdout)![1]!;
    const scratch = tempDir('focusroom-restore-input-');

    const notSqlite = path.join(scratch, 'notes.sqlite');
    fs.writeFileSync(notSqlite, 'not a database at all');
    // Everything after the first page (the schema) overwritten: the tables' pages are garbage.
    const damaged = path.join(scratch, 'damaged.sqlite');
    const bytes = fs.readFileSync(good);
    bytes.fill(0xab, 4096);
    fs.writeFileSync(damaged, bytes);
    const foreign = path.join(scratch, 'foreign.sqlite');
    new Database(foreign).exec('CREATE TABLE notes (text TEXT)');
    // A backup from a version with one more migration than this build knows.
    const newer = path.join(scratch, 'newer.sqlite');
    fs.copyFileSync(good, newer);
    const db = new Database(newer);
    db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run(
      '9999-from-the-future',
      new Date().toISOString(),
    );
    db.close();

    // The target: a server's data folder with an account in it, and the server running.
    const target = tempDir('focusroom-restore-target-');
    const server = startChildServer({ DATA_DIR: target, LOG_LEVEL: 'info' });
    try {
      const base = await server.listening;
      const { identity } = await verifiedAccount(base, target, 'restore');
      const env = { DATA_DIR: target };
      const missing = path.join(scratch, 'missing.sqlite');
      const targetFile = path.join(target, 'focusroom.db');

      const cases: [string[], Record<string, string>, number, string][] = [
        [[], env, 2, RESTORE_CLI_MESSAGES.usage],
        [[good, good], env, 2, RESTORE_CLI_MESSAGES.usage],
        [[missing], env, 1, RESTORE_CLI_MESSAGES.notFound(missing)],
        [[notSqlite], env, 1, RESTORE_CLI_MESSAGES.notSqlite(notSqlite)],
        [[damaged], env, 1, `${damaged} failed its integrity check (`],
        [[foreign], env, 1, RESTORE_CLI_MESSAGES.notFocusroom(foreign)],
        [[newer], env, 1, RESTORE_CLI_MESSAGES.newerSchema(newer, ['9999-from-the-future'])],
        [[targetFile], env, 1, RESTORE_CLI_MESSAGES.sameFile(targetFile)],
        // A good backup, but the server has the database open.
        [[good], env, 1, RESTORE_CLI_MESSAGES.inUse(targetFile)],
        [
          [good],
          { ...env, DATABASE_URL: 'postgres://focusroom@127.0.0.1:1/focusroom' },
          2,
          RESTORE_CLI_MESSAGES.postgres,
        ],
      ];
      for (const [args, runEnv, code, message] of cases) {
        const result = await npmRun('restore', args, runEnv);
        expect(result.code, args.join(' ')).toBe(code);
        expect(result.stderr).toContain(message);
        expect(result.stdout).toBe('');
      }
      expect(RESTORE_CLI_MESSAGES.postgres).toContain(PG_RESTORE_COMMAND);
      // Nothing was set aside (no backups folder) and the account is still there.
      expect(fs.existsSync(path.join(target, 'backups'))).toBe(false);
      const login = await postJson(base, '/api/auth/login', {
        email: identity.email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      await stopServer(server);

      // Stopped, the same restore goes through and keeps the database it replaced.
      const result = await npmRun('restore', [good], env);
      expect(result.code, result.stderr).toBe(0);
      const kept = /^The database it replaced was saved as (.+)\.$/m.exec(result.stdout)?.[1];
      expect(kept).toMatch(/backups\/focusroom-before-restore-\d{8}T\d{6}Z\.sqlite$/);
      const count = (file: string) => {
        const check = new Database(file, { readonly: true });
        try {
          return check.prepare('SELECT count(*) FROM users').pluck().get();
        } finally {
          check.close();
        }
      };
      expect(count(kept!)).toBe(1);
      expect(count(targetFile)).toBe(0);
      expect(integrityOf(targetFile)).toBe('ok');
    } finally {
      server.stop();
    }
  }, 120_000);
});

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

const dropAfter: string[] = [];
afterAll(async () => {
  for (const name of dropAfter.splice(0)) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

describe('PostgreSQL backup with the commands docs/operations.md gives', () => {
  it('dumps a database with pg_dump and restores it with pg_restore into an empty one, rows and migrations included', async (context) => {
    const tools = 'pg_dump and pg_restore (PostgreSQL client programs)';
    context.skip(!needs(hasCommand('pg_dump') && hasCommand('pg_restore'), tools), tools);
    const docs = fs.readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
    expect(docs).toContain(PG_DUMP_COMMAND);
    expect(docs).toContain(PG_RESTORE_COMMAND);

    const source = await createTestDatabase('postgres');
    const emptyName = `focusroom_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${emptyName}`);
    dropAfter.push(emptyName);
    const emptyUrl = new URL(PG_ADMIN_URL);
    emptyUrl.pathname = `/${emptyName}`;
    const restored = openDatabase({ kind: 'postgres', url: emptyUrl.toString() });
    try {
      if (source.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const now = new Date().toISOString();
      await source.db
        .insertInto('users')
        .values({
          id: '0190aaaa-0000-7000-8000-00000000b0b0',
          name: 'Backed Up',
          username: 'backedup',
          username_lower: 'backedup',
          email: 'backed.up@example.com',
          password_hash: null,
          avatar_url: null,
          bio: null,
          time_zone: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const folder = tempDir('focusroom-pg-dump-');
      const dump = await runCommand(PG_DUMP_COMMAND, [], {
        env: { DATABASE_URL: source.config.url },
        cwd: folder,
        shell: true,
      });
      expect(dump.code, dump.stderr).toBe(0);
      expect(fs.statSync(path.join(folder, 'focusroom.dump')).size).toBeGreaterThan(0);

      const restore = await runCommand(PG_RESTORE_COMMAND, [], {
        env: { DATABASE_URL: emptyUrl.toString() },
        cwd: folder,
        shell: true,
      });
      expect(restore.code, restore.stderr).toBe(0);
      const row = await restored.db
        .selectFrom('users')
        .select(['username', 'email', 'created_at'])
        .where('id', '=', '0190aaaa-0000-7000-8000-00000000b0b0')
        .executeTakeFirst();
      expect(row).toEqual({
        username: 'backedup',
        email: 'backed.up@example.com',
        created_at: now,
      });
      // The migration record came along: a server started on the copy has nothing to migrate.
      expect(await migrateToLatest(restored.db)).toEqual([]);
    } finally {
      await restored.close();
      await source.drop();
    }
  }, 60_000);
});
