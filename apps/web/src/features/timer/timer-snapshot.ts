import type { TimerSettings, TimerState } from '@focusroom/core';

/** What the one timer store holds (timer-store.ts): the machine, its settings and the to-dos. */

export interface TodoItem {
  /** Stable key for the list and drag and drop; a server id once the server has it. */
  id: string;
  text: string;
  completed: boolean;
  /** Estimated pomodoros, 1-99 (product §4 "To-do estimates"). */
  estimate: number;
  /** Pomodoros finished while this was the active to-do. */
  donePomodoros: number;
  /** The to-do being worked on: finished pomodoros count for it. At most one is active. */
  active: boolean;
  /** The server's id (signed in): sent back so the replace-all keeps it. */
  serverId?: string | undefined;
}

/** What a to-do needs besides its text, before anything is estimated or done. */
export const FRESH_TODO_FIELDS = { estimate: 1, donePomodoros: 0, active: false } as const;

/** Where the to-do list lives: this browser (anonymous) or the account (signed in). */
export type TodoSource = 'local' | 'server';

export interface TimerSnapshot {
  timer: TimerState;
  settings: TimerSettings;
  /** When the store last read the clock; the display is computed for this instant. */
  now: number;
  currentTask: string;
  todos: TodoItem[];
  todoSource: TodoSource;
  /**
   * False while a signed-in user's list is on its way from the server: editing waits, so an
   * edit made to a stale list can never replace the account's list (product §3: the server's
   * list is the truth).
   */
  todosReady: boolean;
  /** Grows on every change the user makes to the list (the server sync debounces on it). */
  todosVersion: number;
}
