import { MESSAGES } from '@focusroom/core';
import type { User } from '@focusroom/core/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { ApiError, setApiNavigator } from '../../lib/api-client';
import { onSignIn, onSignOut, type SignInEvent } from './session-events';
import type { AuthApi } from './auth-api';
import {
  REGISTRATION_PLACEHOLDER_TOKEN,
  createAuthMachine,
  type AuthMachine,
} from './auth-machine';
import { makeUser } from '../../../test/fixtures';

const USER = makeUser({ id: '01890a5d-ac96-774b-bcce-b302099a8057', time_zone: 'Europe/London' });

/** A JWT-shaped token whose payload names USER (the signature is never checked client-side). */
const TOKEN = `e30.${btoa(JSON.stringify({ id: USER.id, username: 'ada', name: 'Ada Lovelace', email: USER.email })).replace(/=+$/, '')}.sig`;

const OTHER_USER: User = {
  ...USER,
  id: '01890a5d-ac96-774b-bcce-b302099a8058',
  name: 'Grace Hopper',
  username: 'grace',
  email: 'grace@example.com',
  avatarUrl: null,
  bio: null,
};

const OTHER_TOKEN = `e30.${btoa(JSON.stringify({ id: OTHER_USER.id, username: 'grace' })).replace(/=+$/, '')}.sig`;

const serverError = () => new ApiError('Server error', { status: 500 });
const unauthorized = () => new ApiError('Invalid token', { status: 401 });
const networkError = () =>
  new ApiError('Network Error', { networkMessage: 'Network Error: Failed to fetch' });

function stubApi(
  overrides: Partial<AuthApi> = {},
): AuthApi & { [K in keyof AuthApi]: ReturnType<typeof vi.fn> } {
  return {
    login: vi.fn(async () => ({ token: TOKEN, user: USER, message: 'Login successful' })),
    register: vi.fn(async () => ({ token: TOKEN, user: { ...USER, is_verified: false } })),
    me: vi.fn(async () => USER),
    logout: vi.fn(async () => undefined),
    updateMe: vi.fn(async () => USER),
    changePassword: vi.fn(async () => ({ success: true as const, message: 'Password changed' })),
    deleteAccount: vi.fn(async () => ({ success: true as const, message: 'Account deleted' })),
    ...overrides,
  } as AuthApi & { [K in keyof AuthApi]: ReturnType<typeof vi.fn> };
}

