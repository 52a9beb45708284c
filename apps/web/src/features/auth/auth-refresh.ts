import {
  CURRENT_USER_RETRY_POLICY,
  decideAfterRefresh,
  nextCurrentUserDelay,
  type FailureInfo,
  type RefreshOutcome,
} from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import { isApiError } from '../../lib/api-client';
import {
  acceptServerUser,
  cancelRefresh,
  clearSession,
  sleep,
  type MachineState,
} from './auth-session';

/**
 * The refresh of the signed-in user (product §4, §7): the current-user call with its retry
 * policy, what its outcome decides (keep, clear after the third counted failure, wait for the
 * network), and when it runs again.
 */

/**
 * After a counted server failure the refresh runs again after the retry policy's cap, so the
 * third failure (product §4) can clear a state the server keeps refusing.
 */
export const FAILED_REFRESH_RECHECK_MS = CURRENT_USER_RETRY_POLICY.capMs;

/**
 * An unreachable server while the browser says it is online sends no `online` event, so the
 * refresh also looks again after this long. Like every unanswered refresh it counts nothing
 * (product §4).
 */
export const UNREACHABLE_RECHECK_MS = 30_000;

function failureOf(error: unknown): FailureInfo {
  return isApiError(error) ? error.failure : {};
}

export interface UserRefresh {
  /** Refreshes the user now (one at a time: a call while one runs joins it). */
  refreshUser(): Promise<void>;
  /** Refreshes the user after `delayMs`, instead of any refresh already scheduled. */
  scheduleRefresh(delayMs: number): void;
  /** The network is back: a refresh that waited for it runs now. */
  refreshWhenOnline(): void;
}

/** The refresh of the machine's user, on its state. */
export function createUserRefresh(state: MachineState): UserRefresh {
  const { store, api } = state;

  function scheduleRefresh(delayMs: number): void {
    if (state.refreshTimer !== null) clearTimeout(state.refreshTimer);
    state.refreshTimer = setTimeout(() => {
      state.refreshTimer = null;
      void refreshUser();
    }, delayMs);
  }

  /**
   * One refresh with the current-user retry policy of product §7: up to 3 retries, 2000 ms growing
   * ×1.5 on network trouble. Its outcome counts once (product §4).
   */
  async function fetchCurrentUser(gen: number): Promise<{ outcome: RefreshOutcome; user?: User }> {
    let previousDelay: number | null = null;
    for (let attemptsMade = 1; ; attemptsMade++) {
      try {
        const user = await api.me();
        return { outcome: { kind: 'ok' }, user };
      } catch (error) {
        if (isApiError(error) && error.status === 401) return { outcome: { kind: 'unauthorized' } };
        const unanswered = isApiError(error) && error.isNetworkError;
        const outcome: RefreshOutcome = unanswered
          ? { kind: 'unreachable' }
          : { kind: 'server-error' };
        // Offline: retrying now is pointless; the `online` event resumes it.
        if (unanswered && navigator.onLine === false) return { outcome };
        const delay = nextCurrentUserDelay(
          attemptsMade,
          previousDelay,
          failureOf(error),
          state.random,
        );
        if (delay === null || gen !== state.generation) return { outcome };
        await sleep(delay);
        if (gen !== state.generation) return { outcome };
        previousDelay = delay;
      }
    }
  }

  function refreshUser(): Promise<void> {
    if (state.refreshing) return state.refreshing;
    const token = store.getState().token;
    if (!token) return Promise.resolve();
    const gen = state.generation;
    cancelRefresh(state);
    state.refreshing = (async () => {
      const { outcome, user } = await fetchCurrentUser(gen);
      if (gen !== state.generation) return;
      const { decision, failed } = decideAfterRefresh(state.failedRefreshes, outcome);
      state.failedRefreshes = failed;
      if (outcome.kind === 'ok' && user) {
        acceptServerUser(state, user, token);
        return;
      }
      // Without any user to keep, only a working answer could have signed the user in.
      if (decision === 'clear' || store.getState().user === null) {
        clearSession(state);
        return;
      }
      if (decision === 'retry-when-online') {
        // Offline, only the `online` event can help; online, the server itself was down.
        if (navigator.onLine !== false) scheduleRefresh(UNREACHABLE_RECHECK_MS);
        state.waitingForOnline = true;
        return;
      }
      scheduleRefresh(FAILED_REFRESH_RECHECK_MS);
    })().finally(() => {
      state.refreshing = null;
    });
    return state.refreshing;
  }

  function refreshWhenOnline(): void {
    if (!state.waitingForOnline) return;
    state.waitingForOnline = false;
    void refreshUser();
  }

  return { refreshUser, scheduleRefresh, refreshWhenOnline };
}
