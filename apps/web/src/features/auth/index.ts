/**
 * What auth offers the rest of the app (docs/decisions/066): the provider of the auth state (read
 * through lib/auth-context.ts), the session's events (a session began or ended, login-success)
 * and whether a 401 ended the last session. Its pages load on demand through ./lazy.ts. The
 * account pages of verification and profile share its ways of saying things in the reader's
 * language (decision 076): a success answer of the API.
 */
export { isSessionExpired } from './account-storage';
export { answerInReaderLanguage } from './auth-messages';
export { AuthProvider } from './auth-provider';
export { onLoginSuccess, onSignIn, onSignOut, type SignInEvent } from './session-events';
