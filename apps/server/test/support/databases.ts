import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/index.js';

export type DialectName = 'sqlite' | 'postgres';
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

export const PG_ADMIN_URL =
  process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  config: DatabaseConfig;
  /** Closes the connection and removes the database (PostgreSQL) or its files (SQLite). */
  drop(): Promise<void>;
}

/** A new, migrated database of its own: a temp SQLite file, or `focusroom_test_<random>` on PG. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-db-'));
    const config: DatabaseConfig = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    const handle = openDatabase(config);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      config,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `focusroom_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    config,
    async drop() {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One statement on the PostgreSQL server's own database (CREATE and DROP DATABASE). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
