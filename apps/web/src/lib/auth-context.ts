import type { AuthResponse, LoginFailure, RegisterBody, User } from '@focusroom/core/schemas';
import { createContext, use } from 'react';

/**
 * The contract of the auth state (product §4). The state machine lives in features/auth; this
 * shared contract lets every feature read it without importing another feature (which lint
 * refuses).
 */

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface LoginInput {
  /** An email or a username. */
  identifier: string;
  password: string;
  /** Product §9: defaults to true. */
  rememberMe?: boolean;
}

/** A failed login carries the server's LoginFailure fields (needsVerification, email). */
export type LoginResult = { success: boolean } & Partial<LoginFailure>;

export type RegisterInput = RegisterBody;

/** A sign-in's `{ token, user, message }`, as the server answers it (user and message may lack). */
export type SignInAnswer = { token: string } & Partial<Pick<AuthResponse, 'user' | 'message'>>;

export interface ActionResult {
  success: boolean;
  message?: string;
  /** Field -> message, from the server's `errors`. */
  errors?: Record<string, string>;
}

export type ProfileUpdate = Partial<
  Pick<User, 'name' | 'username' | 'email' | 'bio' | 'avatarUrl' | 'time_zone'>
> & {
  /** Required by the server when the email changes (400 `errors.currentPassword` otherwise). */
  currentPassword?: string;
};

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  /** True once start-up has settled: the global guard of product §2 waits for it. */
  initialized: boolean;
  isAuthenticated: boolean;
  login(input: LoginInput): Promise<LoginResult>;
  register(input: RegisterInput): Promise<ActionResult & { user?: User }>;
  logout(): Promise<void>;
  /**
   * External sign-in: the exchange's answer from /oauth-callback signs in as a login's does (its
   * user is used as is; only an answer without one makes the user be fetched).
   */
  completeExternalSignIn(answer: SignInAnswer): Promise<ActionResult>;
  /** Refetch the user now (e.g. after the email was verified). */
  refreshUser(): Promise<void>;
  updateProfile(update: ProfileUpdate): Promise<ActionResult & { user?: User }>;
  changePassword(currentPassword: string, newPassword: string): Promise<ActionResult>;
  deleteAccount(password: string): Promise<ActionResult>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state; throws outside <AuthProvider> so a missing provider fails loudly. */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

type SignOutListener = () => void;
const signOutListeners = new Set<SignOutListener>();

/**
 * Product §4: when a session ends (logout, a 401, failed refreshes, another tab signing out or in
 * as someone else, account deletion) the browser returns to a visitor's clean state. The auth
 * state clears storage; a feature that holds the account's state in memory (the timer) resets
 * it here, without importing the auth feature. Returns the unsubscribe.
 */
export function onSignOut(listener: SignOutListener): () => void {
  signOutListeners.add(listener);
  return () => {
    signOutListeners.delete(listener);
  };
}

/** Called by the auth state each time a signed-in session ends. */
export function announceSignOut(): void {
  for (const listener of [...signOutListeners]) {
    try {
      listener();
    } catch (error) {
      // One failing listener must not keep the others (or the sign-out) from finishing.
      console.warn('Sign-out listener failed', error);
    }
  }
}

/** A session that just began: whose, and whether its account was made just now (registration). */
export interface SignInEvent {
  /** The signed-in user's id; null when the sign-in answer named no user yet. */
  userId: string | null;
  newAccount: boolean;
}

type SignInListener = (event: SignInEvent) => void;
const signInListeners = new Set<SignInListener>();

/**
 * Called once a sign-in (login, registration, external sign-in) has stored its token, before the
 * signed-in state reaches React: a feature that holds a visitor's set-up in this browser (the
 * timer, decision 051) sets it aside for the account here, before the account's own state
 * arrives. Returns the unsubscribe.
 */
export function onSignIn(listener: SignInListener): () => void {
  signInListeners.add(listener);
  return () => {
    signInListeners.delete(listener);
  };
}

/** Called by the auth state each time a sign-in begins a session. */
export function announceSessionStart(event: SignInEvent): void {
  for (const listener of [...signInListeners]) {
    try {
      listener(event);
    } catch (error) {
      console.warn('Sign-in listener failed', error);
    }
  }
}
