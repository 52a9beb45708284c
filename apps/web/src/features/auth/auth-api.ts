import type { AuthResponse, LoginBody, SuccessMessage, User } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';
import type { ProfileUpdate, RegisterInput } from '../../lib/auth-context';

/** The account calls of product §7, as the auth machine needs them (injectable in tests). */
export interface AuthApi {
  login(body: LoginBody): Promise<Partial<AuthResponse> | undefined>;
  register(body: RegisterInput): Promise<Partial<AuthResponse> | undefined>;
  me(): Promise<User>;
  /** Revokes the given token's session (product §7: 204). */
  logout(token: string): Promise<void>;
  updateMe(update: ProfileUpdate): Promise<User>;
  changePassword(
    currentPassword: string,
    newPassword: string,
  ): Promise<(SuccessMessage & { token?: string }) | undefined>;
  deleteAccount(password: string): Promise<SuccessMessage | undefined>;
}

/** Logout must not keep a user waiting on a dead network. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * Writes whose repeat changes the answer are sent once (docs/decisions/008): a timed-out first
 * attempt may have worked, and a repeat would turn it into a failure (a 409 for a registration
 * that exists, a 401 for a password already changed or an account already deleted) or count
 * twice against a rate limit.
 */
const ONCE = { retry: false } as const;

export const httpAuthApi: AuthApi = {
  // Product §7: bad credentials on login are the one 401 that says nothing about the current
  // session, so a wrong password must not sign out whoever is signed in.
  login: (body) => api.post('/auth/login', body, { ...ONCE, handleUnauthorized: false }),
  register: (body) => api.post('/auth/register', body, ONCE),
  // The current-user fetch has its own retry policy (product §7), so the generic one is off.
  me: () => api.get('/auth/me', { retry: false }),
  logout: async (token) => {
    await api.post('/auth/logout', undefined, {
      token,
      retry: false,
      timeoutMs: LOGOUT_TIMEOUT_MS,
      handleUnauthorized: false,
    });
  },
  updateMe: (update) => api.put('/users/me', update, ONCE),
  changePassword: (currentPassword, newPassword) =>
    api.post('/users/password', { currentPassword, newPassword }, ONCE),
  deleteAccount: (password) => api.delete('/users/delete', { password }, ONCE),
};
