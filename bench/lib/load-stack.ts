/**
 * The three deployments the load benchmark measures, each started and stopped by it:
 * - sqlite: one instance on SQLite (its own DATA_DIR);
 * - postgres: one instance on a `focusroom_bench_*` database on 127.0.0.1:5432 (dropped after);
 * - postgres-x2: two instances on one such database and a throwaway redis-server (REDIS_URL),
 *   behind Debian's nginx with deploy/nginx/focusroom.conf (ports changed, as the scale-out
 *   suite runs it; scripts/ensure-nginx.sh installs nginx).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './bench-database.js';
import type { LoadUser } from './load-mix.js';
import { postgresPids, withChildren } from './load-procs.js';
import { seedPostgres, seedSqlite, type SeedOptions } from './load-seed.js';
import { startServer, type RunningServer } from './server.js';
import {
  freePort,
  nginxBinary,
  startNginx,
  startRedis,
} from '../../apps/server/test/support/scale-out.js';

export const CONFIGS = ['sqlite', 'postgres', 'postgres-x2'] as const;
export type ConfigName = (typeof CONFIGS)[number];

/** Each request in flight holds a client and an upstream connection in nginx. */
const NGINX_WORKER_CONNECTIONS = 4096;

/** A group of processes whose CPU time is reported together. */
export interface ProcessGroup {
  label: string;
  pids: () => number[];
}

export interface Stack {
  name: ConfigName;
  /** Where the load goes: the one instance, or nginx. */
  url: string;
  instances: RunningServer[];
  /** Processes besides the app instances: PostgreSQL, Redis, nginx. */
  others: ProcessGroup[];
  seed: (opts: Omit<SeedOptions, 'jwtSecret'>) => Promise<LoadUser[]>;
  stop: () => Promise<void>;
}

export async function startStack(name: ConfigName): Promise<Stack> {
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = { JWT_SECRET: jwtSecret };
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    if (name === 'sqlite') {
      const server = await startServer(env);
      cleanups.push(() => server.stop());
      return {
        name,
        url: server.url,
        instances: [server],
        others: [],
        seed: (opts) => seedSqlite(server.dataDir, { ...opts, jwtSecret }),
        stop,
      };
    }
    const database = await createBenchDatabase();
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
    const others: ProcessGroup[] = [{ label: 'PostgreSQL (all of it)', pids: postgresPids }];
    const seed = (opts: Omit<SeedOptions, 'jwtSecret'>) =>
      seedPostgres(env.DATABASE_URL!, { ...opts, jwtSecret });
    if (name === 'postgres') {
      const server = await startServer(env);
      cleanups.push(() => server.stop());
      return { name, url: server.url, instances: [server], others, seed, stop };
    }
    if (!nginxBinary) throw new Error('nginx is missing: scripts/ensure-nginx.sh installs it');
    const redisPort = await freePort();
    const redis = await startRedis(redisPort);
    cleanups.push(() => redis.stop());
    others.push({ label: 'Redis', pids: () => [redis.child.pid!] });
    Object.assign(env, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, TRUST_PROXY: 'loopback' });
    // One after the other: the first migrates the database.
    const instances: RunningServer[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await startServer(env);
      cleanups.push(() => server.stop());
      instances.push(server);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-load-nginx-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const nginx = await startNginx(
      nginxBinary,
      dir,
      port,
      instances.map((s) => Number(new URL(s.url).port)),
      NGINX_WORKER_CONNECTIONS,
    );
    cleanups.push(() => nginx.stop());
    others.push({ label: 'nginx', pids: () => withChildren(nginx.child.pid!) });
    return { name, url: `http://127.0.0.1:${port}`, instances, others, seed, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
