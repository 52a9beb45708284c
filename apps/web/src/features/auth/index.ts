/**
 * What auth offers the rest of the app (docs/decisions/066): the provider of the auth state (read
 * through lib/auth-context.ts), the session's events (a session began or ended, login-success)
 * and whether a 401 ended the last session. Its pages load on demand through ./lazy.ts.
 */
export { isSessionExpired } from './account-storage';
export { AuthProvider } from './auth-provider';
export { onLoginSuccess, onSignIn, onSignOut, type SignInEvent } from './session-events';
