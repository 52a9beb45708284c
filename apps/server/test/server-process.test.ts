import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { uniqueIdentity } from './support/accounts.js';
import { tempDir } from './support/app.js';
import { DIALECTS, createTestDatabase } from './support/databases.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

/** Runs src/server.ts as production would (through tsx, from source). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${stdout}\n${stderr}`)),
      20_000,
    );
    child.stdout?.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => reject(new Error(`server exited:\n${stdout}\n${stderr}`)));
  });
  // Tests that expect an early exit never await this.
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

function stop(child: ChildProcess) {
  if (child.exitCode === null) child.kill('SIGKILL');
}

describe('the server process', () => {
  it('exits with 1 listing every bad variable', async () => {
    const server = startServer({
      DATA_DIR: tempDir(),
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      SMTP_URL: 'x',
    });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('LOG_LEVEL:');
    expect(stderr).toContain('SMTP_URL:');
  });

  describe.each(DIALECTS)('on %s', (dialect) => {
    it('migrates, serves, and on SIGTERM finishes the request in flight before exiting 0', async () => {
      const dataDir = tempDir();
      const env: Record<string, string> = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
      const database = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined;
      if (database?.config.kind === 'postgres') env.DATABASE_URL = database.config.url;
      const server = startServer(env);
      try {
        const base = await server.listening;
        const ready = await fetch(`${base}/api/ready`);
        expect(ready.status).toBe(200);

        // Registration hashes a password (~50 ms): still in flight when the signal lands.
        const pending = fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(uniqueIdentity('drain')),
        });
        await new Promise((resolve) => setTimeout(resolve, 10));
        server.child.kill('SIGTERM');
        const response = await pending;
        expect(response.status).toBe(201);
        expect(await server.exited).toBe(0);
        expect(server.output().stdout).toContain('shutting down');
      } finally {
        stop(server.child);
        await database?.drop();
      }
    });
  });
});
