import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/app.js';
import { needs } from './support/prerequisites.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** What scripts/start.mjs needs; CI builds before this suite runs. */
const BUILD_OUTPUTS = [
  'packages/core/dist/index.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
];

function missingBuild(): string[] {
  return BUILD_OUTPUTS.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The environment of the process in group `group` running scripts/start.mjs (Linux /proc). */
function serverEnvironment(group: number): Record<string, string> | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!commandLine.some((arg) => arg.endsWith('scripts/start.mjs'))) continue;
      const pairs = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      return Object.fromEntries(
        pairs
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined;
}

/**
 * The signal path (npm, its shell, node) is the same whatever the database, so this runs on the
 * default SQLite only: a PostgreSQL test database is migrated from source, which a stale build
 * would refuse, while SQLite lets the built server migrate its own fresh file.
 */
describe('npm start', () => {
  it("stops the server when the started process gets SIGTERM, and runs it with glibc's mmap threshold fixed", async (context) => {
    const missing = missingBuild();
    const build = `npm start needs the build (missing ${missing.join(', ')}); run npm run build first`;
    context.skip(!needs(missing.length === 0, build), build);
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      LOG_LEVEL: 'warn',
      DATABASE_URL: undefined,
    };
    // A process group of its own, so whatever npm started can be cleaned up if the test fails.
    const child = spawn('npm', ['start'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      const ready = await waitUntil(async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;
        } catch {
          return false;
        }
      }, 20_000);
      expect(ready, `server never became ready:\n${output}`).toBe(true);

      // What a supervisor does: signal the process it started (npm), not the node below it.
      child.kill('SIGTERM');
      // glibc's mmap threshold stays at 128 KiB, so freed image buffers go back to the system
      // (decision 061); a value the environment sets is kept.
      expect(serverEnvironment(child.pid ?? 0)?.GLIBC_TUNABLES).toBe(
        process.env.GLIBC_TUNABLES || 'glibc.malloc.mmap_threshold=131072',
      );
      const exitedInTime = await Promise.race([
        exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      expect(exitedInTime, `npm start did not exit:\n${output}`).toBe(true);
      const closed = await waitUntil(async () => !(await portAccepts(port)), 5_000);
      expect(closed, `the server still serves after SIGTERM:\n${output}`).toBe(true);
    } finally {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already: everything stopped as it should.
      }
    }
  });
});
