import {
  STORAGE_KEYS,
  changedSettings,
  decodeCarryOver,
  mergeTodos,
  type CarriedTodo,
  type CarryOver,
} from '@focusroom/core';
import { api } from '../../lib/api-client';
import { removeItem } from '../../lib/storage';
import { writeCarryOver } from './carry-over';
import { fetchTodos, replaceTodos } from './timer-api';
import { readJson } from './timer-storage';
import type { TimerController } from './timer-store';

/*
 * The account's side of a carry-over (decision 051), loaded with the account's sync: reading the
 * stored one back, the two answers to the question, and sending it.
 */

/** The waiting carry-over, or null (an unreadable one is dropped). */
export function readCarryOver(): CarryOver | null {
  const raw = readJson(STORAGE_KEYS.carryOver);
  if (raw === undefined) return null;
  const carry = decodeCarryOver(raw);
  if (!carry) removeItem(STORAGE_KEYS.carryOver);
  return carry;
}

/**
 * The carry-over waiting for this user, from its stored text, or null. One set aside for another
 * account is not this user's (it goes when that session's sign-out returns it, or when the next
 * sign-in sets a new one aside).
 */
export function carryOverIn(text: string | null, userId: string): CarryOver | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const carry = decodeCarryOver(value);
  return carry && (carry.userId === null || carry.userId === userId) ? carry : null;
}

/**
 * "Use the account's": the visitor's set-up is discarded (its own list too, which would
 * otherwise come back after signing out) and the timer waits for the account's list.
 */
export function declineCarryOver(controller: TimerController): void {
  removeItem(STORAGE_KEYS.todos);
  controller.setTodoSource('local', []);
  writeCarryOver(null);
}

/** "Keep this browser's set-up": the set-up goes into the account. */
export function acceptCarryOver(carry: CarryOver): void {
  writeCarryOver({ ...carry, choice: 'keep' });
}

/** One tab at a time sends a carry-over (Web Locks where the browser has them). */
const LOCK_NAME = 'focusroom-carry-over';

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, work) : work();
}

/**
 * Sends an accepted carry-over into the signed-in account (decision 051): the settings the visitor
 * changed (the daily goal and sounds among them) replace the account's, and the visitor's to-dos
 * are added after the account's. The list to send is worked out once, from the account's list as it was, and
 * stored before anything is sent: sending it again after a reload or a failure (a replace-all of
 * the same list) changes nothing more, so nothing is added twice. Done, the carry-over and the
 * visitor's own list are removed from the browser. Returns how many to-dos did not fit, or null
 * when there was nothing (left) to send; throws when the server could not be reached or refused.
 */
export function sendCarryOver(): Promise<number | null> {
  return withLock(async () => {
    // Read again inside the lock: another tab may have sent it meanwhile.
    let carry = readCarryOver();
    if (!carry || carry.choice !== 'keep') return null;
    if (!carry.target) {
      const account = await fetchTodos();
      const current: CarriedTodo[] = [...account]
        .sort((a, b) => a.position - b.position)
        .map((t) => ({
          id: t.id,
          text: t.text,
          completed: t.completed,
          estimate: t.estimate ?? 1,
          done_pomodoros: t.done_pomodoros ?? 0,
          active: t.active ?? false,
        }));
      const { todos, leftOut } = mergeTodos(current, carry.setup.todos);
      carry = { ...carry, target: todos, ...(leftOut > 0 ? { leftOut } : {}) };
      writeCarryOver(carry);
    }
    // Only what the visitor changed: a setting left at its default keeps the account's value.
    const { settings } = carry.setup;
    const changed = changedSettings(settings);
    if (changed.length > 0) {
      await api.put<unknown>('/settings', Object.fromEntries(changed.map((k) => [k, settings[k]])));
    }
    await replaceTodos(carry.target ?? []);
    removeItem(STORAGE_KEYS.todos);
    writeCarryOver(null);
    return carry.leftOut ?? 0;
  });
}
