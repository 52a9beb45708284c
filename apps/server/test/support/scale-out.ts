import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** The proxy config deployments use; the tests run it with their own ports. */
export const NGINX_CONF = path.join(repoRoot, 'deploy/nginx/focusroom.conf');

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** Debian's nginx binary (scripts/ensure-nginx.sh installs it), or undefined. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) =>
  fs.existsSync(file),
);

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export async function waitForPort(port: number, ms = 10_000): Promise<void> {
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

/** A process the test started, stopped by its own pid. */
export interface OwnProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `signal`: nginx needs SIGTERM, so its master ends its workers too. */
function own(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): OwnProcess {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A throwaway redis-server (no persistence) on `port`. */
export async function startRedis(port: number): Promise<OwnProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitForPort(port);
  return own(child);
}

/**
 * nginx in the foreground as this test's own process, with deploy/nginx/focusroom.conf made to
 * listen on `port` and to send to `upstreams`; pid, logs and buffers in `dir`. Also the load
 * benchmark's proxy (bench/lib/load-stack.ts), which raises `workerConnections`: each request
 * in flight holds a client and an upstream connection.
 */
export async function startNginx(
  binary: string,
  dir: string,
  port: number,
  upstreams: number[],
  workerConnections = 256,
): Promise<OwnProcess & { errorLog: () => string }> {
  let site = fs.readFileSync(NGINX_CONF, 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const replaced = site
    .replace(/^ {4}server 127\.0\.0\.1:3001;\n {4}server 127\.0\.0\.1:3002;$/m, servers)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`);
  if (replaced === site || !replaced.includes(servers) || !replaced.includes(`:${port};`)) {
    throw new Error(`${NGINX_CONF} no longer has the lines replaced here`);
  }
  site = replaced;
  // Workers may run as another user (nobody, when started as root): they write the buffers.
  fs.chmodSync(dir, 0o777);
  fs.writeFileSync(path.join(dir, 'focusroom.conf'), site);
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
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      '  access_log off;',
      temp,
      `  include ${path.join(dir, 'focusroom.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    binary,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    { stdio: 'ignore' },
  );
  await waitForPort(port);
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return { ...own(child, 'SIGTERM'), errorLog };
}

export interface Answer {
  status: number;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** One HTTP request with fetch; `body` is sent as JSON. */
export async function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + url, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
}
