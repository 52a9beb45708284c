import { EMAIL_LINK_PAGE_LIST, SHARED_PATHS } from '@focusroom/core';

/**
 * Paths whose last segment is a secret token; logs show a placeholder instead: the API's token
 * routes and every page a mailed link opens (core's EMAIL_LINK_PAGES).
 */
const TOKEN_PATHS = [
  /^(\/api\/auth\/verify-email\/)[^/?#]+/,
  /^(\/api\/auth\/verify-reset-token\/)[^/?#]+/,
  // Each shared path is `/` and lower-case words with hyphens (a core test), so it is its own
  // pattern.
  ...EMAIL_LINK_PAGE_LIST.map((page) => new RegExp(`^(${page}/)[^/?#]+`)),
];

/**
 * Paths whose whole query is secret: a provider sends the browser to our callback with `?code=`
 * and `?state=`, and our server sends it on to /oauth-callback with a one-time code. Matched
 * loosely (any case, doubled or trailing slashes), since such variants are answered and logged
 * all the same.
 */
const SECRET_QUERY_PATHS = [
  new RegExp(`^/+${SHARED_PATHS.oauthCallback.slice(1)}/*$`, 'i'),
  /^\/+api\/+auth\/+oauth\/+[^/?#]+\/+callback\/*$/i,
];

export const TOKEN_PLACEHOLDER = '[token]';
export const QUERY_PLACEHOLDER = '[redacted]';

/** Replaces a token in a request URL so logs never hold a usable link or code. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt !== -1) {
    const path = url.slice(0, queryAt);
    if (SECRET_QUERY_PATHS.some((pattern) => pattern.test(path))) {
      return `${path}?${QUERY_PLACEHOLDER}`;
    }
  }
  for (const pattern of TOKEN_PATHS) {
    if (pattern.test(url)) return url.replace(pattern, `$1${TOKEN_PLACEHOLDER}`);
  }
  return url;
}
