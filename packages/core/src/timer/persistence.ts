import {
  TIMER_TYPES,
  initialTimerState,
  remainingAt,
  type TimerState,
  type TimerStatus,
  type TimerType,
} from './machine.js';
import type { TimerSettings } from './settings.js';
import type { TodoText } from './session.js';

/** Product §9: a running timer's state is saved every this many ticks (and on hide, unload, every action). */
export const TICKS_PER_SAVE = 5;

/**
 * The saved timer state of product §3 (timeLeft in seconds, timerState, timerType,
 * completedPomodoros, currentTask, todoItems, startTime, lastTimestamp) plus the extras that
 * product §3 adds so the active-minutes rule survives a reload.
 */
export interface SavedTimerState {
  timeLeft: number;
  timerState: TimerStatus;
  timerType: TimerType;
  completedPomodoros: number;
  currentTask: string;
  todoItems: TodoText[];
  startTime: number | null;
  lastTimestamp: number;
  durationMs?: number;
  /** Exact time left while paused; timeLeft is whole seconds. */
  remainingMs?: number;
  endsAt?: number | null;
  activeMs?: number;
  runningSince?: number | null;
  autoStartAt?: number | null;
}

const STATUSES: readonly TimerStatus[] = ['idle', 'running', 'paused', 'completed'];

export function encodeTimerState(
  state: TimerState,
  now: number,
  settings: TimerSettings,
  extras: { currentTask: string; todoItems: readonly TodoText[] },
): SavedTimerState {
  return {
    timeLeft: Math.ceil(remainingAt(state, now, settings) / 1000),
    timerState: state.status,
    timerType: state.type,
    completedPomodoros: state.completedPomodoros,
    currentTask: extras.currentTask,
    todoItems: extras.todoItems.map((t) => ({ text: t.text, completed: t.completed })),
    startTime: state.startedAt,
    lastTimestamp: now,
    durationMs: state.durationMs,
    remainingMs: state.remainingMs,
    endsAt: state.endsAt,
    activeMs: state.activeMs,
    runningSince: state.runningSince,
    autoStartAt: state.autoStartAt,
  };
}

/**
 * Reads a saved state defensively (it comes from local storage, which anything can write).
 * Returns null when it is unusable; a state saved without the extras is rebuilt from
 * timeLeft and lastTimestamp.
 */
export function decodeTimerState(
  raw: unknown,
  settings: TimerSettings,
): { state: TimerState; currentTask: string; todoItems: TodoText[] } | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const type = TIMER_TYPES.includes(r.timerType as TimerType) ? (r.timerType as TimerType) : null;
  const status = STATUSES.includes(r.timerState as TimerStatus)
    ? (r.timerState as TimerStatus)
    : null;
  if (!type || !status) return null;
  const completedPomodoros = isCount(r.completedPomodoros) ? r.completedPomodoros : 0;
  const currentTask = typeof r.currentTask === 'string' ? r.currentTask.slice(0, 500) : '';
  const todoItems = Array.isArray(r.todoItems)
    ? r.todoItems
        .filter(
          (t): t is TodoText =>
            !!t &&
            typeof t === 'object' &&
            typeof (t as TodoText).text === 'string' &&
            typeof (t as TodoText).completed === 'boolean',
        )
        .slice(0, 200)
        .map((t) => ({ text: t.text.slice(0, 500), completed: t.completed }))
    : [];

  const base = initialTimerState(settings, type, completedPomodoros);
  if (status === 'idle') return { state: base, currentTask, todoItems };

  const durationMs = isPositive(r.durationMs) ? r.durationMs : base.durationMs;
  const timeLeftMs = isFiniteNumber(r.remainingMs)
    ? clamp(r.remainingMs, 0, durationMs)
    : isFiniteNumber(r.timeLeft)
      ? clamp(r.timeLeft * 1000, 0, durationMs)
      : durationMs;
  const lastTimestamp = isFiniteNumber(r.lastTimestamp) ? r.lastTimestamp : null;
  const activeMs =
    isFiniteNumber(r.activeMs) && r.activeMs >= 0 ? r.activeMs : durationMs - timeLeftMs;
  const startedAt = isFiniteNumber(r.startTime) ? r.startTime : null;

  if (status === 'completed') {
    const autoStartAt = isFiniteNumber(r.autoStartAt) ? r.autoStartAt : null;
    return { state: { ...base, status, autoStartAt }, currentTask, todoItems };
  }
  if (status === 'paused') {
    return {
      state: { ...base, status, durationMs, remainingMs: timeLeftMs, startedAt, activeMs },
      currentTask,
      todoItems,
    };
  }
  // running
  const endsAt = isFiniteNumber(r.endsAt)
    ? r.endsAt
    : lastTimestamp !== null
      ? lastTimestamp + timeLeftMs
      : null;
  if (endsAt === null) return { state: base, currentTask, todoItems };
  // Without the extras, the time before the save counts as active and the stretch restarts there.
  const runningSince = isFiniteNumber(r.runningSince)
    ? r.runningSince
    : (lastTimestamp ?? endsAt - timeLeftMs);
  return {
    state: {
      ...base,
      status,
      durationMs,
      remainingMs: timeLeftMs,
      endsAt,
      startedAt: startedAt ?? endsAt - durationMs,
      activeMs,
      runningSince,
    },
    currentTask,
    todoItems,
  };
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
function isPositive(v: unknown): v is number {
  return isFiniteNumber(v) && v > 0;
}
function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1_000_000;
}
function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