function storeSession(user: Partial<User> = USER) {
  localStorage.setItem('token', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('the auth state machine', () => {
  let machine: AuthMachine | null = null;

  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
  });

  afterEach(() => {
    machine?.stop();
    machine = null;
    vi.useRealTimers();
    setOnline(true);
  });

  function start(api: AuthApi): AuthMachine {
    machine = createAuthMachine({ api, random: () => 0.5 });
    machine.start();
    return machine;
  }

  describe('on start', () => {
    it('is unauthenticated and initialised with no stored token', () => {
      const api = stubApi();
      const { store } = start(api);
      expect(store.getState()).toMatchObject({ status: 'unauthenticated', initialized: true });
      expect(api.me).not.toHaveBeenCalled();
    });

    it('uses the stored user at once and refreshes it from the server after 500 ms', async () => {
      storeSession({ ...USER, name: 'Stored name' });
      const api = stubApi();
      const { store } = start(api);

      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        token: TOKEN,
        user: { name: 'Stored name' },
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(api.me).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(api.me).toHaveBeenCalledOnce();
      expect(store.getState().user?.name).toBe('Ada Lovelace');
      expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Ada Lovelace');
    });

    it('clears token and user when the refresh answers 401', async () => {
      storeSession();
      const api = stubApi({ me: vi.fn(async () => Promise.reject(unauthorized())) });
      const { store } = start(api);

      await vi.advanceTimersByTimeAsync(500);

      expect(store.getState()).toMatchObject({
        status: 'unauthenticated',
        user: null,
        token: null,
      });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(api.me).toHaveBeenCalledOnce();
    });

    it.each(['/reset-password/reset-token', '/verify-email/mail-token', '/resend-verification'])(
      'on %s a leftover expired token is cleared without leaving the page',
      async (path) => {
        storeSession();
        window.history.replaceState(null, '', path);
        const navigate = vi.fn();
        setApiNavigator(navigate);
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => jsonResponse({ message: 'Token expired' }, 401)),
        );
        // The real HTTP calls, so the global 401 handling takes part.
        machine = createAuthMachine({ random: () => 0.5 });
        machine.start();

        await vi.advanceTimersByTimeAsync(500 + 100);

        expect(machine.store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
        expect(localStorage.getItem('token')).toBeNull();
        expect(localStorage.getItem('user')).toBeNull();
        expect(navigate).not.toHaveBeenCalled();
        setApiNavigator(null);
      },
    );

    it('keeps the stored user through server failures and clears the state at the third', async () => {
      storeSession();
      const api = stubApi({ me: vi.fn(async () => Promise.reject(serverError())) });
      const { store } = start(api);

      // One refresh: the first try at 500 ms, then 3 retries 2000 ms apart (product §7).
      await vi.advanceTimersByTimeAsync(500);
      expect(api.me).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2000 * 3);
      expect(api.me).toHaveBeenCalledTimes(4);
      expect(store.getState().status).toBe('authenticated');

      // The second counted failure still keeps the user.
      await vi.advanceTimersByTimeAsync(30_000 + 6000);
      expect(api.me).toHaveBeenCalledTimes(8);
      expect(store.getState().status).toBe('authenticated');
      expect(localStorage.getItem('token')).toBe(TOKEN);

      // The third clears token, user and state.
      await vi.advanceTimersByTimeAsync(30_000 + 6000);
      expect(api.me).toHaveBeenCalledTimes(12);
      expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('counts nothing while offline and refreshes when the browser is online again', async () => {
      storeSession();
      setOnline(false);
      const me = vi.fn<AuthApi['me']>(async () => Promise.reject(networkError()));
      const api = stubApi({ me });
      const { store } = start(api);

      await vi.advanceTimersByTimeAsync(500);
      expect(me).toHaveBeenCalledTimes(1);
      // Hours offline: no retries, no failures counted, still signed in.
      await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
      expect(me).toHaveBeenCalledTimes(1);
      expect(store.getState().status).toBe('authenticated');

      setOnline(true);
      me.mockResolvedValueOnce({ ...USER, name: 'Back online' });
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(me).toHaveBeenCalledTimes(2);
      expect(store.getState().user?.name).toBe('Back online');
    });

    it('looks again 30 s after an outage while the browser stayed online, counting no failure', async () => {
      storeSession();
      const me = vi.fn<AuthApi['me']>(async () => Promise.reject(networkError()));
      const { store } = start(stubApi({ me }));

      // One refresh: the first try at 500 ms and its 3 retries (2000, 3000, 4500 ms).
      await vi.advanceTimersByTimeAsync(500 + 2000 + 3000 + 4500);
      expect(me).toHaveBeenCalledTimes(4);
      // No `online` event comes: the browser never went offline.
      await vi.advanceTimersByTimeAsync(29_999);
      expect(me).toHaveBeenCalledTimes(4);
      await vi.advanceTimersByTimeAsync(1);
      expect(me).toHaveBeenCalledTimes(5);

      // The server keeps failing for a while, then answers 500 twice: only those two count.
      await vi.advanceTimersByTimeAsync(2000 + 3000 + 4500 + 30_000);
      expect(me).toHaveBeenCalledTimes(9);
      me.mockImplementation(async () => Promise.reject(serverError()));
      await vi.advanceTimersByTimeAsync(2000 * 3 + 30_000 + 2000 * 3);
      expect(me).toHaveBeenCalledTimes(16);
      expect(store.getState()).toMatchObject({ status: 'authenticated', token: TOKEN });

      me.mockImplementation(async () => ({ ...USER, name: 'Server is back' }));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(me).toHaveBeenCalledTimes(17);
      expect(store.getState().user?.name).toBe('Server is back');
    });

    it('never clears the state for an unreachable server, however often it fails', async () => {
      storeSession();
      const me = vi.fn<AuthApi['me']>(async () => Promise.reject(networkError()));
      const { store } = start(stubApi({ me }));

      await vi.advanceTimersByTimeAsync(500);
      // Network trouble grows the delay: 2000, 3000, 4500 ms (×1.5, jitter pinned to 0).
      await vi.advanceTimersByTimeAsync(2000 + 3000 + 4500);
      expect(me).toHaveBeenCalledTimes(4);
      for (let i = 0; i < 3; i++) {
        window.dispatchEvent(new Event('online'));
        await vi.advanceTimersByTimeAsync(20_000);
      }
      expect(store.getState()).toMatchObject({ status: 'authenticated', token: TOKEN });
    });
  });

  describe('login', () => {
    it('stores token and user, fires login-success and sends rememberMe true by default', async () => {
      const api = stubApi();
      const { store, actions } = start(api);
      const onLogin = vi.fn();
      window.addEventListener('login-success', onLogin);

      const result = await actions.login({ identifier: 'ada', password: 'secret-password' });

      window.removeEventListener('login-success', onLogin);
      expect(result).toEqual({ success: true, message: 'Login successful' });
      expect(api.login).toHaveBeenCalledWith({
        email: 'ada',
        login: 'ada',
        password: 'secret-password',
        rememberMe: true,
      });
      expect(localStorage.getItem('token')).toBe(TOKEN);
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: USER.id });
      expect(store.getState().status).toBe('authenticated');
      expect(onLogin).toHaveBeenCalledOnce();
    });

    it('requires an identifier and a password', async () => {
      const api = stubApi();
      const { actions } = start(api);
      await expect(actions.login({ identifier: ' ', password: 'x' })).resolves.toEqual({
        success: false,
        message: MESSAGES.loginRequired,
      });
      expect(api.login).not.toHaveBeenCalled();
    });

    it('fetches the user 300 ms later when the answer has none', async () => {
      const api = stubApi({ login: vi.fn(async () => ({ token: TOKEN, message: 'ok' })) });
      const { store, actions } = start(api);

      const pending = actions.login({ identifier: 'ada', password: 'pw' });
      await vi.advanceTimersByTimeAsync(299);
      expect(api.me).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(api.me).toHaveBeenCalledOnce();

      await expect(pending).resolves.toEqual({ success: true });
      expect(store.getState()).toMatchObject({ status: 'authenticated', user: { id: USER.id } });
    });

    it("fails with 'Authentication failed: Invalid token' when that fetch answers 401", async () => {
      const api = stubApi({
        login: vi.fn(async () => ({ token: TOKEN })),
        me: vi.fn(async () => Promise.reject(unauthorized())),
      });
      const { store, actions } = start(api);

      const pending = actions.login({ identifier: 'ada', password: 'pw' });
      await vi.advanceTimersByTimeAsync(300);

      await expect(pending).resolves.toEqual({
        success: false,
        message: MESSAGES.authInvalidToken,
      });
      expect(store.getState().status).toBe('unauthenticated');
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('stays signed in with a notice when that fetch fails otherwise', async () => {
      const api = stubApi({
        login: vi.fn(async () => ({ token: TOKEN })),
        me: vi.fn(async () => Promise.reject(serverError())),
      });
      const { store, actions } = start(api);

      const pending = actions.login({ identifier: 'ada', password: 'pw' });
      await vi.advanceTimersByTimeAsync(300);

      await expect(pending).resolves.toEqual({ success: true, message: MESSAGES.profileNotLoaded });
      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        token: TOKEN,
        user: { id: USER.id, username: 'ada' },
      });
    });

    it('returns the server message with needsVerification and email for an unverified account', async () => {
      const api = stubApi({
        login: vi.fn(async () =>
          Promise.reject(
            new ApiError('Please verify your email', {
              status: 403,
              body: {
                message: 'Please verify your email',
                needsVerification: true,
                email: 'ada@example.com',
              },
            }),
          ),
        ),
      });
      const { actions } = start(api);
      await expect(actions.login({ identifier: 'ada', password: 'pw' })).resolves.toEqual({
        success: false,
        message: 'Please verify your email',
        needsVerification: true,
        email: 'ada@example.com',
      });
    });

    it.each([
      [
        'a server answer without a message',
        new ApiError('x', { status: 401, body: {} }),
        MESSAGES.loginFailed,
      ],
      ['an API error with no answer', networkError(), MESSAGES.loginApiError],
      ['any other error', new TypeError('boom'), MESSAGES.loginUnexpectedError],
    ])('reports %s', async (_case, error, message) => {
      const { actions } = start(stubApi({ login: vi.fn(async () => Promise.reject(error)) }));
      await expect(actions.login({ identifier: 'ada', password: 'pw' })).resolves.toEqual({
        success: false,
        message,
      });
    });

    it("says 'Invalid login response format' when the answer holds no token", async () => {
      const { store, actions } = start(stubApi({ login: vi.fn(async () => ({ user: USER })) }));
      await expect(actions.login({ identifier: 'ada', password: 'pw' })).resolves.toEqual({
        success: false,
        message: MESSAGES.invalidLoginResponse,
      });
      expect(store.getState().status).toBe('unauthenticated');
    });

    it('keeps the signed-in user when a new login is refused with a wrong password', async () => {
      storeSession();
      window.history.replaceState(null, '', '/login');
      const fetchMock = vi.fn(async () => jsonResponse({ message: 'Invalid credentials' }, 401));
      vi.stubGlobal('fetch', fetchMock);
      // The real HTTP calls: the global 401 handling must not see the login's own 401.
      machine = createAuthMachine({ random: () => 0.5 });
      machine.start();
      const { store, actions } = machine;

      await expect(actions.login({ identifier: 'grace', password: 'wrong' })).resolves.toEqual({
        success: false,
        message: 'Invalid credentials',
      });

      expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', expect.anything());
      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        token: TOKEN,
        user: { id: USER.id },
      });
      expect(localStorage.getItem('token')).toBe(TOKEN);
      expect(localStorage.getItem('user')).not.toBeNull();
    });

    it('fills a missing avatar and bio from the copy kept at logout', async () => {
      localStorage.setItem('lastUserId', USER.id);
      localStorage.setItem('lastAvatarUrl', 'icon:fire');
      const { store, actions } = start(stubApi());
      await actions.login({ identifier: 'ada', password: 'pw' });
      expect(store.getState().user?.avatarUrl).toBe('icon:fire');
    });
  });

  describe('switching account without logging out', () => {
    it('revokes the old session without waiting, remembers the old user and shows only the new one', async () => {
      storeSession({ ...USER, avatarUrl: '#7c3aed', bio: 'Analyst' });
      // The revocation never answers: the new sign-in must not wait for it.
      const logout = vi.fn<AuthApi['logout']>(() => new Promise<void>(() => undefined));
      const api = stubApi({
        login: vi.fn(async () => ({ token: OTHER_TOKEN, user: OTHER_USER })),
        logout,
      });
      const { store, actions } = start(api);

      await expect(actions.login({ identifier: 'grace', password: 'pw' })).resolves.toMatchObject({
        success: true,
      });

      expect(logout).toHaveBeenCalledExactlyOnceWith(TOKEN);
      expect(localStorage.getItem('lastUserId')).toBe(USER.id);
      expect(localStorage.getItem('lastAvatarUrl')).toBe('#7c3aed');
      expect(localStorage.getItem('token')).toBe(OTHER_TOKEN);
      // Nothing of the old user is merged into the new one.
      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        token: OTHER_TOKEN,
        user: { id: OTHER_USER.id, avatarUrl: null, bio: null },
      });
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: OTHER_USER.id });
    });

    it('keeps the old session when the new login is refused', async () => {
      storeSession();
      const api = stubApi({
        login: vi.fn(async () =>
          Promise.reject(new ApiError('Invalid credentials', { status: 401 })),
        ),
      });
      const { store, actions } = start(api);
      await actions.login({ identifier: 'grace', password: 'wrong' });
      expect(api.logout).not.toHaveBeenCalled();
      expect(store.getState()).toMatchObject({ status: 'authenticated', token: TOKEN });
      expect(localStorage.getItem('lastUserId')).toBeNull();
    });

    it('revokes the old token over HTTP, and its 401 neither clears the new session nor redirects', async () => {
      storeSession();
      window.history.replaceState(null, '', '/login');
      const navigate = vi.fn();
      setApiNavigator(navigate);
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
        if (url === '/api/auth/login')
          return jsonResponse({ token: OTHER_TOKEN, user: OTHER_USER });
        if (url === '/api/auth/logout') return jsonResponse({ message: 'Session revoked' }, 401);
        return jsonResponse(OTHER_USER);
      });
      vi.stubGlobal('fetch', fetchMock);
      machine = createAuthMachine({ random: () => 0.5 });
      machine.start();
      const { store, actions } = machine;

      await actions.login({ identifier: 'grace', password: 'pw' });
      await vi.advanceTimersByTimeAsync(100);

      const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout');
      expect((logoutCall?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe(
        `Bearer ${TOKEN}`,
      );
      expect(store.getState()).toMatchObject({ status: 'authenticated', token: OTHER_TOKEN });
      expect(localStorage.getItem('token')).toBe(OTHER_TOKEN);
      expect(navigate).not.toHaveBeenCalled();
      setApiNavigator(null);
    });
  });

  describe('register', () => {
    it('stores the token and user from the answer', async () => {
      const { store, actions } = start(stubApi());
      const result = await actions.register({
        name: 'Ada',
        username: 'ada',
        email: 'ada@example.com',
        password: 'long-enough',
      });
      expect(result.success).toBe(true);
      expect(localStorage.getItem('token')).toBe(TOKEN);
      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        user: { is_verified: false },
      });
    });

    it('uses a placeholder token and a default unverified user when the answer lacks them', async () => {
      const { store, actions } = start(stubApi({ register: vi.fn(async () => ({})) }));
      await actions.register({
        name: 'Ada',
        username: 'ada',
        email: 'ada@example.com',
        password: 'pw-pw-pw-pw',
      });
      expect(localStorage.getItem('token')).toBe(REGISTRATION_PLACEHOLDER_TOKEN);
      expect(store.getState().user).toMatchObject({
        name: 'Ada',
        username: 'ada',
        email: 'ada@example.com',
        is_verified: false,
      });
    });

    it('passes field errors through', async () => {
      const { actions } = start(
        stubApi({
          register: vi.fn(async () =>
            Promise.reject(
              new ApiError('Email already registered', {
                status: 409,
                body: { message: 'Email already registered' },
                errors: { email: 'Email already registered' },
              }),
            ),
          ),
        }),
      );
      await expect(
        actions.register({ name: 'A', username: 'ada', email: 'a@b.co', password: 'pw' }),
      ).resolves.toEqual({
        success: false,
        message: 'Email already registered',
        errors: { email: 'Email already registered' },
      });
    });
  });

  describe('the start of a session, told to features before the signed-in state (decision 051)', () => {
    /** Each sign-in event with whether the store was still signed out when it came. */
    function listen() {
      const seen: (SignInEvent & { storeWas: string })[] = [];
      let current: AuthMachine | null = null;
      const stop = onSignIn((event) => {
        seen.push({ ...event, storeWas: current?.store.getState().status ?? '' });
      });
      return {
        seen,
        stop,
        watch: (m: AuthMachine) => {
          current = m;
        },
      };
    }

    it('says a registration made a new account, before the account is signed in', async () => {
      const events = listen();
      const m = start(stubApi());
      events.watch(m);
      await m.actions.register({ name: 'A', username: 'ada', email: 'a@b.co', password: 'pw' });
      events.stop();
      expect(events.seen).toEqual([
        { userId: USER.id, newAccount: true, storeWas: 'unauthenticated' },
      ]);
    });

    it('says a login and an external sign-in reached an existing account', async () => {
      const events = listen();
      const m = start(stubApi());
      events.watch(m);
      await m.actions.login({ identifier: 'ada', password: 'pw' });
      await m.actions.logout();
      await m.actions.completeExternalSignIn({ token: TOKEN, user: USER });
      await m.actions.logout();
      await m.actions.completeExternalSignIn({ token: TOKEN, user: USER, new_account: false });
      events.stop();
      expect(events.seen.map(({ userId, newAccount }) => [userId, newAccount])).toEqual([
        [USER.id, false],
        [USER.id, false],
        [USER.id, false],
      ]);
      expect(events.seen[0]?.storeWas).toBe('unauthenticated');
    });

    it('says an external sign-in made a new account when the exchange says so', async () => {
      const events = listen();
      const m = start(stubApi());
      events.watch(m);
      await m.actions.completeExternalSignIn({ token: TOKEN, user: USER, new_account: true });
      events.stop();
      expect(events.seen).toEqual([
        { userId: USER.id, newAccount: true, storeWas: 'unauthenticated' },
      ]);
    });
  });

  describe('external sign-in (the exchange answer)', () => {
    it("takes the answer's user as a login does, with no second request for it", async () => {
      const api = stubApi();
      const { store, actions } = start(api);
      const onLogin = vi.fn();
      window.addEventListener('login-success', onLogin);

      const result = await actions.completeExternalSignIn({
        token: TOKEN,
        user: { ...USER, has_password: false },
        message: 'Login successful',
      });

      window.removeEventListener('login-success', onLogin);
      expect(result).toEqual({ success: true, message: 'Login successful' });
      expect(store.getState()).toMatchObject({
        status: 'authenticated',
        token: TOKEN,
        user: { id: USER.id, has_password: false },
      });
      expect(localStorage.getItem('token')).toBe(TOKEN);
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ has_password: false });
      expect(onLogin).toHaveBeenCalledOnce();
      // Well past the 300 ms a missing user would wait for: the answer's user is not fetched again.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(api.me).not.toHaveBeenCalled();
    });

    it('fetches the user 300 ms later only when the answer has none', async () => {
      const api = stubApi();
      const { store, actions } = start(api);
      const pending = actions.completeExternalSignIn({ token: TOKEN });
      await vi.advanceTimersByTimeAsync(299);
      expect(api.me).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual({ success: true });
      expect(api.me).toHaveBeenCalledOnce();
      expect(store.getState()).toMatchObject({ status: 'authenticated', user: { id: USER.id } });
    });

    it('refuses an answer without a token and stores nothing', async () => {
      const api = stubApi();
      const { store, actions } = start(api);
      await expect(actions.completeExternalSignIn({ token: '', user: USER })).resolves.toEqual({
        success: false,
        message: MESSAGES.invalidLoginResponse,
      });
      expect(store.getState().status).toBe('unauthenticated');
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    });
  });

  describe('what ending a session leaves in the browser (product §3, §4)', () => {
    /** What a signed-in user's browser holds: the account's state, and the visitor's own list. */
    function storeAccountState() {
      storeSession({ ...USER, avatarUrl: '#7c3aed' });
      localStorage.setItem('focusroom_settings', JSON.stringify({ pomodoro_duration: 50 }));
      localStorage.setItem('focusroom_timer', JSON.stringify({ currentTask: 'Secret plan' }));
      localStorage.setItem('focusroom_timer_chimed', '1767225600000');
      localStorage.setItem('focusroom_todos', JSON.stringify([{ text: 'mine', completed: false }]));
    }

    function remainingKeys(): string[] {
      return Object.keys(localStorage).sort();
    }

    let signOuts = 0;
    let unsubscribe: () => void = () => undefined;
    beforeEach(() => {
      signOuts = 0;
      unsubscribe = onSignOut(() => signOuts++);
    });
    afterEach(() => {
      unsubscribe();
      localStorage.clear();
    });

    it('logout removes every key of the account but lastAvatarUrl and lastUserId, and announces the sign-out once', async () => {
      storeAccountState();
      const { actions } = start(stubApi());
      await actions.logout();
      expect(remainingKeys()).toEqual(['focusroom_todos', 'lastAvatarUrl', 'lastUserId']);
      expect(signOuts).toBe(1);
    });

    it('a 401 on the start-up refresh clears the account the same way', async () => {
      storeAccountState();
      start(stubApi({ me: vi.fn(async () => Promise.reject(unauthorized())) }));
      await vi.advanceTimersByTimeAsync(500);
      expect(remainingKeys()).toEqual(['focusroom_todos']);
      expect(signOuts).toBe(1);
    });

    it('a sign-in over another session clears the old account before the new one starts', async () => {
      storeAccountState();
      const { actions } = start(
        stubApi({ login: vi.fn(async () => ({ token: OTHER_TOKEN, user: OTHER_USER })) }),
      );
      await actions.login({ identifier: 'grace', password: 'pw' });
      expect(localStorage.getItem('focusroom_timer')).toBeNull();
      expect(localStorage.getItem('focusroom_settings')).toBeNull();
      expect(localStorage.getItem('token')).toBe(OTHER_TOKEN);
      expect(signOuts).toBe(1);
    });

    it("a visitor's failed sign-in leaves the visitor's own timer and settings alone", async () => {
      localStorage.setItem('focusroom_settings', JSON.stringify({ pomodoro_duration: 40 }));
      localStorage.setItem('focusroom_timer', JSON.stringify({ currentTask: 'Visitor task' }));
      const { actions } = start(stubApi({ me: vi.fn(async () => Promise.reject(unauthorized())) }));
      const result = actions.completeExternalSignIn({ token: TOKEN });
      await vi.advanceTimersByTimeAsync(300);
      await expect(result).resolves.toMatchObject({ success: false });
      expect(localStorage.getItem('focusroom_settings')).not.toBeNull();
      expect(localStorage.getItem('focusroom_timer')).not.toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(signOuts).toBe(0);
    });
  });

  describe('logout and deletion', () => {
    it('logout clears token and user, keeps lastAvatarUrl and lastUserId, and revokes the session', async () => {
      storeSession({ ...USER, avatarUrl: '#7c3aed' });
      const api = stubApi();
      const { store, actions } = start(api);

      await actions.logout();

      expect(store.getState()).toMatchObject({
        status: 'unauthenticated',
        user: null,
        token: null,
      });
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(localStorage.getItem('lastAvatarUrl')).toBe('#7c3aed');
      expect(localStorage.getItem('lastUserId')).toBe(USER.id);
      expect(api.logout).toHaveBeenCalledWith(TOKEN);
      // The start-up refresh was cancelled with the session.
      await vi.advanceTimersByTimeAsync(1000);
      expect(api.me).not.toHaveBeenCalled();
    });

    it('deleting the account logs the user out', async () => {
      storeSession();
      const api = stubApi();
      const { store, actions } = start(api);
      await expect(actions.deleteAccount('pw')).resolves.toMatchObject({ success: true });
      expect(api.deleteAccount).toHaveBeenCalledWith('pw');
      expect(store.getState().status).toBe('unauthenticated');
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('a failed deletion keeps the user signed in with the server message', async () => {
      storeSession();
      const api = stubApi({
        deleteAccount: vi.fn(async () =>
          Promise.reject(
            new ApiError('Wrong password', { status: 400, body: { message: 'Wrong password' } }),
          ),
        ),
      });
      const { store, actions } = start(api);
      await expect(actions.deleteAccount('nope')).resolves.toMatchObject({
        success: false,
        message: 'Wrong password',
      });
      expect(store.getState().status).toBe('authenticated');
    });
  });

  it('updating the profile stores the server answer as the user', async () => {
    storeSession();
    const saved = { ...USER, bio: 'Mathematician', avatarUrl: 'icon:music' };
    const api = stubApi({ updateMe: vi.fn(async () => saved) });
    const { store, actions } = start(api);
    await actions.updateProfile({ bio: 'Mathematician', avatarUrl: 'icon:music' });
    expect(store.getState().user).toEqual(saved);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(saved);
  });
});
