import { STORAGE_KEYS } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import { removeItem, writeItem, readItem } from '../../lib/storage';

/**
 * What this browser keeps of the signed-in account, written only by the auth state: the token
 * (read by everyone through lib/storage.ts), the stored user, what ending a session removes, and
 * whether a 401 ended the last session (docs/decisions/067).
 */

/**
 * Set when a 401 ended the session, cleared when a new token is stored. Every redirect to the
 * login page reads it, so whichever redirect runs last still lands on the session-expired
 * address (product §2) instead of racing the protected route's own redirect to plain /login.
 */
let sessionExpired = false;

export function markSessionExpired(): void {
  sessionExpired = true;
}

export function isSessionExpired(): boolean {
  return sessionExpired;
}

export function writeToken(token: string): void {
  sessionExpired = false;
  writeItem(STORAGE_KEYS.token, token);
}

/** The stored user, or null when absent or not a user-shaped object. */
export function readStoredUser(): User | null {
  const raw = readItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as User;
    return null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User): void {
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function removeStoredUser(): void {
  removeItem(STORAGE_KEYS.user);
}

/**
 * Product §3/§4: what ending a session removes from this browser, so the next visitor finds
 * nothing of the account: token and user, the settings copy (the browser cannot tell a visitor's
 * own settings from the account's, so the next visitor starts from the defaults), the saved timer
 * state (current task, completed count, the to-do mirror), the last chime and the presses on the
 * account's live timer not sent yet (they carry its task; a timer press of a session that ended
 * has nothing left to act on, unlike a finished session's focus time). Kept on purpose:
 * `lastAvatarUrl` and `lastUserId` (the next login's merge), the visitor's own to-do list
 * (`focusroom_todos`, never written while signed in) and the session outbox (finished sessions
 * the server has not confirmed yet, kept under the user's id and sent when that user signs in
 * again; dropping them would lose focus time). A visitor's set-up still waiting to be carried
 * into the account (`focusroom_carry_over`, decision 051) is handed back to the visitor by the
 * timer's sign-out listener, which removes it.
 */
export const SIGN_OUT_REMOVED_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.user,
  STORAGE_KEYS.settings,
  STORAGE_KEYS.timer,
  STORAGE_KEYS.timerChimed,
  STORAGE_KEYS.timerPresses,
] as const;

export function forgetAccountStorage(): void {
  for (const key of SIGN_OUT_REMOVED_KEYS) removeItem(key);
}
