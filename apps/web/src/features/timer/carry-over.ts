import {
  STORAGE_KEYS,
  chooseSettings,
  hasSetup,
  type CarriedTodo,
  type CarryOver,
  type VisitorSetup,
} from '@focusroom/core';
import type { SignInEvent } from '../auth';
import { readJson, writeJson } from './timer-storage';
import type { TimerController, TodoItem } from './timer-store';

/**
 * A visitor's set-up on its way into an account (decision 051), kept under
 * `focusroom_carry_over` until it is carried or declined: a reload resumes it, another tab sees
 * it. This file is in the first load (setting it aside at sign-in, giving it back at sign-out);
 * reading, answering and sending it are in carry-over-account.ts, loaded with the account's sync.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

/** Stores (or, with null, removes) the carry-over and tells this tab's listeners. */
export function writeCarryOver(carry: CarryOver | null): void {
  writeJson(STORAGE_KEYS.carryOver, carry ?? undefined);
  for (const listener of [...listeners]) listener();
}

/** Called after every change of the carry-over in this tab or another. Returns the unsubscribe. */
export function subscribeCarryOver(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.carryOver || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function toCarried(todo: TodoItem): CarriedTodo {
  return {
    text: todo.text,
    completed: todo.completed,
    estimate: todo.estimate,
    done_pomodoros: todo.donePomodoros,
    active: todo.active,
  };
}

/**
 * At sign-in, before the account's state arrives: when the timer holds a visitor's set-up (its
 * own to-do list, settings that are not the defaults), it is set aside for the account. A new
 * account takes it without a question; an existing one asks first. Nothing to carry: nothing is
 * stored.
 */
export function setAsideVisitorSetup(controller: TimerController, signIn: SignInEvent): void {
  const state = controller.store.getState();
  // The store holds an account's list (a tab already signed in): nothing of a visitor's here.
  if (state.todoSource !== 'local') return;
  const setup: VisitorSetup = { settings: state.settings, todos: state.todos.map(toCarried) };
  if (!hasSetup(setup)) return;
  writeCarryOver({
    userId: signIn.userId,
    choice: signIn.newAccount ? 'keep' : 'ask',
    setup,
  });
}

/**
 * A session ended before its carry-over was done: the set-up is the visitor's again. Its to-do
 * list never left `focusroom_todos`; its settings go back under `focusroom_settings`, which the
 * sign-out has just cleared. (Read without the full check, which stays out of the first load:
 * `chooseSettings` takes only valid fields.)
 */
export function returnVisitorSetup(): void {
  const raw = readJson(STORAGE_KEYS.carryOver) as { setup?: { settings?: unknown } } | undefined;
  if (raw === undefined) return;
  const settings = raw && typeof raw === 'object' ? raw.setup?.settings : undefined;
  if (settings && typeof settings === 'object') {
    writeJson(STORAGE_KEYS.settings, chooseSettings(undefined, settings));
  }
  writeCarryOver(null);
}
