import { STARTUP_USER_REFRESH_DELAY_MS, STORAGE_KEYS } from '@focusroom/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { onUnauthorized } from '../../lib/api-client';
import type { AuthContextValue } from '../../lib/auth-context';
import { readToken } from '../../lib/storage';
import { markSessionExpired } from './account-storage';
import { createAccountActions } from './auth-account-actions';
import { httpAuthApi, type AuthApi } from './auth-api';
import { createUserRefresh } from './auth-refresh';
import {
  VISITOR,
  cancelRefresh,
  clearSession,
  snapshotFromStorage,
  type AuthSnapshot,
  type MachineState,
} from './auth-session';
import { createSignIn } from './auth-sign-in';
import { announceSignOut } from './session-events';

/**
 * The authentication state machine of product §4, the only place that changes the
 * token and the user. Framework-free so its timers can be tested with a fake clock. This file
 * starts and stops it and follows other tabs; its jobs are in auth-session.ts (the session and
 * its storage), auth-refresh.ts (the signed-in user kept fresh), auth-sign-in.ts (login,
 * registration, external sign-in, logout) and auth-account-actions.ts (profile, password,
 * deletion).
 */

export type { AuthSnapshot } from './auth-session';
export { REGISTRATION_PLACEHOLDER_TOKEN } from './auth-session';
export { FAILED_REFRESH_RECHECK_MS, UNREACHABLE_RECHECK_MS } from './auth-refresh';

export type AuthActions = Pick<
  AuthContextValue,
  | 'login'
  | 'register'
  | 'logout'
  | 'completeExternalSignIn'
  | 'refreshUser'
  | 'updateProfile'
  | 'changePassword'
  | 'deleteAccount'
>;

export interface AuthMachine {
  store: StoreApi<AuthSnapshot>;
  actions: AuthActions;
  /** Reads storage, subscribes to window events and schedules the start-up refresh. */
  start(): void;
  /** Cancels timers and listeners; in-flight work is ignored when it lands. */
  stop(): void;
}

export interface AuthMachineOptions {
  api?: AuthApi;
  /** Jitter source for the current-user retry policy. */
  random?: () => number;
  /**
   * Starts as a visitor, as the pre-rendered page being hydrated was rendered, whatever storage
   * holds by then; `start()` reads storage once the page has hydrated (docs/decisions/039).
   */
  startAsVisitor?: boolean;
}

export function createAuthMachine(options: AuthMachineOptions = {}): AuthMachine {
  const state: MachineState = {
    store: createStore<AuthSnapshot>(() =>
      options.startAsVisitor ? VISITOR : snapshotFromStorage(),
    ),
    api: options.api ?? httpAuthApi,
    random: options.random ?? Math.random,
    generation: 0,
    failedRefreshes: 0,
    waitingForOnline: false,
    refreshTimer: null,
    refreshing: null,
  };
  const { store } = state;
  const { refreshUser, scheduleRefresh, refreshWhenOnline } = createUserRefresh(state);

  let started = false;
  let cleanups: Array<() => void> = [];

  function handleOnline(): void {
    refreshWhenOnline();
  }

  /** Another tab signed in or out: follow it. */
  function handleStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
    const token = readToken();
    if (!token) {
      if (store.getState().token) clearSession(state);
      return;
    }
    if (token !== store.getState().token) {
      const switched = store.getState().user !== null;
      state.generation++;
      cancelRefresh(state);
      state.failedRefreshes = 0;
      store.setState(snapshotFromStorage());
      // The other tab cleared the leaving account's storage; this tab forgets its memory of it.
      if (switched) announceSignOut();
      scheduleRefresh(STARTUP_USER_REFRESH_DELAY_MS);
    }
  }

  function start(): void {
    if (started) return;
    started = true;
    state.generation++;
    state.failedRefreshes = 0;
    // Storage may have changed since the store was made; an equal snapshot is not set again, so
    // a visitor's start-up does not re-render the whole app once more (in one long task, right
    // after the pre-rendered page has hydrated).
    const fresh = snapshotFromStorage();
    if (JSON.stringify(fresh) !== JSON.stringify(store.getState())) store.setState(fresh);
    cleanups.push(
      onUnauthorized(({ sendsToLogin }) => {
        clearSession(state);
        if (sendsToLogin) markSessionExpired();
      }),
    );
    window.addEventListener('online', handleOnline);
    window.addEventListener('storage', handleStorage);
    cleanups.push(() => window.removeEventListener('online', handleOnline));
    cleanups.push(() => window.removeEventListener('storage', handleStorage));
    // Product §4 / §9: the stored user shows at once; the server copy follows after 500 ms.
    if (store.getState().token) scheduleRefresh(STARTUP_USER_REFRESH_DELAY_MS);
  }

  function stop(): void {
    if (!started) return;
    started = false;
    state.generation++;
    cancelRefresh(state);
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  }

  return {
    store,
    start,
    stop,
    actions: { ...createSignIn(state), refreshUser, ...createAccountActions(state) },
  };
}
