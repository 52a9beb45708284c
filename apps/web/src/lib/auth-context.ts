import type { AuthResponse, LoginFailure, RegisterBody, User } from '@focusroom/core/schemas';
import { createContext, use } from 'react';

/**
 * The contract of the auth state (product §4), read by app/ and most features. The state machine
 * and the session's events (sign-in, sign-out) live in features/auth; this context and its types
 * are all the readers of the state need, so they stay shared here.
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
/** A sign-in's answer; an external sign-in's exchange also says whether it made the account. */
export type SignInAnswer = { token: string } & Partial<Pick<AuthResponse, 'user' | 'message'>> & {
    new_account?: boolean;
  };

export interface ActionResult {
  success: boolean;
  message?: string;
  /** Field -> message, from the server's `errors`. */
  errors?: Record<string, string>;
}

export type ProfileUpdate = Partial<
  Pick<User, 'name' | 'username' | 'email' | 'bio' | 'avatarUrl' | 'time_zone' | 'language'>
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
