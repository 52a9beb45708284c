import {
  ACCOUNT_MESSAGES,
  CURRENT_USER_RETRY_POLICY,
  MESSAGES,
  POST_LOGIN_USER_FETCH_DELAY_MS,
  REMEMBER_ME_DEFAULT,
  STARTUP_USER_REFRESH_DELAY_MS,
  STORAGE_KEYS,
  decideAfterRefresh,
  nextCurrentUserDelay,
  type FailureInfo,
  type RefreshOutcome,
} from '@focusroom/core';
import type { AuthResponse, User } from '@focusroom/core/schemas';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError, onUnauthorized, serverMessage } from '../../lib/api-client';
import type {
  ActionResult,
  AuthContextValue,
  AuthStatus,
  LoginInput,
  LoginResult,
  ProfileUpdate,
  RegisterInput,
  SignInAnswer,
} from '../../lib/auth-context';
import { readItem, readToken, removeItem, removeToken, writeItem } from '../../lib/storage';
import {
  forgetAccountStorage,
  markSessionExpired,
  readStoredUser,
  removeStoredUser,
  writeStoredUser,
  writeToken,
} from './account-storage';
import { httpAuthApi, type AuthApi } from './auth-api';
import { defaultRegisteredUser, mergeUser, provisionalUserFromToken } from './merge-user';
import { announceLoginSuccess, announceSessionStart, announceSignOut } from './session-events';

/**
 * The authentication state machine of product §4, the only place that changes the
 * token and the user. Framework-free so its timers can be tested with a fake clock.
 */

export interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  initialized: boolean;
}

/** Product §4: a registration answer without a token is stored as this placeholder. */
export const REGISTRATION_PLACEHOLDER_TOKEN = 'registration-pending';

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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const VISITOR: AuthSnapshot = {
  status: 'unauthenticated',
  user: null,
  token: null,
  initialized: true,
};

function snapshotFromStorage(): AuthSnapshot {
  const token = readToken();
  if (!token) return VISITOR;
  // Product §4: the stored user is used at once; without one, the token may still name the user.
  const user = readStoredUser() ?? provisionalUserFromToken(token);
  return user
    ? { status: 'authenticated', user, token, initialized: true }
    : { status: 'loading', user: null, token, initialized: false };
}

function failureOf(error: unknown): FailureInfo {
  return isApiError(error) ? error.failure : {};
}

