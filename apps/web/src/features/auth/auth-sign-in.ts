import { POST_LOGIN_USER_FETCH_DELAY_MS, REMEMBER_ME_DEFAULT } from '@focusroom/core';
import type { AuthResponse, User } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { isApiError, serverMessage } from '../../lib/api-client';
import type {
  ActionResult,
  AuthContextValue,
  LoginInput,
  LoginResult,
  RegisterInput,
  SignInAnswer,
} from '../../lib/auth-context';
import { writeStoredUser } from './account-storage';
import { AUTH_STATE_MESSAGES as WORDS } from './auth-messages';
import type { AuthApi } from './auth-api';
import {
  REGISTRATION_PLACEHOLDER_TOKEN,
  acceptServerUser,
  beginSession,
  clearSession,
  rememberLeavingUser,
  revokeOnServer,
  sleep,
  type MachineState,
} from './auth-session';
import { defaultRegisteredUser, provisionalUserFromToken } from './merge-user';
import { announceLoginSuccess, announceSessionStart } from './session-events';

/**
 * How a session begins and ends (product §4): login, registration, the exchange of an external
 * sign-in, and logout. Each sign-in stores its token, tells the features whose session began,
 * and fires login-success once the user is known.
 */

export type SignInActions = Pick<
  AuthContextValue,
  'login' | 'register' | 'logout' | 'completeExternalSignIn'
>;

/** The machine's sign-in actions, on its state. */
export function createSignIn(state: MachineState): SignInActions {
  const { store, api } = state;

  /**
   * Product §4: when sign-in gave a token but no user, fetch it after 300 ms. A 401 fails the
   * sign-in; any other failure keeps the user signed in with a notice.
   */
  async function loadUserAfterSignIn(
    token: string,
    gen: number,
    newAccount: boolean,
  ): Promise<LoginResult> {
    store.setState({ status: 'loading', user: null, token, initialized: true });
    await sleep(POST_LOGIN_USER_FETCH_DELAY_MS);
    try {
      const user = await api.me();
      if (gen !== state.generation)
        return { success: false, message: i18n._(WORDS.authInvalidToken) };
      announceSessionStart({ userId: user.id, newAccount });
      acceptServerUser(state, user, token);
      announceLoginSuccess();
      return { success: true };
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        clearSession(state);
        return { success: false, message: i18n._(WORDS.authInvalidToken) };
      }
      if (gen !== state.generation)
        return { success: false, message: i18n._(WORDS.profileNotLoaded) };
      const user = provisionalUserFromToken(token);
      if (user) writeStoredUser(user);
      announceSessionStart({ userId: user?.id ?? null, newAccount });
      store.setState({ status: 'authenticated', user, token, initialized: true });
      announceLoginSuccess();
      return { success: true, message: i18n._(WORDS.profileNotLoaded) };
    }
  }

  /**
   * A sign-in's answer (a login, or the exchange of an external sign-in): a fresh session with its
   * token, its user stored as the server sent it and login-success fired. Product §4: only an
   * answer without a user has it fetched, after 300 ms. `newAccount`: the sign-in made the
   * account (an external sign-in's exchange says so), so a visitor's set-up comes along unasked.
   */
  async function acceptSignInAnswer(
    answer: Partial<AuthResponse> | undefined,
    newAccount = false,
  ): Promise<LoginResult> {
    const token = answer?.token;
    if (typeof token !== 'string' || !token) {
      return { success: false, message: i18n._(WORDS.invalidLoginResponse) };
    }
    const gen = beginSession(state, token);
    if (!answer?.user) return loadUserAfterSignIn(token, gen, newAccount);
    announceSessionStart({ userId: answer.user.id, newAccount });
    acceptServerUser(state, answer.user, token);
    announceLoginSuccess();
    const result: LoginResult = { success: true };
    if (answer.message) result.message = answer.message;
    return result;
  }

  async function login(input: LoginInput): Promise<LoginResult> {
    const identifier = input.identifier.trim();
    if (!identifier || !input.password) {
      return { success: false, message: i18n._(WORDS.loginRequired) };
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
          message: serverMessage(error, i18n._(WORDS.loginFailed)),
        };
        if (body.needsVerification === true) result.needsVerification = true;
        if (typeof body.email === 'string') result.email = body.email;
        return result;
      }
      return {
        success: false,
        message: isApiError(error)
          ? i18n._(WORDS.loginApiError)
          : i18n._(WORDS.loginUnexpectedError),
      };
    }

    try {
      return await acceptSignInAnswer(response);
    } catch {
      return { success: false, message: i18n._(WORDS.loginUnexpectedError) };
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
            ? t`We could not reach the server. Check your connection and try again.`
            : t`Registration failed`,
        ),
      };
      if (isApiError(error) && error.errors) result.errors = error.errors;
      return result;
    }
    const token =
      typeof response?.token === 'string' && response.token
        ? response.token
        : REGISTRATION_PLACEHOLDER_TOKEN;
    beginSession(state, token);
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
    clearSession(state);
    await revokeOnServer(state, token);
  }

  /**
   * The exchange's `{ token, user, message }` (decision 022) signs in as a login's answer does;
   * its `new_account` says whether the sign-in made the account (decision 051).
   */
  async function completeExternalSignIn(answer: SignInAnswer): Promise<ActionResult> {
    let result: LoginResult;
    try {
      result = await acceptSignInAnswer(answer, answer.new_account === true);
    } catch {
      return { success: false, message: i18n._(WORDS.loginUnexpectedError) };
    }
    return result.message === undefined
      ? { success: result.success }
      : { success: result.success, message: result.message };
  }

  return { login, register, logout, completeExternalSignIn };
}
