import type { Millis, TimerState } from './machine.js';
import type { TimerSettings } from './settings.js';
import {
  SHARED_TIMER_MAX_BATCH,
  applySharedTimerRequests,
  type SharedTimer,
  type SharedTimerRequest,
} from './shared-timer.js';

/**
 * A device's side of the account's one timer (issue 33): what it last heard from the server, and
 * the presses its person made that the server has not answered yet (sent, or waiting for the
 * network). Pure, like the server's rules it mirrors (shared-timer.ts).
 */

/** The timer as the server sends it to a device (GET /api/timer, the live channel). */
export interface SharedTimerSnapshot {
  version: number;
  state: TimerState;
  currentTask: string;
  changedAt: Millis;
  changedBy: string | null;
}

/**
 * Whether a snapshot that just arrived should replace the one shown: only a newer version does.
 * Snapshots can arrive out of order (an answer and a live message cross); an equal version is the
 * same timer, so keeping the shown one never makes the display flicker on a reconnect.
 */
export function isNewerSnapshot(
  incoming: SharedTimerSnapshot,
  shown: SharedTimerSnapshot | null,
): boolean {
  return shown === null || incoming.version > shown.version;
}

/**
 * What the device shows: the server's timer with its own unanswered presses laid over it, by the
 * server's rules, so a press shows at once and the answer changes nothing when it agrees. A press
 * the server will find stale (a phase ended since) is left out here too.
 */
export function shownTimer(
  snapshot: SharedTimerSnapshot,
  pending: readonly SharedTimerRequest[],
  now: Millis,
  settings: TimerSettings,
): SharedTimerSnapshot {
  if (pending.length === 0) return snapshot;
  const base: SharedTimer = {
    ...snapshot,
    // The device built its presses on this version: the server's rules accept them over it.
    stateVersion: snapshot.version,
    stateChangedBy: null,
    recentRequests: [],
  };
  return sharedTimerSnapshot(applySharedTimerRequests(base, pending, now, settings).timer);
}

/** What a device is told of the timer: its state and last change, not the server's bookkeeping. */
export function sharedTimerSnapshot(timer: SharedTimer): SharedTimerSnapshot {
  const { version, state, currentTask, changedAt, changedBy } = timer;
  return { version, state, currentTask, changedAt, changedBy };
}

/** The presses still to send after the server answered the ones in `answered` (by id). */
export function withoutAnswered(
  pending: readonly SharedTimerRequest[],
  answered: readonly string[],
): SharedTimerRequest[] {
  const done = new Set(answered);
  return pending.filter((request) => !done.has(request.id));
}

/** The next batch to send: the oldest presses first, as many as one request may carry. */
export function nextBatch(pending: readonly SharedTimerRequest[]): SharedTimerRequest[] {
  return pending.slice(0, SHARED_TIMER_MAX_BATCH);
}
