import {
  OAUTH_CALLBACK_PARAMS,
  OAUTH_EXCHANGE_CODE_MAX_LENGTH,
  isOAuthErrorCode,
} from '@focusroom/core';
import type { OAuthExchangeBody, OAuthExchangeResponse } from '@focusroom/core/schemas';
import { api, isApiError } from '../../lib/api-client';
import type { SignInAnswer } from '../../lib/auth-context';
import { CODE_INVALID, OAUTH_ERROR_PARAM, type ExternalSignInErrorCode } from '../../lib/oauth-api';
import { returnPathAfterSignIn } from '../../lib/return-path';

/**
 * External sign-in, the browser's half (product §2 /oauth-callback, docs/decisions/022). The
 * server binds state, nonce and PKCE verifier to the browser in its own signed cookie and, after
 * the provider, sends the browser to /oauth-callback with only a one-time code (60 s, single
 * use), which is exchanged here for the session token: no token ever travels in an address.
 * Errors travel as fixed codes and are shown with fixed texts; text from an address never is.
 */

export type ExternalSignInCallback =
  | { kind: 'code'; code: string; next: string | null }
  | { kind: 'error'; code: ExternalSignInErrorCode }
  | { kind: 'invalid' };

/**
 * Reads /oauth-callback's query: an `error` (one of the fixed codes, else the generic one), or a
 * one-time `code` with an optional `next` page (kept only if it is one of ours to return to).
 * Anything else ('invalid') is an address that did not come from our server.
 */
export function readExternalSignInCallback(search: string): ExternalSignInCallback {
  const query = new URLSearchParams(search);
  const error = query.get(OAUTH_CALLBACK_PARAMS.error);
  if (error !== null) {
    return { kind: 'error', code: isOAuthErrorCode(error) ? error : 'sign_in_failed' };
  }
  const code = query.get(OAUTH_CALLBACK_PARAMS.code);
  if (!code || code.length > OAUTH_EXCHANGE_CODE_MAX_LENGTH) return { kind: 'invalid' };
  return {
    kind: 'code',
    code,
    next: returnPathAfterSignIn(query.get(OAUTH_CALLBACK_PARAMS.next)),
  };
}

export type ExchangeResult =
  { ok: true; answer: SignInAnswer } | { ok: false; code: ExternalSignInErrorCode };

/**
 * POST /api/auth/oauth/exchange: the one-time code for the usual { token, user, message } and
 * new_account, all of which goes to the auth state (no second fetch of the user). Sent once
 * (a second try of a spent code can only fail) and without any stored session: a 401 here says
 * nothing about it.
 */
export async function exchangeSignInCode(code: string): Promise<ExchangeResult> {
  const body: OAuthExchangeBody = { code };
  try {
    const answer = await api.post<Partial<OAuthExchangeResponse> | undefined>(
      '/auth/oauth/exchange',
      body,
      {
        retry: false,
        token: null,
        handleUnauthorized: false,
      },
    );
    const token = answer?.token;
    if (typeof token !== 'string' || !token) return { ok: false, code: 'sign_in_failed' };
    return { ok: true, answer: { ...answer, token } };
  } catch (error) {
    // A refused code (spent, expired, unknown) is a 4xx; a rate limit, a server or network
    // failure is worth another try from the start.
    const status = isApiError(error) ? error.status : undefined;
    if (status !== undefined && status < 500 && status !== 429) {
      return { ok: false, code: CODE_INVALID };
    }
    return { ok: false, code: 'sign_in_failed' };
  }
}

/** `path?oauth_error=<code>`: where a failure is shown. */
export function withOAuthError(path: string, code: ExternalSignInErrorCode): string {
  return `${path}?${new URLSearchParams({ [OAUTH_ERROR_PARAM]: code }).toString()}`;
}
