import {
  advance,
  durationFor,
  initialTimerState,
  nextType,
  transition,
  type Completion,
  type Millis,
  type TimerState,
  type TimerType,
} from './machine.js';
import type { TimerSettings } from './settings.js';

/**
 * A signed-in account's one timer, held by the server and shown by every device (issue 33).
 * The state is the same timestamp machine the browser runs (machine.ts), in the server's time;
 * every function here is pure, so the rules by which two devices' presses become one result are
 * decided once, here, and tested here.
 */

/** What a person can do to the account's timer from any device. */
export type SharedTimerAction =
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'reset' }
  | { type: 'skip' }
  | { type: 'select'; timerType: TimerType }
  | { type: 'task'; text: string };

export const SHARED_TIMER_ACTION_TYPES = [
  'start',
  'pause',
  'resume',
  'reset',
  'skip',
  'select',
  'task',
] as const satisfies readonly SharedTimerAction['type'][];

/** How many applied request ids the timer remembers, so a device's retry is not applied twice. */
export const SHARED_TIMER_REMEMBERED_REQUESTS = 64;

/** The most actions one request replays (a device that was offline sends them all at once). */
export const SHARED_TIMER_MAX_BATCH = 50;

/** The longest id a device may give itself or a press. */
export const SHARED_TIMER_ID_MAX_LENGTH = 64;

/** Why the API refused a request to the shared timer (the task's length: SESSION_MESSAGES.task). */
export const SHARED_TIMER_MESSAGES = {
  batch: `Send from 1 to ${SHARED_TIMER_MAX_BATCH} timer actions at a time`,
  action: 'Each timer action needs an id, a device, a base version, a time and a known type',
} as const;

export interface SharedTimer {
  /** Counts every accepted change: a snapshot with a higher version replaces a lower one. */
  version: number;
  /** The version of the last change to the timer itself (not the task text), and its device. */
  stateVersion: number;
  stateChangedBy: string | null;
  state: TimerState;
  currentTask: string;
  /** Server time of the last accepted change: no replayed action is placed before it. */
  changedAt: Millis;
  /** The device that made the last change, null for a timer nobody has touched. */
  changedBy: string | null;
  /** Ids of the requests applied last, newest last (at most SHARED_TIMER_REMEMBERED_REQUESTS). */
  recentRequests: string[];
}

/** One press on one device, as the device sends it. */
export interface SharedTimerRequest {
  /** Chosen by the device, unique per press: a retried request is recognised by it. */
  id: string;
  /** The device the press came from: one per tab, which sends its presses in order. */
  device: string;
  /** The timer version the device showed when the person pressed. */
  baseVersion: number;
  /** When the person pressed, in the server's time (the device's clock corrected by its offset). */
  at: Millis;
  action: SharedTimerAction;
}

/**
 * What became of a request:
 * - `applied`: it changed the timer;
 * - `unchanged`: it was accepted but changed nothing (pausing a paused timer);
 * - `stale`: the timer had changed since the device last saw it (another device's press, or a
 *   phase that ended after the press was made), so it is not applied and the device takes the
 *   server's timer; every request after it in the same batch is stale too, since each was made
 *   on top of the one before;
 * - `duplicate`: a request with this id was applied already (a retry).
 */
export type SharedTimerOutcome = 'applied' | 'unchanged' | 'stale' | 'duplicate';

export interface SharedTimerResult {
  timer: SharedTimer;
  outcomes: SharedTimerOutcome[];
}

/** The timer of an account nobody has used on any device yet. */
export function newSharedTimer(settings: TimerSettings, now: Millis): SharedTimer {
  return {
    version: 0,
    stateVersion: 0,
    stateChangedBy: null,
    state: initialTimerState(settings),
    currentTask: '',
    changedAt: now,
    changedBy: null,
    recentRequests: [],
  };
}

/**
 * Applies a device's requests in order at server time `now`. The rules:
 * - the server's order is the order of decision: of two devices pressing at once, the request
 *   that reaches it first is applied and the other is stale (its device then shows the first's
 *   result), so every device ends on one well-defined timer; a device's own earlier presses
 *   never make its later ones stale;
 * - a request takes effect at its own instant `at` (an offline device's pause pauses where the
 *   person paused), kept between the last accepted change and `now`, so a replay never rewrites
 *   what another device already did, nor acts in the future of a fast clock;
 * - a timer action made before a phase end that has since passed is stale: that phase ended for
 *   everyone (and may already be recorded as a session by another device);
 * - the current task is the last one typed, on any device: it is never stale and does not make
 *   timer presses stale.
 */
