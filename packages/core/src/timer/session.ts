import type { Completion } from './machine.js';

export const DEFAULT_SESSION_TASK = 'Completed Pomodoro';

export interface TodoText {
  text: string;
  completed: boolean;
}

/** The session record sent on completion, with its idempotency key (product §3, §7). */
export interface SessionRecord {
  duration: number;
  task: string;
  completed: boolean;
  start_time: string;
  end_time: string;
  client_id?: string;
}

/**
 * product §5 recorded duration: the active minutes, unless they are 0 or more than twice the
 * intended duration, in which case the intended duration.
 */
export function recordedMinutes(activeMs: number, intendedMs: number): number {
  const active = Math.round(activeMs / 60_000);
  const intended = Math.round(intendedMs / 60_000);
  if (active === 0 || active > 2 * intended) return intended;
  return active;
}

/**
 * product §5 task label: completed to-dos joined, else the current task, else
 * 'Completed Pomodoro'.
 */
export function sessionTaskLabel(todos: readonly TodoText[], currentTask: string): string {
  const done = todos.filter((t) => t.completed && t.text.trim() !== '').map((t) => t.text.trim());
  if (done.length > 0) return done.join(', ');
  if (currentTask.trim() !== '') return currentTask.trim();
  return DEFAULT_SESSION_TASK;
}

/** The record for a finished pomodoro; breaks are never recorded. */
export function sessionRecordFor(
  completion: Completion,
  todos: readonly TodoText[],
  currentTask: string,
): SessionRecord | null {
  if (completion.finishedType !== 'pomodoro') return null;
  return {
    duration: recordedMinutes(completion.activeMs, completion.durationMs),
    task: sessionTaskLabel(todos, currentTask),
    completed: true,
    start_time: new Date(completion.startedAt).toISOString(),
    end_time: new Date(completion.endedAt).toISOString(),
  };
}
