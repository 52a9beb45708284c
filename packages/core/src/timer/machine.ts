import type { TimerSettings } from './settings.js';

/**
 * The timer machine of product §4, decided readings included. Every function is pure: time is
 * an argument (`now`, epoch milliseconds) and the state holds timestamps, never tick counts, so
 * a late or missing tick cannot make the timer drift.
 */

export type TimerType = 'pomodoro' | 'short_break' | 'long_break';
export type TimerStatus = 'idle' | 'running' | 'paused' | 'completed';
export const TIMER_TYPES: readonly TimerType[] = ['pomodoro', 'short_break', 'long_break'];

/** Milliseconds, to keep units apart from the settings' minutes. */
export type Millis = number;

export const AUTO_START_DELAY_MS: Millis = 1000;

export interface TimerState {
  status: TimerStatus;
  type: TimerType;
  completedPomodoros: number;
  /** The intended duration of the phase now loaded; idle and completed follow the settings. */
  durationMs: Millis;
  /** Time left while paused (running derives it from endsAt). */
  remainingMs: Millis;
  /** While running: the instant the countdown reaches zero. */
  endsAt: Millis | null;
  /** First start of this phase: the session's start_time. */
  startedAt: Millis | null;
  /** Active (running) time accumulated before the current running stretch. */
  activeMs: Millis;
  /** While running: when the current running stretch began. */
  runningSince: Millis | null;
  /** While completed with auto-start applying: when the next phase starts by itself. */
  autoStartAt: Millis | null;
}

export type TimerEvent =
  | { type: 'start' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'reset' }
  | { type: 'skip' }
  | { type: 'tick' }
  | { type: 'complete' }
  | { type: 'visible' }
  | { type: 'select'; timerType: TimerType };

/** What a finished countdown produced; the app turns it into sound, notification and a session. */
export interface Completion {
  finishedType: TimerType;
  nextType: TimerType;
  startedAt: Millis;
  endedAt: Millis;
  /** Active time of the finished phase (pauses excluded). */
  activeMs: Millis;
  /** The intended duration of the finished phase. */
  durationMs: Millis;
  completedPomodoros: number;
  autoStart: boolean;
}

export interface TransitionResult {
  state: TimerState;
  completions: Completion[];
}

/** The intended duration of a type under the settings. */
export function durationFor(type: TimerType, settings: TimerSettings): Millis {
  const minutes =
    type === 'pomodoro'
      ? settings.pomodoro_duration
      : type === 'short_break'
        ? settings.short_break_duration
        : settings.long_break_duration;
  return minutes * 60_000;
}

/**
 * The type after `type`. After a pomodoro: a long break when the completed count (read before the
 * finishing pomodoro is added, product §4) plus one is divisible by pomodoros_until_long_break,
 * else a short break. After any break: a pomodoro.
 */
export function nextType(
  type: TimerType,
  completedPomodoros: number,
  settings: TimerSettings,
): TimerType {
  if (type !== 'pomodoro') return 'pomodoro';
  const every = Math.max(1, settings.pomodoros_until_long_break);
  return (completedPomodoros + 1) % every === 0 ? 'long_break' : 'short_break';
}

/** A fresh idle timer on the given type. */
export function initialTimerState(
  settings: TimerSettings,
  type: TimerType = 'pomodoro',
  completedPomodoros = 0,
): TimerState {
  const durationMs = durationFor(type, settings);
  return {
    status: 'idle',
    type,
    completedPomodoros,
    durationMs,
    remainingMs: durationMs,
    endsAt: null,
    startedAt: null,
    activeMs: 0,
    runningSince: null,
    autoStartAt: null,
  };
}

/**
 * Time left at `now`. Idle and completed follow the settings (product §4: the displayed time of
 * an idle timer follows the settings); the value is always within [0, the phase's duration].
 */
export function remainingAt(state: TimerState, now: Millis, settings: TimerSettings): Millis {
  switch (state.status) {
    case 'idle':
    case 'completed':
      return durationFor(state.type, settings);
    case 'paused':
      return clamp(state.remainingMs, 0, state.durationMs);
    case 'running':
      return clamp((state.endsAt ?? now) - now, 0, state.durationMs);
  }
}

/** Active time of the current phase at `now`, pauses excluded. */
export function activeAt(state: TimerState, now: Millis): Millis {
  if (state.status !== 'running' || state.runningSince === null) return state.activeMs;
  const until = Math.min(now, state.endsAt ?? now);
  return state.activeMs + Math.max(0, until - state.runningSince);
}

/** Seconds shown on the display: rounded up, so 24:59.2 shows 25:00 and zero shows only at the end. */
export function displaySeconds(state: TimerState, now: Millis, settings: TimerSettings): number {
  return Math.ceil(remainingAt(state, now, settings) / 1000);
}

