import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../constants.js';

export * from './next-path.js';

/**
 * External sign-in (product §2 /oauth-callback, §7): the providers, the fixed error codes the
 * server puts in the callback address and their readable messages, the API's messages and the
 * time limits. Pure: the server and the web app share every word and number here.
 */

/** Every provider the server knows; only those with credentials are offered. */
export const OAUTH_PROVIDER_IDS = ['google', 'github', 'oidc'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

export function isOAuthProviderId(value: unknown): value is OAuthProviderId {
  return typeof value === 'string' && (OAUTH_PROVIDER_IDS as readonly string[]).includes(value);
}

/**
 * Display names; the generic issuer's name comes from the server's OIDC_NAME, else
 * OIDC_DEFAULT_NAME.
 */
export const OAUTH_PROVIDER_NAMES: Readonly<Record<'google' | 'github', string>> = {
  google: 'Google',
  github: 'GitHub',
};
export const OIDC_DEFAULT_NAME = 'Single sign-on';

/** What the browser is doing: signing in (or up), or connecting a provider to its account. */
export const OAUTH_INTENTS = ['signin', 'link'] as const;
export type OAuthIntent = (typeof OAUTH_INTENTS)[number];

/** The signed cookie that binds state, nonce and PKCE verifier to the browser lives this long. */
export const OAUTH_FLOW_TTL_MS = 10 * 60_000;
/** The one-time code in /oauth-callback?code= is good for this long, and once. */
export const OAUTH_EXCHANGE_CODE_TTL_MS = 60_000;
/** The one-time code is at most this long (ours are far shorter); a longer one is not ours. */
export const OAUTH_EXCHANGE_CODE_MAX_LENGTH = 256;
/** Every call to a provider gives up after this long (then `provider_unavailable`). */
export const OAUTH_PROVIDER_TIMEOUT_MS = 8_000;
/**
 * The query parameters the callback redirects with: `/oauth-callback?code=...&next=...` after a
 * sign-in, `/profile?connected=<provider>` after a connect, `/oauth-callback?error=<code>` on any
 * failure (with `intent=link` when it was a connect).
 */
export const OAUTH_CALLBACK_PARAMS = {
  code: 'code',
  error: 'error',
  next: 'next',
  connected: 'connected',
  intent: 'intent',
} as const;

/**
 * The error codes the server redirects with (`/oauth-callback?error=<code>`, a failed connect
 * too) and their fixed messages. Text from the
 * address is never shown: an unknown code shows `sign_in_failed`'s message.
 */
export const OAUTH_ERROR_MESSAGES = {
  access_denied: 'Sign-in was cancelled or access was not granted.',
  state_mismatch: 'This sign-in attempt is not valid or has expired. Please start again.',
  provider_unavailable: 'The sign-in service is not available right now. Please try again later.',
  provider_not_configured: 'This sign-in option is not available.',
  account_exists_sign_in_first:
    'An account with this email already exists. Sign in with your password first, then connect this provider from your profile.',
  already_linked_elsewhere: 'This account is already connected to a different Focusroom account.',
  provider_already_connected:
    'Your Focusroom account is already connected to another account of this provider. Disconnect it first.',
  email_missing:
    'The provider did not share a verified email address, so no account could be made. Add one there, or sign up with email.',
  account_unavailable: 'This account cannot sign in.',
  sign_in_required: 'Your session has ended. Sign in again, then connect the provider.',
  sign_in_failed: 'External sign-in failed. Please try again.',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_MESSAGES;

export function isOAuthErrorCode(value: unknown): value is OAuthErrorCode {
  return typeof value === 'string' && Object.hasOwn(OAUTH_ERROR_MESSAGES, value);
}

/** The message for a code read from an address; anything unknown gets the generic one. */
export function oauthErrorMessage(code: unknown): string {
  return isOAuthErrorCode(code) ? OAUTH_ERROR_MESSAGES[code] : OAUTH_ERROR_MESSAGES.sign_in_failed;
}

/** What the API answers in `message` for the oauth routes. */
export const OAUTH_API_MESSAGES = {
  unknownProvider: OAUTH_ERROR_MESSAGES.provider_not_configured,
  exchangeCodeInvalid: 'This sign-in code is invalid or has expired. Please sign in again.',
  linkRequiresSignIn: 'Sign in first to connect an account.',
  connectionNotFound: 'This provider is not connected to your account.',
  lastSignInMethod:
    'This is your only way to sign in. Set a password first (in "Set a password" on your profile), then disconnect it.',
} as const;

/** Username characters (USERNAME_PATTERN) that a derived name keeps. */
const USERNAME_CHAR = /[A-Za-z0-9_.-]/;

/**
 * The base of a username derived from a provider's profile: the first of `hints` (preferred
 * username, GitHub login, email local part, name) that leaves at least USERNAME_MIN_LENGTH
 * allowed characters, cut to leave room for a numeric suffix; `user` if none does.
 */
export function usernameBase(hints: ReadonlyArray<string | null | undefined>): string {
  for (const hint of hints) {
    if (!hint) continue;
    const local = hint.includes('@') ? hint.slice(0, hint.indexOf('@')) : hint;
    const cleaned = [...local.normalize('NFKD').replace(/\s+/g, '.')]
      .filter((ch) => USERNAME_CHAR.test(ch))
      .join('')
      .replace(/^[._-]+|[._-]+$/g, '');
    if (cleaned.length >= USERNAME_MIN_LENGTH) return cleaned.slice(0, USERNAME_MAX_LENGTH - 6);
  }
  return 'user';
}

/** Candidate usernames in order: the base, then base2, base3 ... (each within the length rule). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base.slice(0, USERNAME_MAX_LENGTH);
  const suffix = String(attempt);
  return `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
}
