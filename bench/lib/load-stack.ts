/**
 * The three deployments the load benchmark measures, each started and stopped by it:
 * - sqlite: one instance on SQLite (its own DATA_DIR);
 * - postgres: one instance on a `focusroom_bench_*` database on 127.0.0.1:5432 (dropped after);
 * - postgres-x2: two instances on one such database and a throwaway redis-server (REDIS_URL),
 *   behind Debian's nginx with deploy/nginx/focusroom.conf (ports changed, as the scale-out
 *   suite runs it; scripts/ensure-nginx.sh installs nginx), or without it (`proxy: false`) for a
 *   benchmark that reaches each instance itself.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './bench-database.js';
import type { LoadUser } from './load-mix.js';
import { postgresPids, withChildren } from './load-procs.js';
import { LOAD_PASSWORD, seedPostgres, seedSqlite, type SeedOptions } from './load-seed.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
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
  /** Where the load goes: the one instance, or nginx (changes with each start; without nginx the first instance). */
  url: string;
  instances: RunningServer[];
  /** Processes besides the app instances: PostgreSQL, Redis, nginx. */
  others: ProcessGroup[];
  seed: (opts: Omit<SeedOptions, 'jwtSecret' | 'passwordHash'>) => Promise<LoadUser[]>;
  /**
   * Stops the app instances (and nginx) and starts them again on the same database, with
   * `env` added: nothing in their memory is left (caches, compiled code, connections).
   */
  restart: (env?: Record<string, string>) => Promise<void>;
  /** Bytes the instances have written to stdout (their log) since they started. */
  logBytes: () => number;
  stop: () => Promise<void>;
}

export interface StackOptions {
  /** postgres-x2 only: nginx in front of the instances (default true). */
  proxy?: boolean;
  /** More environment for the instances (e.g. LOG_LEVEL), at every start. */
  env?: Record<string, string>;
  /** Receives each instance's stdout (its log lines) and the instance's number. */
  onLog?: (chunk: Buffer, instance: number) => void;
}

export async function startStack(name: ConfigName, options: StackOptions = {}): Promise<Stack> {
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = { JWT_SECRET: jwtSecret, ...options.env };
  const passwordHash = await hashPassword(LOAD_PASSWORD);
  const cleanups: (() => Promise<void>)[] = [];
  /** What restart stops: the instances and nginx. */
  let appCleanups: (() => Promise<void>)[] = [];
  const stopApp = async () => {
    for (const cleanup of appCleanups.reverse()) await cleanup().catch(() => undefined);
    appCleanups = [];
  };
  const stop = async () => {
    await stopApp();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const stack: Stack = {
    name,
    url: '',
    instances: [],
    others: [],
    seed: async () => [],
    restart: async () => undefined,
    logBytes: () => logged,
    stop,
  };
  let logged = 0;
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-load-data-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (name === 'sqlite') {
      stack.seed = (opts) => seedSqlite(dataDir, { ...opts, jwtSecret, passwordHash });
    } else {
      const database = await createBenchDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
      stack.others.push({ label: 'PostgreSQL (all of it)', pids: postgresPids });
      stack.seed = (opts) => seedPostgres(database.url, { ...opts, jwtSecret, passwordHash });
    }
    let nginxGroup: ProcessGroup | undefined;
    if (name === 'postgres-x2') {
      if (!nginxBinary && options.proxy !== false)
        throw new Error('nginx is missing: scripts/ensure-nginx.sh installs it');
      const redisPort = await freePort();
      const redis = await startRedis(redisPort);
      cleanups.push(() => redis.stop());
      stack.others.push({ label: 'Redis', pids: () => [redis.child.pid!] });
      Object.assign(env, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, TRUST_PROXY: 'loopback' });
      if (options.proxy !== false) {
        nginxGroup = { label: 'nginx', pids: () => [] };
        stack.others.push(nginxGroup);
      }
    }
    stack.restart = async (extra = {}) => {
      await stopApp();
      logged = 0;
      const runEnv = { ...env, ...extra };
      // One after the other: the first migrates the database.
      const instances: RunningServer[] = [];
      for (let i = 0; i < (name === 'postgres-x2' ? 2 : 1); i++) {
        // All instances of a SQLite deployment share its DATA_DIR (there is one).
        const server = await startServer(runEnv, {
          dataDir,
          onStdout: (chunk) => {
            logged += chunk.length;
            options.onLog?.(chunk, i);
          },
        });
        appCleanups.push(() => server.stop());
        instances.push(server);
      }
      stack.instances = instances;
      stack.url = instances[0]!.url;
      if (nginxGroup) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-load-nginx-'));
        appCleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
        const port = await freePort();
        const nginx = await startNginx(
          nginxBinary!,
          dir,
          port,
          instances.map((s) => Number(new URL(s.url).port)),
          NGINX_WORKER_CONNECTIONS,
        );
        appCleanups.push(() => nginx.stop());
        nginxGroup.pids = () => withChildren(nginx.child.pid!);
        stack.url = `http://127.0.0.1:${port}`;
      }
    };
    await stack.restart();
    return stack;
  } catch (error) {
    await stop();
    throw error;
  }
}
