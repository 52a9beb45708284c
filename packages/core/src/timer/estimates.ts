import {
  TODO_DONE_POMODOROS_MAX,
  TODO_ESTIMATE_DEFAULT,
  TODO_ESTIMATE_MAX,
  TODO_ESTIMATE_MIN,
} from '../constants.js';
import {
  durationFor,
  nextType,
  remainingAt,
  type Completion,
  type Millis,
  type TimerState,
} from './machine.js';
import type { TimerSettings } from './settings.js';

/**
 * Estimated pomodoros per to-do (product §4 "To-do estimates"): each to-do has an estimate and a
 * done count; the one active to-do collects every pomodoro that finishes while it is active, and
 * the estimate left over gives the clock time the list would be finished at.
 */
export interface EstimatedTodo {
  estimate: number;
  donePomodoros: number;
  completed: boolean;
  active: boolean;
}

function wholeIn(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** An estimate read from anywhere (storage, a field): a whole number 1-99, else the default. */
export function toEstimate(value: unknown): number {
  return wholeIn(value, TODO_ESTIMATE_MIN, TODO_ESTIMATE_MAX, TODO_ESTIMATE_DEFAULT);
}

/** A done count read from anywhere: a whole number 0-999, else 0. */
export function toDonePomodoros(value: unknown): number {
  return wholeIn(value, 0, TODO_DONE_POMODOROS_MAX, 0);
}

/** How many of these completions finished a pomodoro (breaks never count). */
export function finishedPomodoros(completions: readonly Completion[]): number {
  return completions.filter((c) => c.finishedType === 'pomodoro').length;
}

/**
 * The list after these completions: the active to-do's done count rises by one per finished
 * pomodoro (up to the maximum). Without an active to-do, or without a finished pomodoro, the
 * same array comes back, so a caller can tell that nothing changed.
 */
export function creditActiveTodo<T extends EstimatedTodo>(
  todos: readonly T[],
  completions: readonly Completion[],
): readonly T[] {
  const finished = finishedPomodoros(completions);
  if (finished === 0) return todos;
  const index = todos.findIndex((t) => t.active);
  if (index === -1) return todos;
  const active = todos[index]!;
  const donePomodoros = Math.min(TODO_DONE_POMODOROS_MAX, active.donePomodoros + finished);
  if (donePomodoros === active.donePomodoros) return todos;
  const next = [...todos];
  next[index] = { ...active, donePomodoros };
  return next;
}

/** Pomodoros still to do: over the open to-dos, each one's estimate less what is done (not below 0). */
export function remainingPomodoros(todos: readonly EstimatedTodo[]): number {
  return todos.reduce(
    (sum, t) => (t.completed ? sum : sum + Math.max(0, t.estimate - t.donePomodoros)),
    0,
  );
}

/** Done and estimated pomodoros over the whole list, for a "3/8" progress line. */
export function estimateTotals(todos: readonly EstimatedTodo[]): {
  done: number;
  estimate: number;
} {
  return todos.reduce(
    (sum, t) => ({ done: sum.done + t.donePomodoros, estimate: sum.estimate + t.estimate }),
    { done: 0, estimate: 0 },
  );
}

/**
 * The instant the remaining pomodoros would be done, or null when none remain: from `now`, the
 * time left of the phase under way (a running or paused pomodoro counts as the first remaining
 * one; a break under way must end first), then each further pomodoro at full length with the
 * break between two pomodoros chosen by the long-break rule, counted on from the timer's
 * completed count. No break is added after the last one.
 */
export function finishAt(
  remaining: number,
  timer: TimerState,
  now: Millis,
  settings: TimerSettings,
): Millis | null {
  if (remaining <= 0) return null;
  let at = now;
  let left = remaining;
  let completed = timer.completedPomodoros;
  let afterPomodoro = false;
  if (timer.status === 'running' || timer.status === 'paused') {
    at += remainingAt(timer, now, settings);
    if (timer.type === 'pomodoro') {
      left -= 1;
      completed += 1;
      afterPomodoro = true;
    }
  }
  const pomodoroMs = durationFor('pomodoro', settings);
  for (; left > 0; left -= 1) {
    if (afterPomodoro) at += durationFor(nextType('pomodoro', completed - 1, settings), settings);
    at += pomodoroMs;
    completed += 1;
    afterPomodoro = true;
  }
  return at;
}
