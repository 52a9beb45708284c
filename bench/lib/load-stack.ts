/**
 * The three deployments the load benchmark measures, each started and stopped by it:
 * - sqlite: one instance on SQLite (its own DATA_DIR);
 * - postgres: one instance on a `focusroom_bench_*` database on 127.0.0.1:5432 (dropped after);
 * - postgres-x2: two instances on one such database and a throwaway redis-server (REDIS_URL),
 *   behind Debian's nginx with deploy/nginx/focusroom.conf (ports changed, as the scale-out
 *   suite runs it; scripts/ensure-nginx.sh installs nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './bench-database.js';
import type { LoadUser } from './load-mix.js';
import { postgresPids, withChildren } from './load-procs.js';
import { seedPostgres, seedSqlite, type SeedOptions } from './load-seed.js';
import { ROOT, startServer, type RunningServer } from './server.js';

export const CONFIGS = ['sqlite', 'postgres', 'postgres-x2'] as const;
export type ConfigName = (typeof CONFIGS)[number];

const NGINX_CONF = path.join(ROOT, 'deploy/nginx/focusroom.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((done) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/**
 * nginx in the foreground with the repository's site config (listen port and upstreams
 * changed). worker_connections is raised over the scale-out suite's 256: each request in flight
 * holds a client and an upstream connection, and the benchmark keeps up to CONNECTIONS open.
 */
async function startNginx(dir: string, port: number, upstreams: number[]) {
  if (!NGINX) throw new Error('nginx is missing: scripts/ensure-nginx.sh installs it');
  const site = fs.readFileSync(NGINX_CONF, 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const replaced = site
    .replace(/^ {4}server 127\.0\.0\.1:3001;\n {4}server 127\.0\.0\.1:3002;$/m, servers)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  if (!replaced.includes(servers) || !replaced.includes(`:${port};`)) {
    throw new Error(`${NGINX_CONF} no longer has the lines this benchmark replaces`);
  }
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(path.join(dir, 'focusroom.conf'), replaced);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      temp,
      `  include ${path.join(dir, 'focusroom.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    { stdio: 'ignore' },
  );
  await waitForPort(port);
  return child;
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
    const redisPort = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    cleanups.push(() => stopChild(redis, 'SIGTERM'));
    await waitForPort(redisPort);
    others.push({ label: 'Redis', pids: () => [redis.pid!] });
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
      dir,
      port,
      instances.map((s) => Number(new URL(s.url).port)),
    );
    cleanups.push(() => stopChild(nginx, 'SIGTERM'));
    others.push({ label: 'nginx', pids: () => withChildren(nginx.pid!) });
    return { name, url: `http://127.0.0.1:${port}`, instances, others, seed, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
