import { readFileSync } from 'node:fs';

/**
 * Open files an instance keeps for itself below its open-file limit: the database, static files,
 * logs, and the /proc files Node reads for its memory figures. At the limit, under-pressure's
 * process.memoryUsage() threw EMFILE in a timer and the instance exited (bench/load.ts, 20,000
 * users each holding a live channel, hard limit 20,000). Below it, a new connection is refused
 * at once and the instance goes on serving the ones it holds.
 */
export const OPEN_FILES_RESERVE = 1_000;

/** The soft "Max open files" in the text of /proc/self/limits; null when unlimited or absent. */
export function openFileLimit(limits: string): number | null {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(limits);
  if (!match?.[1] || match[1] === 'unlimited') return null;
  return Number(match[1]);
}

/**
 * How many connections the server accepts at once: `configured` (MAX_CONNECTIONS) when set,
 * else the open-file limit less the reserve (at most half of a small limit); null: no cap.
 */
export function connectionCap(configured: number | null, fileLimit: number | null): number | null {
  if (configured !== null) return configured;
  if (fileLimit === null) return null;
  return fileLimit - Math.min(OPEN_FILES_RESERVE, Math.floor(fileLimit / 2));
}

/** This process's open-file limit (Node raises the soft limit to the hard one as it starts). */
export function processOpenFileLimit(): number | null {
  try {
    return openFileLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    // Not Linux: no /proc.
    return null;
  }
}
