import {
  OAUTH_API_MESSAGES,
  OAUTH_ERROR_MESSAGES,
  isOAuthProviderId,
  oauthErrorMessage,
  type OAuthErrorCode,
  type OAuthIntent,
  type OAuthProviderId,
} from '@focusroom/core';
import type { OAuthProvider, OAuthStartBody } from '@focusroom/core/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, isApiError, serverMessage } from './api-client';

/**
 * External sign-in calls shared by the sign-in pages (auth) and the profile's connected accounts
 * (profile), product §2 and §7. The server keeps state, nonce and PKCE verifier in its own signed
 * cookie (docs/decisions/022); the browser only asks for the provider's address and goes there.
 */

/**
 * The query parameter that brings an external sign-in's error code to the login page (or, for a
 * failed connect, the profile); the page shows the code's fixed message.
 */
export const OAUTH_ERROR_PARAM = 'oauth_error';

/** The code exchange's own failure (a replayed or expired code), shown like the server's codes. */
export const CODE_INVALID = 'code_invalid';
export type ExternalSignInErrorCode = OAuthErrorCode | typeof CODE_INVALID;

/** The readable message for an `oauth_error` read from an address; unknown text is generic. */
export function externalSignInErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  if (code === CODE_INVALID) return OAUTH_API_MESSAGES.exchangeCodeInvalid;
  return oauthErrorMessage(code);
}

/**
 * The message of the page's `?oauth_error=`, read once; the parameter then leaves the address
 * (the other parameters stay), so a reload or a bookmark does not show it again.
 */
export function useOAuthErrorFromAddress(): string | null {
  const [params, setParams] = useSearchParams();
  const [message] = useState(() => externalSignInErrorMessage(params.get(OAUTH_ERROR_PARAM)));
  const present = params.has(OAUTH_ERROR_PARAM);
  useEffect(() => {
    if (!present) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OAUTH_ERROR_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [present, setParams]);
  return message;
}

export const SIGN_IN_PROVIDERS_QUERY_KEY = ['auth', 'providers'] as const;

/** The providers the server has credentials for; none configured is an empty list. */
export async function fetchSignInProviders(): Promise<OAuthProvider[]> {
  const answer = await api.get<{ providers?: unknown } | undefined>('/auth/providers');
  const list: unknown[] = Array.isArray(answer?.providers) ? answer.providers : [];
  return list.filter(isProvider);
}

function isProvider(value: unknown): value is OAuthProvider {
  if (!value || typeof value !== 'object') return false;
  const { id, name } = value as { id?: unknown; name?: unknown };
  return isOAuthProviderId(id) && typeof name === 'string' && name.trim() !== '';
}

/**
 * The provider list, cached for the visit: it only changes when the server is reconfigured. A
 * failed fetch leaves `data` undefined, which the pages read as no providers, so the password
 * form is never held up by it.
 */
export function useSignInProviders() {
  return useQuery({
    queryKey: SIGN_IN_PROVIDERS_QUERY_KEY,
    queryFn: fetchSignInProviders,
    staleTime: Infinity,
  });
}

/**
 * Asks the server to begin a sign-in ('signin', signed out) or to connect a provider to the
 * signed-in account ('link', with the bearer token), and returns the provider's address. Sent
 * once: every start makes a new state. `next` is a same-origin path to land on afterwards.
 */
export async function startExternalSignIn(
  provider: OAuthProviderId,
  intent: OAuthIntent,
  next?: string | null,
): Promise<string> {
  const body: OAuthStartBody = next ? { intent, next } : { intent };
  const answer = await api.post<{ url?: unknown } | undefined>(
    `/auth/oauth/${encodeURIComponent(provider)}/start`,
    body,
    // A sign-in starts without a session; 'link' sends the stored token, and a 401 there does
    // end the session (the token is dead).
    intent === 'signin' ? { retry: false, token: null } : { retry: false },
  );
  const url = answer?.url;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new Error('The sign-in service gave no address to go to.');
  }
  return url;
}

/** What to tell the user when the start call failed. */
export function startFailureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === undefined) return OAUTH_ERROR_MESSAGES.sign_in_failed;
  if (error.status === 404) return OAUTH_ERROR_MESSAGES.provider_not_configured;
  if (error.status >= 502 && error.status <= 504) return OAUTH_ERROR_MESSAGES.provider_unavailable;
  // The server's own words: a rate limit, a session that is needed for connecting.
  return serverMessage(error, OAUTH_ERROR_MESSAGES.sign_in_failed);
}

let navigateAway: (url: string) => void = (url) => window.location.assign(url);

/** Leaves the app for the provider's sign-in page (a full navigation, not a route change). */
export function goToProvider(url: string): void {
  navigateAway(url);
}

/** Tests watch the navigation instead of leaving jsdom's page; null restores the real one. */
export function setProviderNavigator(navigate: ((url: string) => void) | null): void {
  navigateAway = navigate ?? ((url) => window.location.assign(url));
}
