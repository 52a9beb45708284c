import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the benchmarks make their databases on (trust auth, as the tests use it). */
const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  /** DATABASE_URL for the server under test. */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop: () => Promise<void>;
}

/** A fresh, empty `focusroom_bench_*` database; the server migrates it when it starts. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `focusroom_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