export function applySharedTimerRequests(
  timer: SharedTimer,
  requests: readonly SharedTimerRequest[],
  now: Millis,
  settings: TimerSettings,
): SharedTimerResult {
  let current = timer;
  let chainBroken = false;
  const outcomes: SharedTimerOutcome[] = [];
  for (const request of requests) {
    if (current.recentRequests.includes(request.id)) {
      outcomes.push('duplicate');
      continue;
    }
    if (chainBroken) {
      outcomes.push('stale');
      continue;
    }
    const at = Math.min(now, Math.max(current.changedAt, finiteOr(request.at, now)));
    if (request.action.type === 'task') {
      const text = request.action.text;
      const same = text === current.currentTask;
      current = same
        ? remember(current, request.id)
        : changed(current, request, at, { currentTask: text });
      outcomes.push(same ? 'unchanged' : 'applied');
      continue;
    }
    // The timer as it stood when the person pressed: phases due by then have ended.
    const settled = advance(current.state, at, settings).state;
    if (!sawLastChange(current, request) || endedSince(settled, now, settings)) {
      chainBroken = true;
      outcomes.push('stale');
      continue;
    }
    const { state } = transition(current.state, request.action, at, settings);
    if (sameState(state, settled)) {
      current = remember(current, request.id);
      outcomes.push('unchanged');
      continue;
    }
    current = changed(current, request, at, {
      state,
      stateVersion: current.version + 1,
      stateChangedBy: request.device,
    });
    outcomes.push('applied');
  }
  return { timer: current, outcomes };
}

/** The timer as it stands at `now`: phases due by then have ended, auto-starts have begun. */
export function sharedTimerAt(
  timer: SharedTimer,
  now: Millis,
  settings: TimerSettings,
): { state: TimerState; completions: Completion[] } {
  return advance(timer.state, now, settings);
}

/** The next phase end if nobody presses anything, for its push announcement (issue 33). */
export interface PhaseEnd {
  /** Server time the phase reaches zero. */
  at: Millis;
  finishedType: TimerType;
  nextType: TimerType;
  /** Whether the next phase starts by itself (auto-start), which the announcement says. */
  autoStart: boolean;
  /** When the finished phase started: with `at` and the type, it names the phase once. */
  startedAt: Millis;
}

/**
 * The next phase end after `now`, following auto-starts: a running phase's end, or the end of
 * the phase a pending auto-start will begin. Null while idle, paused, or completed without
 * auto-start: nothing will end unless someone presses Start.
 */
export function nextPhaseEnd(
  timer: SharedTimer,
  now: Millis,
  settings: TimerSettings,
): PhaseEnd | null {
  let { state } = advance(timer.state, now, settings);
  if (state.status === 'completed' && state.autoStartAt !== null) {
    state = advance(state, state.autoStartAt, settings).state;
  }
  if (state.status !== 'running' || state.endsAt === null) return null;
  const following = nextType(state.type, state.completedPomodoros, settings);
  return {
    at: state.endsAt,
    finishedType: state.type,
    nextType: following,
    autoStart:
      following === 'pomodoro' ? settings.auto_start_pomodoros : settings.auto_start_breaks,
    startedAt: state.startedAt ?? state.endsAt - durationFor(state.type, settings),
  };
}

/**
 * Whether the device had seen the timer's last change when its person pressed: it showed that
 * version or a later one, or the change was its own (the requests of one device's batch, and a
 * retried batch whose first requests were applied, build on each other). One device is one tab:
 * it sends its presses in order.
 */
function sawLastChange(timer: SharedTimer, request: SharedTimerRequest): boolean {
  return request.baseVersion >= timer.stateVersion || timer.stateChangedBy === request.device;
}

/** Whether a phase running at `at` reached its end after `at` and by `now`. */
function endedSince(settled: TimerState, now: Millis, settings: TimerSettings): boolean {
  return advance(settled, now, settings).completions.length > 0;
}

function changed(
  timer: SharedTimer,
  request: SharedTimerRequest,
  at: Millis,
  change: Partial<Pick<SharedTimer, 'state' | 'stateVersion' | 'stateChangedBy' | 'currentTask'>>,
): SharedTimer {
  return {
    ...remember(timer, request.id),
    ...change,
    version: timer.version + 1,
    changedAt: at,
    changedBy: request.device,
  };
}

function remember(timer: SharedTimer, id: string): SharedTimer {
  const recentRequests = [...timer.recentRequests, id].slice(-SHARED_TIMER_REMEMBERED_REQUESTS);
  return { ...timer, recentRequests };
}

function sameState(a: TimerState, b: TimerState): boolean {
  return (Object.keys(a) as (keyof TimerState)[]).every((key) => a[key] === b[key]);
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}
