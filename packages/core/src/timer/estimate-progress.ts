import { durationFor, nextType, remainingAt, type Millis, type TimerState } from './machine.js';
import type { EstimatedTodo } from './estimates.js';
import type { TimerSettings } from './settings.js';

/**
 * What the to-do list shows of its estimates (product §4 "To-do estimates"): the pomodoros left,
 * done of estimated over the list, and the clock time the list would be finished at. A module
 * apart from estimates.ts, which the timer on the first screen imports, so the web app loads this
 * with the to-do list (docs/decisions/077).
 */

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
