import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_SHEDDING } from './app.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export interface ChildServer {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** The base URL once the server listens. */
  listening: Promise<string>;
  port: () => number;
  output: () => { stdout: string; stderr: string };
  /** SIGKILL if still running (for finally blocks). */
  stop: () => void;
}

/**
 * Runs src/server.ts in a process of its own, as production does (through tsx, from source):
 * faults that depend on timing between client and server show only across processes.
 */
export function startChildServer(env: Record<string, string>, startMs = 60_000): ChildServer {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    // The listening line is an info log: LOG_LEVEL must be info or lower.
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      ...NO_SHEDDING,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let port = 0;
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${stdout}\n${stderr}`)),
      startMs,
    );
    child.stdout?.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        port = Number(match[2]);
        resolve(match[1]);
      }
    });
    void exited.then(() => reject(new Error(`server exited:\n${stdout}\n${stderr}`)));
  });
  listening.catch(() => {});
  return {
    child,
    exited,
    listening,
    port: () => port,
    output: () => ({ stdout, stderr }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