/** Apply one event at `now`. Time-driven changes due by `now` (completion, auto-start) come first. */
export function transition(
  state: TimerState,
  event: TimerEvent,
  now: Millis,
  settings: TimerSettings,
): TransitionResult {
  const advanced = advance(state, now, settings);
  const completions = advanced.completions;
  const current = advanced.state;
  const next = (s: TimerState): TransitionResult => ({ state: s, completions });

  switch (event.type) {
    case 'tick':
    case 'complete':
    case 'visible':
      return advanced;
    case 'start':
      if (current.status === 'idle' || current.status === 'completed') {
        return next(startPhase(current, now, settings));
      }
      if (current.status === 'paused') return next(resumePhase(current, now));
      return advanced;
    case 'resume':
      return current.status === 'paused' ? next(resumePhase(current, now)) : advanced;
    case 'pause':
      return current.status === 'running' ? next(pausePhase(current, now)) : advanced;
    case 'reset':
      return next(initialTimerState(settings, current.type, current.completedPomodoros));
    case 'skip':
      return next(
        initialTimerState(
          settings,
          nextType(current.type, current.completedPomodoros, settings),
          current.completedPomodoros,
        ),
      );
    case 'select':
      return next(initialTimerState(settings, event.timerType, current.completedPomodoros));
  }
}

/**
 * Fast-forward a restored state to `now` (product §4 persistence). A running timer whose time ran
 * out becomes completed, once: an auto-start that would have fired while the page was closed does
 * not, so a long absence never invents sessions nobody attended.
 */
export function restore(state: TimerState, now: Millis, settings: TimerSettings): TransitionResult {
  // An auto-start whose instant passed while the page was closed does not fire either: otherwise
  // a page closed in the second between a completion and its auto-start would, on reopening,
  // count the auto-started phase as finished.
  const pendingStartMissed =
    state.status === 'completed' && state.autoStartAt !== null && now >= state.autoStartAt;
  const result = advance(
    pendingStartMissed ? { ...state, autoStartAt: null } : state,
    now,
    settings,
    1,
  );
  if (result.state.status === 'completed' && result.completions.length > 0) {
    return { state: { ...result.state, autoStartAt: null }, completions: result.completions };
  }
  return result;
}

/**
 * Everything due by `now`: a running phase that reached zero completes at its due instant; a
 * pending auto-start begins at its own instant (not at the late tick), and so on.
 */
export function advance(
  state: TimerState,
  now: Millis,
  settings: TimerSettings,
  maxCompletions = Number.POSITIVE_INFINITY,
): TransitionResult {
  let current = state;
  const completions: Completion[] = [];
  // Each loop consumes at least one phase of >= 1 minute or an auto-start, so it is bounded by
  // the elapsed time; the cap guards against corrupt saved states.
  for (let guard = 0; guard < 10_000; guard++) {
    if (current.status === 'running' && current.endsAt !== null && now >= current.endsAt) {
      if (completions.length >= maxCompletions) break;
      const done = completePhase(current, settings);
      completions.push(done.completion);
      current = done.state;
      continue;
    }
    if (
      current.status === 'completed' &&
      current.autoStartAt !== null &&
      now >= current.autoStartAt
    ) {
      if (completions.length >= maxCompletions) break;
      current = startPhase(current, current.autoStartAt, settings);
      continue;
    }
    break;
  }
  return { state: current, completions };
}

function startPhase(state: TimerState, at: Millis, settings: TimerSettings): TimerState {
  const durationMs = durationFor(state.type, settings);
  return {
    ...state,
    status: 'running',
    durationMs,
    remainingMs: durationMs,
    endsAt: at + durationMs,
    startedAt: at,
    activeMs: 0,
    runningSince: at,
    autoStartAt: null,
  };
}

function pausePhase(state: TimerState, now: Millis): TimerState {
  const remainingMs = clamp((state.endsAt ?? now) - now, 0, state.durationMs);
  return {
    ...state,
    status: 'paused',
    remainingMs,
    endsAt: null,
    activeMs: activeAt(state, now),
    runningSince: null,
  };
}

function resumePhase(state: TimerState, now: Millis): TimerState {
  return {
    ...state,
    status: 'running',
    endsAt: now + clamp(state.remainingMs, 0, state.durationMs),
    runningSince: now,
  };
}

function completePhase(
  state: TimerState,
  settings: TimerSettings,
): { state: TimerState; completion: Completion } {
  const endedAt = state.endsAt ?? 0;
  const finishedType = state.type;
  const followingType = nextType(finishedType, state.completedPomodoros, settings);
  const completedPomodoros = state.completedPomodoros + (finishedType === 'pomodoro' ? 1 : 0);
  const autoStart =
    followingType === 'pomodoro' ? settings.auto_start_pomodoros : settings.auto_start_breaks;
  const completion: Completion = {
    finishedType,
    nextType: followingType,
    startedAt: state.startedAt ?? endedAt - state.durationMs,
    endedAt,
    activeMs: activeAt(state, endedAt),
    durationMs: state.durationMs,
    completedPomodoros,
    autoStart,
  };
  return {
    completion,
    // The next phase, full length and not started, waiting (or counting down to auto-start).
    state: {
      ...initialTimerState(settings, followingType, completedPomodoros),
      status: 'completed',
      autoStartAt: autoStart ? endedAt + AUTO_START_DELAY_MS : null,
    },
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
