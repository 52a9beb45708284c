import {
  TODO_DONE_POMODOROS_MAX,
  TODO_ESTIMATE_DEFAULT,
  TODO_ESTIMATE_MAX,
  TODO_ESTIMATE_MIN,
} from '../constants.js';
import type { Completion } from './machine.js';

/**
 * Estimated pomodoros per to-do (product §4 "To-do estimates"): each to-do has an estimate and a
 * done count; the one active to-do collects every pomodoro that finishes while it is active, and
 * the estimate left over gives the clock time the list would be finished at.
 *
 * This file: an estimate and a done count read from anywhere, and the crediting of the active
 * to-do, which the timer does on the first screen. What the list shows of them (pomodoros left,
 * "3/8", the finish time) is in estimate-progress.ts, loaded with the to-do list
 * (docs/decisions/077).
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
