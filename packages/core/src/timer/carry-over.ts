import { TODO_TEXT_MAX_LENGTH, TODOS_MAX_ITEMS } from '../constants.js';
import { toDonePomodoros, toEstimate } from './estimates.js';
import { DEFAULT_TIMER_SETTINGS, chooseSettings, type TimerSettings } from './settings.js';

/**
 * A visitor's set-up carried into an account (decision 051): what the browser keeps for a
 * visitor that an account keeps on the server, namely the to-do list (with estimates, done counts
 * and the active one) and the timer settings, which hold the daily goal and the sounds. A new
 * account starts with it; an existing account gets it only when the person says so.
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

/** The settings fields a visitor changed from the defaults. */
export function changedSettings(settings: TimerSettings): (keyof TimerSettings)[] {
  return (Object.keys(DEFAULT_TIMER_SETTINGS) as (keyof TimerSettings)[]).filter(
    (key) => settings[key] !== DEFAULT_TIMER_SETTINGS[key],
  );
}

/** Whether there is anything to carry: a to-do, or a setting that is not the default. */
export function hasSetup(setup: VisitorSetup): boolean {
  return setup.todos.length > 0 || !sameSettings(setup.settings, DEFAULT_TIMER_SETTINGS);
}

/**
 * The account's list with the visitor's to-dos after it, as one replace-all body: the account's
 * items keep their ids and fields; the visitor's come without ids. When the visitor was working
 * on a to-do, it stays the active one (the timer's current task is its text). The list is cut at
 * the list limit; `leftOut` says how many of the visitor's did not fit.
 */
export function mergeTodos(
  account: readonly CarriedTodo[],
  visitor: readonly CarriedTodo[],
  max = TODOS_MAX_ITEMS,
): { todos: CarriedTodo[]; leftOut: number } {
  const room = Math.max(0, max - account.length);
  const added = visitor.slice(0, room);
  const visitorActive = added.some((t) => t.active);
  const todos = [
    ...account.map((t) => (visitorActive && t.active ? { ...t, active: false } : t)),
    ...added.map(({ id: _id, ...t }) => t),
  ];
  return { todos, leftOut: visitor.length - added.length };
}

function readTodo(value: unknown): CarriedTodo | null {
  if (!value || typeof value !== 'object') return null;
  const t = value as Record<string, unknown>;
  if (typeof t.text !== 'string' || t.text.trim() === '' || typeof t.completed !== 'boolean') {
    return null;
  }
  return {
    ...(typeof t.id === 'string' && t.id ? { id: t.id } : {}),
    text: t.text.slice(0, TODO_TEXT_MAX_LENGTH),
    completed: t.completed,
    estimate: toEstimate(t.estimate),
    done_pomodoros: toDonePomodoros(t.done_pomodoros),
    active: t.active === true,
  };
}

function readTodos(value: unknown): CarriedTodo[] | null {
  if (!Array.isArray(value)) return null;
  let activeSeen = false;
  const todos: CarriedTodo[] = [];
  for (const item of value.slice(0, TODOS_MAX_ITEMS)) {
    const todo = readTodo(item);
    if (!todo) continue;
    // At most one active, as the server keeps it.
    if (todo.active && activeSeen) todo.active = false;
    activeSeen ||= todo.active;
    todos.push(todo);
  }
  return todos;
}

/** A stored carry-over read back, or null when it is not one (then it is dropped). */
export function decodeCarryOver(value: unknown): CarryOver | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.choice !== 'ask' && v.choice !== 'keep') return null;
  if (v.userId !== null && typeof v.userId !== 'string') return null;
  const setup = v.setup as Record<string, unknown> | undefined;
  if (!setup || typeof setup !== 'object') return null;
  const todos = readTodos(setup.todos);
  if (todos === null || !setup.settings || typeof setup.settings !== 'object') return null;
  const carry: CarryOver = {
    userId: v.userId,
    choice: v.choice,
    setup: { settings: chooseSettings(undefined, setup.settings), todos },
  };
  if (v.target !== undefined) {
    const target = readTodos(v.target);
    if (target === null) return null;
    carry.target = target;
    if (typeof v.leftOut === 'number' && Number.isInteger(v.leftOut) && v.leftOut > 0) {
      carry.leftOut = v.leftOut;
    }
  }
  return carry;
}
