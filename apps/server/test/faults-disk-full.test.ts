import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Session, Todo } from '@focusroom/core/schemas';
import { HTTP_MESSAGES } from '@focusroom/core';
import { DATABASE_FAULT_RETRY_AFTER_SECONDS } from '../src/plugins/errors.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import {
  LOAD_ENV,
  call,
  registerUser,
  sessionBody,
  type Answer,
  type LoadUser,
} from './support/faults-load.js';
import { needs } from './support/prerequisites.js';

/**
 * SQLite on a disk that fills up: DATA_DIR (the database, its WAL and shared-memory files) on a
 * small tmpfs of its own, filled to the last byte by a file of the test's. Writes answer 503 with
 * a sentence a person can act on (never a 500, never a crash), reads go on answering, and once
 * space is freed writes work again, the database is intact and every acknowledged write is in it.
 * Mounting needs root; elsewhere the suite says it is skipped.
 */

const TMPFS_SIZE = '24m';
/** A long to-do list (200 items of 500 characters, ~100 KB): a few fill whatever WAL is left. */
const BIG_LIST = Array.from({ length: 200 }, (_, i) => ({
  text: `${String(i).padStart(3, '0')} ${'x'.repeat(496)}`,
}));
const MAX_WRITES_WHILE_FULL = 300;

const isRoot = process.getuid?.() === 0;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.error?.message}`);
  }
}

/** Writes zeros to `file` until the filesystem has no byte left. */
function fillUp(file: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(file, 'w');
  try {
    for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          fs.writeSync(fd, chunk, 0, size);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

function isStorageFull(answer: Answer): boolean {
  return (
    answer.status === 503 &&
    (answer.body as { message?: unknown }).message === HTTP_MESSAGES.storageFull &&
    answer.retryAfter === String(DATABASE_FAULT_RETRY_AFTER_SECONDS)
  );
}

describe.skipIf(!needs(isRoot, 'root (a full disk is a tmpfs mounted for the test)'))(
  'SQLite on a full disk',
  () => {
    let mountPoint = '';
    let mounted = false;
    let server: ChildServer | undefined;
    let base = '';
    let users: LoadUser[] = [];
    const filler = () => path.join(mountPoint, 'filler');

    beforeAll(async () => {
      mountPoint = tempDir('focusroom-full-');
      run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0700`, 'tmpfs', mountPoint]);
      mounted = true;
      server = startChildServer({ ...LOAD_ENV, DATA_DIR: mountPoint });
      base = await server.listening;
      users = [await registerUser(base), await registerUser(base)];
    });

    afterAll(async () => {
      server?.stop();
      await server?.exited;
      if (mounted) run('umount', [mountPoint]);
    });

    it('answers writes 503 with a clear message and reads as usual while full, then writes again intact once space is freed', async () => {
      const [first, second] = users as [LoadUser, LoadUser];
      const acked: { user: LoadUser; session: Session }[] = [];
      const ackedLists = new Map<LoadUser, string[]>();
      const writeSession = async (user: LoadUser, step: number) => {
        const answer = await call(base, 'POST', '/api/pomodoro/sessions', {
          token: user.token,
          body: sessionBody(step),
        });
        if (answer.status === 201) acked.push({ user, session: answer.body as Session });
        return answer;
      };
      const writeList = async (user: LoadUser, todos: { text: string }[]) => {
        const answer = await call(base, 'POST', '/api/pomodoro/todos', {
          token: user.token,
          body: { todos },
        });
        if (answer.status === 200)
          ackedLists.set(
            user,
            (answer.body as Todo[]).map((t) => t.text),
          );
        return answer;
      };

      for (let step = 0; step < 20; step += 1) {
        expect((await writeSession(first, step)).status).toBe(201);
        expect((await writeSession(second, step)).status).toBe(201);
      }
      expect((await writeList(second, [{ text: 'Before the disk filled' }])).status).toBe(200);

      fillUp(filler());

      // Until the WAL needs a page it does not have, a write can still land; then they fail.
      const whileFull: Answer[] = [];
      for (let step = 0; step < MAX_WRITES_WHILE_FULL; step += 1) {
        const list = await writeList(first, [
          ...BIG_LIST.slice(1 + (step % 7)),
          { text: `Full ${step}` },
        ]);
        const session = await writeSession(first, 1_000 + step);
        whileFull.push(list, session);
        if (isStorageFull(list) && isStorageFull(session)) break;
      }
      const refused = whileFull.filter(isStorageFull);
      const other = whileFull.filter(
        (a) => !isStorageFull(a) && a.status !== 200 && a.status !== 201,
      );
      expect(other.map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
      expect(refused.length).toBeGreaterThan(0);

      // Still full: every kind of write is refused the same way, and reads answer.
      expect(isStorageFull(await writeSession(second, 2_000))).toBe(true);
      expect(isStorageFull(await writeList(second, BIG_LIST))).toBe(true);
      for (const user of users) {
        const sessions = await call(base, 'GET', '/api/pomodoro/sessions', { token: user.token });
        expect(sessions.status, sessions.text).toBe(200);
        const todos = await call(base, 'GET', '/api/pomodoro/todos', { token: user.token });
        expect(todos.status, todos.text).toBe(200);
        const stats = await call(base, 'GET', '/api/pomodoro/stats?tz=UTC', { token: user.token });
        expect(stats.status, stats.text).toBe(200);
        const me = await call(base, 'GET', '/api/auth/me', { token: user.token });
        expect(me.status, me.text).toBe(200);
      }
      expect(server?.child.exitCode, server?.output().stderr.slice(-4_000)).toBeNull();
      // Nothing was taken for a bug of ours: no 500 logged.
      expect(server?.output().stdout).not.toContain('request failed');

      fs.rmSync(filler());

      expect((await writeSession(second, 3_000)).status).toBe(201);
      expect((await writeList(second, BIG_LIST)).status).toBe(200);
      expect((await writeList(first, [{ text: 'After the disk was freed' }])).status).toBe(200);

      // Every acknowledged write is there, as answered.
      for (const user of users) {
        const listed = await call(base, 'GET', '/api/pomodoro/sessions', { token: user.token });
        const byId = new Map((listed.body as Session[]).map((s) => [s.id, s]));
        const mine = acked.filter((a) => a.user === user).map((a) => a.session);
        expect(mine.map((s) => byId.get(s.id))).toEqual(mine);
        expect(byId.size).toBe(mine.length);
        const todos = await call(base, 'GET', '/api/pomodoro/todos', { token: user.token });
        expect((todos.body as Todo[]).map((t) => t.text)).toEqual(ackedLists.get(user));
      }

      const database = openDatabase({
        kind: 'sqlite',
        file: path.join(mountPoint, 'focusroom.db'),
      });
      try {
        const check = await sql<{
          integrity_check: string;
        }>`pragma integrity_check`.execute(database.db);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        await database.close();
      }
      expect(server?.child.exitCode).toBeNull();
    });
  },
);
