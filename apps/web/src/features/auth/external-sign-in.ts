import { SESSION_STORAGE_KEYS } from '@focusroom/core';

/**
 * External sign-in (product §2 /oauth-callback) guarded against login CSRF: the callback accepts a
 * token only when it comes back with the random `state` this tab stored when it started the
 * sign-in, so a link crafted by someone else cannot sign the user into that person's account.
 * No provider is offered yet; `beginExternalSignIn` is the half the sign-in button will call.
 */

/** sessionStorage: per tab, gone with the tab, never sent to a server. */
export const OAUTH_STATE_KEY = SESSION_STORAGE_KEYS.oauthState;

export const INVALID_SIGN_IN_LINK_MESSAGE = 'This sign-in link is not valid. Please sign in again.';
export const EXTERNAL_SIGN_IN_FAILED_MESSAGE = 'External sign-in failed. Please try again.';

/**
 * Fixed texts for the error codes a provider may send (RFC 6749 §4.1.2.1). Text from the address
 * is never shown: anyone can put any words into a link.
 */
const ERROR_MESSAGES = new Map<string, string>([
  ['access_denied', 'Sign-in was cancelled or access was not granted.'],
  [
    'temporarily_unavailable',
    'The sign-in service is not available right now. Please try again later.',
  ],
  ['server_error', 'The sign-in service ran into a problem. Please try again later.'],
]);

export function externalSignInErrorMessage(code: string): string {
  return ERROR_MESSAGES.get(code) ?? EXTERNAL_SIGN_IN_FAILED_MESSAGE;
}

function randomState(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function readStoredState(): string | null {
  try {
    return window.sessionStorage.getItem(OAUTH_STATE_KEY);
  } catch {
    return null;
  }
}

/** Single use: whatever the callback brought, the stored state is spent. */
export function forgetExternalSignInState(): void {
  try {
    window.sessionStorage.removeItem(OAUTH_STATE_KEY);
  } catch {
    // Without storage no state was ever saved, so no callback can be accepted either.
  }
}

/**
 * Starts an external sign-in: makes a fresh random state (256 bits) and stores it for the
 * callback. The caller sends `state` to the provider's start address for `provider`.
 */
export function beginExternalSignIn(provider: string): { provider: string; state: string } {
  const state = randomState();
  window.sessionStorage.setItem(OAUTH_STATE_KEY, state);
  return { provider, state };
}

export type ExternalSignInCallback =
  { kind: 'token'; token: string } | { kind: 'error'; message: string } | { kind: 'invalid' };

/**
 * Reads the callback address. The token counts only from the fragment (never sent to a server,
 * kept out of logs and Referer) and only with the stored state; an `error` code, from the
 * fragment or the query, maps to a fixed message.
 */
export function readExternalSignInCallback(hash: string, search: string): ExternalSignInCallback {
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const query = new URLSearchParams(search);
  const error = fragment.get('error') ?? query.get('error');
  if (error !== null) return { kind: 'error', message: externalSignInErrorMessage(error) };
  const token = fragment.get('token');
  const state = fragment.get('state');
  const expected = readStoredState();
  if (!token || !state || !expected || state !== expected) return { kind: 'invalid' };
  return { kind: 'token', token };
}
