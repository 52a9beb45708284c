/** Paths whose last segment is a secret token; logs show a placeholder instead. */
const TOKEN_PATHS = [
  /^(\/api\/auth\/verify-email\/)[^/?#]+/,
  /^(\/api\/auth\/verify-reset-token\/)[^/?#]+/,
  /^(\/verify-email\/)[^/?#]+/,
  /^(\/reset-password\/)[^/?#]+/,
];

/**
 * Paths whose whole query is secret: a provider sends the browser to our callback with `?code=`
 * and `?state=`, and our server sends it on to /oauth-callback with a one-time code. Matched
 * loosely (any case, doubled or trailing slashes), since such variants are answered and logged
 * all the same.
 */
const SECRET_QUERY_PATHS = [
  /^\/+oauth-callback\/*$/i,
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
