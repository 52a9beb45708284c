import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  pid: number;
  /** Peak resident set size of the server process seen by `sampleRss`, in MB. */
  peakRssMb: () => number;
  stop: () => Promise<void>;
}

/**
 * The Node flags `npm start` runs the server with (root package.json), so a benchmark measures
 * the process a user starts: e.g. the young-generation cap that keeps RSS under load in check.
 * `startEnv` adds the environment it sets.
 */
function startFlags(): string[] {
  return startScript()
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--'));
}

function startScript(): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start;
}

/**
 * The environment `npm start` gives the server: glibc's malloc tunables (decision 061), unless
 * the caller's environment sets GLIBC_TUNABLES (an empty value turns them off).
 */
function startEnv(): Record<string, string> {
  const fallback = /GLIBC_TUNABLES=\$\{GLIBC_TUNABLES:-([^}]*)\}/.exec(startScript())?.[1];
  if (fallback === undefined) return {};
  return { GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? fallback };
}

export interface StartOptions {
  /** Receives the server's stdout (its log lines); by default it is dropped. */
  onStdout?: (chunk: Buffer) => void;
  /** Another DATA_DIR to start on (kept when the server stops); default a new temporary one. */
  dataDir?: string;
}

/** A port free to listen on now on 127.0.0.1, as the kernel picks it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the built server on a free port with a temporary SQLite DATA_DIR (or DATABASE_URL). */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  // BENCH_SERVER_DIST: another build of the server (tsc --outDir), e.g. while dist is rebuilt.
  const dist = process.env.BENCH_SERVER_DIST ?? path.join(ROOT, 'apps/server/dist');
  const entry = path.join(path.resolve(dist), 'server.js');
  if (!existsSync(entry)) throw new Error('Build first: npm run build');
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'focusroom-bench-'));
  // A port the kernel says is free to listen on now. A random one in 40,000-50,000 (as before)
  // lies in Linux's ephemeral range, and after live-fanout.ts's steps of up to 20,000 client
  // sockets the server's listen failed with EADDRINUSE on three starts in a row.
  const port = await freePort();
  // BENCH_SERVER_FLAGS: more Node flags for the instances (e.g. --cpu-prof --cpu-prof-dir=DIR).
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), ...extra, entry], {
    env: {
      ...process.env,
      ...startEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000/1h',
      RATE_LIMIT_LOGIN_IP: '100000/1h',
      RATE_LIMIT_REGISTER_IP: '100000/1h',
      RATE_LIMIT_MAIL_IP: '100000/1h',
      RATE_LIMIT_MAIL_ADDRESS: '100000/1h',
      ...env,
    },
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.onStdout) child.stdout!.on('data', options.onStdout);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      // Ready, or shedding while its start still lags (decision 063): it answers either way.
      const ready = await fetch(`${url}/api/ready`);
      if (ready.ok || (await ready.text()).includes('overloaded')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid!));
  }, 200);
  return {
    url,
    dataDir,
    pid: child.pid!,
    peakRssMb: () => Math.max(peak, rssMb(child.pid!)),
    stop: async () => {
      clearInterval(sampler);
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident set size of a process from /proc, in MB (0 when it is gone). */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return 0;
  }
}

/** Verifies an account by following the link in its outbox mail (no SMTP_URL in benchmarks). */
export async function verifyFromOutbox(server: RunningServer, email: string): Promise<void> {
  const dir = path.join(server.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir) : [];
    for (const file of files) {
      const raw = readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(email)) continue;
      const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(raw)?.[1];
      if (token) {
        const res = await fetch(`${server.url}/api/auth/verify-email/${token}`);
        if (res.ok) return;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** A JSON call to the running server (with a bearer token when given); throws on a non-2xx answer. */
export async function json<T>(
  server: RunningServer,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
