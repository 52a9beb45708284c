import { DEFAULT_TIMER_SETTINGS, type TimerSettings } from './settings.js';

/**
 * A visitor's set-up carried into an account (decision 051): what the browser keeps for a
 * visitor that an account keeps on the server, namely the to-do list (with estimates, done counts
 * and the active one) and the timer settings, which hold the daily goal and the sounds. A new
 * account starts with it; an existing account gets it only when the person says so.
 *
 * This file: the set-up, and whether there is one, which the first screen asks at a sign-in. What
 * the account does with it (read back, asked about, merged) is in carry-over-account.ts, loaded
 * with the account's side only (docs/decisions/077).
 */

/** One to-do as it goes to the server (POST /pomodoro/todos, replace-all): an id keeps a row. */
export interface CarriedTodo {
  id?: string;
  text: string;
  completed: boolean;
  estimate: number;
  done_pomodoros: number;
  active: boolean;
}

export interface VisitorSetup {
  settings: TimerSettings;
  todos: CarriedTodo[];
}

/**
 * What is waiting to be carried, kept in the browser until it is done (so a reload neither loses
 * nor repeats it): for which account (null when the sign-in answer named none), whether the
 * person has yet to be asked, the set-up as it was at sign-in, and once worked out, the exact
 * list to send, so sending it again changes nothing.
 */
export interface CarryOver {
  userId: string | null;
  choice: 'ask' | 'keep';
  setup: VisitorSetup;
  target?: CarriedTodo[];
  /** How many of the visitor's to-dos the target could not hold (the list limit). */
  leftOut?: number;
}

function sameSettings(a: TimerSettings, b: TimerSettings): boolean {
  return (Object.keys(DEFAULT_TIMER_SETTINGS) as (keyof TimerSettings)[]).every(
    (key) => a[key] === b[key],
  );
}

/** Whether there is anything to carry: a to-do, or a setting that is not the default. */
export function hasSetup(setup: VisitorSetup): boolean {
  return setup.todos.length > 0 || !sameSettings(setup.settings, DEFAULT_TIMER_SETTINGS);
}
