import { TODO_TEXT_MAX_LENGTH, TODOS_MAX_ITEMS } from '../constants.js';
import type { CarriedTodo, CarryOver } from './carry-over.js';
import { toDonePomodoros, toEstimate } from './estimates.js';
import { DEFAULT_TIMER_SETTINGS, chooseSettings, type TimerSettings } from './settings.js';

/**
 * The account's side of a visitor's set-up carried into it (decision 051): which settings the
 * question names, the merged list sent, and a stored carry-over read back. A module apart from
 * carry-over.ts, which the first screen imports, so the web app loads this with the account's side
 * only (docs/decisions/077).
 */

/** The settings fields a visitor changed from the defaults. */
export function changedSettings(settings: TimerSettings): (keyof TimerSettings)[] {
  return (Object.keys(DEFAULT_TIMER_SETTINGS) as (keyof TimerSettings)[]).filter(
    (key) => settings[key] !== DEFAULT_TIMER_SETTINGS[key],
  );
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
