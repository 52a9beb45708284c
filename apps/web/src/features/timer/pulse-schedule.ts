/**
 * When to pulse (decision 005): just as each displayed second turns over before `anchor`, and
 * exactly at `anchor` (a phase's end, or a pending auto-start). Shared by the Worker and the
 * page's own timer, each with its own clock; the pulse only says "look at the clock now".
 */
/** Messages from the page to the pulse Worker. */
export type PulseCommand = { type: 'run'; anchor: number } | { type: 'stop' };

export interface PulseTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export function nextPulseDelay(anchor: number, now: number): number {
  const remaining = anchor - now;
  if (remaining <= 0) return 1000;
  const toBoundary = remaining % 1000;
  return toBoundary === 0 ? 1000 : toBoundary;
}

export function startPulse(
  anchor: number,
  now: () => number,
  onPulse: () => void,
  timers: PulseTimers,
): () => void {
  let handle: unknown = null;
  let stopped = false;
  const schedule = (): void => {
    handle = timers.setTimeout(
      () => {
        if (stopped) return;
        onPulse();
        if (!stopped) schedule();
      },
      nextPulseDelay(anchor, now()),
    );
  };
  schedule();
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
