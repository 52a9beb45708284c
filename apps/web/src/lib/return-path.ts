import { isPlainLocalPath, isSafeNextPath } from '@focusroom/core';
import { AFTER_SIGN_IN_PATH, ROUTES, routeIdOf, type RouteId } from '../app/paths';

/**
 * Product §2: a signed-out user sent to the login page comes back to the page they asked for.
 * The page travels in the login address (`/login?next=%2Fstats`), which anyone can write, so it
 * is only ever read through `returnPathAfterSignIn`: a same-origin path of one of our routes, or
 * nothing (then the usual `/dashboard`). Never an open redirect.
 */
export const RETURN_PARAM = 'next';

/** A throwaway origin to resolve against: a value that leaves it was never a plain path. */
const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * A path on this origin, or null: it must pass core's open-redirect guard (isSafeNextPath: one
 * leading `/`, no backslash, whitespace or control character, also once percent-decoded), then
 * resolve to the same origin and still be a plain path once resolved (`/a/..//evil` resolves
 * to `//evil`). Returns the normalised path, query and fragment.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !isSafeNextPath(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainLocalPath(path) ? path : null;
}

/** Pages that only make sense on the way in: returning there after signing in would loop. */
const NOT_RETURNED_TO: ReadonlySet<RouteId> = new Set<RouteId>([
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'oauthCallback',
  'verifyEmail',
  'verifyEmailWithoutToken',
  'resendVerification',
  'confirmEmailChange',
  'undoEmailChange',
]);

/** Where to go after signing in, given the login address's `next`; null means the default. */
export function returnPathAfterSignIn(raw: unknown): string | null {
  const path = safeReturnPath(raw);
  if (path === null) return null;
  const id = routeIdOf(new URL(path, PROBE_ORIGIN).pathname);
  return id !== null && !NOT_RETURNED_TO.has(id) ? path : null;
}

/**
 * `path` (which may carry a query of its own) with `next` added, so the page it opens still
 * knows where sign-in should lead. `from` is left out when it is where sign-in lands anyway or
 * not a page to return to.
 */
export function withReturnPath(path: string, from: string | null): string {
  const back = returnPathAfterSignIn(from);
  if (back === null || back === AFTER_SIGN_IN_PATH) return path;
  const query = new URLSearchParams({ [RETURN_PARAM]: back }).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The login address that brings the user back to `from` (a path with its query) after signing
 * in; `sessionExpired` adds the notice of product §2.
 */
export function loginPathReturningTo(from: string | null, sessionExpired = false): string {
  const path = sessionExpired ? `${ROUTES.login.path}?session_expired=true` : ROUTES.login.path;
  return withReturnPath(path, from);
}

/** The register address that, once the account exists, goes on to `from` (as login does). */
export function registerPathReturningTo(from: string | null): string {
  return withReturnPath(ROUTES.register.path, from);
}
