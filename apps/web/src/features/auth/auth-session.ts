import { STORAGE_KEYS } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import type { StoreApi } from 'zustand/vanilla';
import type { AuthStatus } from '../../lib/auth-context';
import { readItem, readToken, removeToken, writeItem } from '../../lib/storage';
import {
  forgetAccountStorage,
  readStoredUser,
  removeStoredUser,
  writeStoredUser,
  writeToken,
} from './account-storage';
import type { AuthApi } from './auth-api';
import { mergeUser, provisionalUserFromToken } from './merge-user';
import { announceSignOut } from './session-events';

/**
 * The session the auth state machine keeps (product §4): its snapshot, what storage holds of it,
 * and the steps every job of the machine shares (a session begins, a session is cleared). The
 * jobs (the refresh, sign-in, the account's actions) each work on the one MachineState.
 */

export interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  initialized: boolean;
}

/** Product §4: a registration answer without a token is stored as this placeholder. */
export const REGISTRATION_PLACEHOLDER_TOKEN = 'registration-pending';

export const VISITOR: AuthSnapshot = {
  status: 'unauthenticated',
  user: null,
  token: null,
  initialized: true,
};

/** What the machine holds between calls; one per machine. */
export interface MachineState {
  store: StoreApi<AuthSnapshot>;
  api: AuthApi;
  /** Jitter source for the current-user retry policy. */
  random: () => number;
  /** Bumped by every sign-in, sign-out and stop: async work from an older generation is void. */
  generation: number;
  failedRefreshes: number;
  waitingForOnline: boolean;
  refreshTimer: ReturnType<typeof setTimeout> | null;
  refreshing: Promise<void> | null;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function snapshotFromStorage(): AuthSnapshot {
  const token = readToken();
  if (!token) return VISITOR;
  // Product §4: the stored user is used at once; without one, the token may still name the user.
  const user = readStoredUser() ?? provisionalUserFromToken(token);
  return user
    ? { status: 'authenticated', user, token, initialized: true }
    : { status: 'loading', user: null, token, initialized: false };
}

export function cancelRefresh(state: MachineState): void {
  if (state.refreshTimer !== null) clearTimeout(state.refreshTimer);
  state.refreshTimer = null;
  state.waitingForOnline = false;
}

function lastSeen() {
  return {
    avatarUrl: readItem(STORAGE_KEYS.lastAvatarUrl),
    userId: readItem(STORAGE_KEYS.lastUserId),
  };
}

/** Stores a user answered by the server, with bio and avatar merged (product §3). */
export function acceptServerUser(state: MachineState, serverUser: User, token: string): User {
  const { store } = state;
  const user = mergeUser(serverUser, store.getState().user ?? readStoredUser(), lastSeen());
  writeStoredUser(user);
  store.setState({ status: 'authenticated', user, token, initialized: true });
  return user;
}

/**
 * Clears token, user and the state (product §4) without touching the server. A session that
 * was under way (a user, or a stored token still being checked at start-up) also takes the
 * account's timer state and settings with it, and features reset what they hold in memory;
 * a sign-in that failed before any user was known leaves the visitor's own state alone.
 */
export function clearSession(state: MachineState): void {
  const previous = state.store.getState();
  const sessionEnded = previous.user !== null || !previous.initialized;
  state.generation++;
  cancelRefresh(state);
  state.failedRefreshes = 0;
  if (sessionEnded) forgetAccountStorage();
  else {
    removeToken();
    removeStoredUser();
  }
  state.store.setState(VISITOR);
  if (sessionEnded) announceSignOut();
}

/** Product §4: what a logout keeps of the leaving user for the next login (bio/avatar merge). */
export function rememberLeavingUser(user: User | null): void {
  if (!user?.id) return;
  writeItem(STORAGE_KEYS.lastUserId, user.id);
  writeItem(STORAGE_KEYS.lastAvatarUrl, user.avatarUrl || null);
}

/** Revokes a session on the server without waiting; its 401 never reaches the global handler. */
export function revokeOnServer(state: MachineState, token: string | null): Promise<void> {
  if (!token || token === REGISTRATION_PLACEHOLDER_TOKEN) return Promise.resolve();
  return state.api.logout(token).catch(() => {
    // The local session is gone either way; the server token expires on its own.
  });
}

/**
 * Starts a fresh signed-in session with this token (any earlier async work is void). A sign-in
 * over an existing session (switching account without logging out) ends the old one as a
 * logout would: revoked on the server, its user remembered, and nothing of it merged into the
 * next user.
 */
export function beginSession(state: MachineState, token: string): number {
  const previous = state.store.getState();
  state.generation++;
  cancelRefresh(state);
  state.failedRefreshes = 0;
  if (previous.token && previous.token !== token) {
    rememberLeavingUser(previous.user);
    void revokeOnServer(state, previous.token);
  }
  if (previous.user) {
    forgetAccountStorage();
    state.store.setState({ status: 'loading', user: null, token, initialized: true });
    announceSignOut();
  }
  writeToken(token);
  return state.generation;
}
