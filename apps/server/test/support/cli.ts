import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: where an operator types `npm run ...`. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (from the repository root unless told), collecting its output. */
export function runCommand(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd?: string; shell?: boolean },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: options.shell ?? false,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run -s <script> -- ...args` from the repository root, as an operator types it. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return runCommand('npm', ['run', '-s', script, '--', ...args], { env });
}