export function createAuthMachine(options: AuthMachineOptions = {}): AuthMachine {
  const api = options.api ?? httpAuthApi;
  const random = options.random ?? Math.random;
  const store = createStore<AuthSnapshot>(() =>
    options.startAsVisitor ? VISITOR : snapshotFromStorage(),
  );

  let started = false;
  /** Bumped by every sign-in, sign-out and stop: async work from an older generation is void. */
  let generation = 0;
  let failedRefreshes = 0;
  let waitingForOnline = false;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let refreshing: Promise<void> | null = null;
  let cleanups: Array<() => void> = [];

  function cancelRefresh(): void {
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    refreshTimer = null;
    waitingForOnline = false;
  }

  function scheduleRefresh(delayMs: number): void {
    if (refreshTimer !== null) clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      void refreshUser();
    }, delayMs);
  }

  function lastSeen() {
    return {
      avatarUrl: readItem(STORAGE_KEYS.lastAvatarUrl),
      userId: readItem(STORAGE_KEYS.lastUserId),
    };
  }

  /** Stores a user answered by the server, with bio and avatar merged (product §3). */
  function acceptServerUser(serverUser: User, token: string): User {
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
  function clearSession(): void {
    const previous = store.getState();
    const sessionEnded = previous.user !== null || !previous.initialized;
    generation++;
    cancelRefresh();
    failedRefreshes = 0;
    if (sessionEnded) forgetAccountStorage();
    else {
      removeToken();
      removeStoredUser();
    }
    store.setState(VISITOR);
    if (sessionEnded) announceSignOut();
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
        const delay = nextCurrentUserDelay(attemptsMade, previousDelay, failureOf(error), random);
        if (delay === null || gen !== generation) return { outcome };
        await sleep(delay);
        if (gen !== generation) return { outcome };
        previousDelay = delay;
      }
    }
  }

  function refreshUser(): Promise<void> {
    if (refreshing) return refreshing;
    const token = store.getState().token;
    if (!token) return Promise.resolve();
    const gen = generation;
    cancelRefresh();
    refreshing = (async () => {
      const { outcome, user } = await fetchCurrentUser(gen);
      if (gen !== generation) return;
      const { decision, failed } = decideAfterRefresh(failedRefreshes, outcome);
      failedRefreshes = failed;
      if (outcome.kind === 'ok' && user) {
        acceptServerUser(user, token);
        return;
      }
      // Without any user to keep, only a working answer could have signed the user in.
      if (decision === 'clear' || store.getState().user === null) {
        clearSession();
        return;
      }
      if (decision === 'retry-when-online') {
        // Offline, only the `online` event can help; online, the server itself was down.
        if (navigator.onLine !== false) scheduleRefresh(UNREACHABLE_RECHECK_MS);
        waitingForOnline = true;
        return;
      }
      scheduleRefresh(FAILED_REFRESH_RECHECK_MS);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Product §4: what a logout keeps of the leaving user for the next login (bio/avatar merge). */
  function rememberLeavingUser(user: User | null): void {
    if (!user?.id) return;
    writeItem(STORAGE_KEYS.lastUserId, user.id);
    writeItem(STORAGE_KEYS.lastAvatarUrl, user.avatarUrl || null);
  }

  /** Revokes a session on the server without waiting; its 401 never reaches the global handler. */
  function revokeOnServer(token: string | null): Promise<void> {
    if (!token || token === REGISTRATION_PLACEHOLDER_TOKEN) return Promise.resolve();
    return api.logout(token).catch(() => {
      // The local session is gone either way; the server token expires on its own.
    });
  }

  /**
   * Starts a fresh signed-in session with this token (any earlier async work is void). A sign-in
   * over an existing session (switching account without logging out) ends the old one as a
   * logout would: revoked on the server, its user remembered, and nothing of it merged into the
   * next user.
   */
  function beginSession(token: string): number {
    const previous = store.getState();
    generation++;
    cancelRefresh();
    failedRefreshes = 0;
    if (previous.token && previous.token !== token) {
      rememberLeavingUser(previous.user);
      void revokeOnServer(previous.token);
    }
    if (previous.user) {
      forgetAccountStorage();
      store.setState({ status: 'loading', user: null, token, initialized: true });
      announceSignOut();
    }
    writeToken(token);
    return generation;
  }

  /**
   * Product §4: when sign-in gave a token but no user, fetch it after 300 ms. A 401 fails the
   * sign-in; any other failure keeps the user signed in with a notice.
   */
  async function loadUserAfterSignIn(token: string, gen: number): Promise<LoginResult> {
    store.setState({ status: 'loading', user: null, token, initialized: true });
    await sleep(POST_LOGIN_USER_FETCH_DELAY_MS);
    try {
      const user = await api.me();
      if (gen !== generation) return { success: false, message: MESSAGES.authInvalidToken };
      announceSessionStart({ userId: user.id, newAccount: false });
      acceptServerUser(user, token);
      announceLoginSuccess();
      return { success: true };
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        clearSession();
        return { success: false, message: MESSAGES.authInvalidToken };
      }
      if (gen !== generation) return { success: false, message: MESSAGES.profileNotLoaded };
      const user = provisionalUserFromToken(token);
      if (user) writeStoredUser(user);
      announceSessionStart({ userId: user?.id ?? null, newAccount: false });
      store.setState({ status: 'authenticated', user, token, initialized: true });
      announceLoginSuccess();
      return { success: true, message: MESSAGES.profileNotLoaded };
    }
  }

  /**
   * A sign-in's answer (a login, or the exchange of an external sign-in): a fresh session with its
   * token, its user stored as the server sent it and login-success fired. Product §4: only an
   * answer without a user has it fetched, after 300 ms.
   */
  async function acceptSignInAnswer(
    answer: Partial<AuthResponse> | undefined,
  ): Promise<LoginResult> {
    const token = answer?.token;
    if (typeof token !== 'string' || !token) {
      return { success: false, message: MESSAGES.invalidLoginResponse };
    }
    const gen = beginSession(token);
    if (!answer?.user) return loadUserAfterSignIn(token, gen);
    announceSessionStart({ userId: answer.user.id, newAccount: false });
    acceptServerUser(answer.user, token);
    announceLoginSuccess();
    const result: LoginResult = { success: true };
    if (answer.message) result.message = answer.message;
    return result;
  }

  async function login(input: LoginInput): Promise<LoginResult> {
    const identifier = input.identifier.trim();
    if (!identifier || !input.password) {
      return { success: false, message: MESSAGES.loginRequired };
    }
    let response: Awaited<ReturnType<AuthApi['login']>>;
    try {
      response = await api.login({
        email: identifier,
        login: identifier,
        password: input.password,
        rememberMe: input.rememberMe ?? REMEMBER_ME_DEFAULT,
      });
    } catch (error) {
      if (isApiError(error) && error.status !== undefined) {
        const body = (error.body ?? {}) as { needsVerification?: unknown; email?: unknown };
        const result: LoginResult = {
          success: false,
          message: serverMessage(error, MESSAGES.loginFailed),
        };
        if (body.needsVerification === true) result.needsVerification = true;
        if (typeof body.email === 'string') result.email = body.email;
        return result;
      }
      return {
        success: false,
        message: isApiError(error) ? MESSAGES.loginApiError : MESSAGES.loginUnexpectedError,
      };
    }

    try {
      return await acceptSignInAnswer(response);
    } catch {
      return { success: false, message: MESSAGES.loginUnexpectedError };
    }
  }

  async function register(input: RegisterInput): Promise<ActionResult & { user?: User }> {
    let response: Awaited<ReturnType<AuthApi['register']>>;
    try {
      response = await api.register(input);
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(
          error,
          isApiError(error) && error.isNetworkError
            ? 'We could not reach the server. Check your connection and try again.'
            : 'Registration failed',
        ),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
    const token =
      typeof response?.token === 'string' && response.token
        ? response.token
        : REGISTRATION_PLACEHOLDER_TOKEN;
    beginSession(token);
    const user = response?.user ?? defaultRegisteredUser(input);
    writeStoredUser(user);
    // A new account starts with the visitor's set-up (decision 051).
    announceSessionStart({ userId: user.id || null, newAccount: true });
    store.setState({ status: 'authenticated', user, token, initialized: true });
    announceLoginSuccess();
    const result: ActionResult & { user?: User } = { success: true, user };
    if (response?.message) result.message = response.message;
    return result;
  }

  async function logout(): Promise<void> {
    const { token, user } = store.getState();
    rememberLeavingUser(user);
    clearSession();
    await revokeOnServer(token);
  }

  /** The exchange's `{ token, user, message }` (decision 022) signs in as a login's answer does. */
  async function completeExternalSignIn(answer: SignInAnswer): Promise<ActionResult> {
    let result: LoginResult;
    try {
      result = await acceptSignInAnswer(answer);
    } catch {
      return { success: false, message: MESSAGES.loginUnexpectedError };
    }
    return result.message === undefined
      ? { success: result.success }
      : { success: result.success, message: result.message };
  }

  async function updateProfile(update: ProfileUpdate): Promise<ActionResult & { user?: User }> {
    const gen = generation;
    try {
      const user = await api.updateMe(update);
      const token = store.getState().token;
      // The answer to our own update is the truth: no merge, or a removed avatar would return.
      if (gen === generation && token) {
        writeStoredUser(user);
        store.setState({ status: 'authenticated', user, token, initialized: true });
      }
      return { success: true, user };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, 'Your profile could not be saved. Please try again.'),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  async function changePassword(
    currentPassword: string,
    newPassword: string,
  ): Promise<ActionResult> {
    try {
      const response = await api.changePassword(currentPassword, newPassword);
      // A server that rotates the session on password change sends the new token.
      if (typeof response?.token === 'string' && response.token) {
        writeToken(response.token);
        store.setState({ token: response.token });
      }
      return { success: true, message: response?.message ?? 'Your password has been changed.' };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, 'Your password could not be changed. Please try again.'),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  async function deleteAccount(password: string): Promise<ActionResult> {
    try {
      const response = await api.deleteAccount(password);
      const userId = store.getState().user?.id;
      // The account is gone: nothing of it is kept for a next login.
      if (userId && readItem(STORAGE_KEYS.lastUserId) === userId) {
        removeItem(STORAGE_KEYS.lastUserId);
        removeItem(STORAGE_KEYS.lastAvatarUrl);
      }
      clearSession();
      return { success: true, message: response?.message ?? ACCOUNT_MESSAGES.accountDeleted };
    } catch (error) {
      const result: ActionResult = {
        success: false,
        message: serverMessage(error, MESSAGES.accountDeleteFailed),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
  }

  function handleOnline(): void {
    if (!waitingForOnline) return;
    waitingForOnline = false;
    void refreshUser();
  }

  /** Another tab signed in or out: follow it. */
  function handleStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
    const token = readToken();
    if (!token) {
      if (store.getState().token) clearSession();
      return;
    }
    if (token !== store.getState().token) {
      const switched = store.getState().user !== null;
      generation++;
      cancelRefresh();
      failedRefreshes = 0;
      store.setState(snapshotFromStorage());
      // The other tab cleared the leaving account's storage; this tab forgets its memory of it.
      if (switched) announceSignOut();
      scheduleRefresh(STARTUP_USER_REFRESH_DELAY_MS);
    }
  }

  function start(): void {
    if (started) return;
    started = true;
    generation++;
    failedRefreshes = 0;
    // Storage may have changed since the store was made; an equal snapshot is not set again, so
    // a visitor's start-up does not re-render the whole app once more (in one long task, right
    // after the pre-rendered page has hydrated).
    const fresh = snapshotFromStorage();
    if (JSON.stringify(fresh) !== JSON.stringify(store.getState())) store.setState(fresh);
    cleanups.push(
      onUnauthorized(({ sendsToLogin }) => {
        clearSession();
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
    generation++;
    cancelRefresh();
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  }

  return {
    store,
    start,
    stop,
    actions: {
      login,
      register,
      logout,
      completeExternalSignIn,
      refreshUser,
      updateProfile,
      changePassword,
      deleteAccount,
    },
  };
}
