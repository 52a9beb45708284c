/** Paths whose last segment is a secret token; logs show a placeholder instead. */
const TOKEN_PATHS = [
  /^(\/api\/auth\/verify-email\/)[^/?#]+/,
  /^(\/api\/auth\/verify-reset-token\/)[^/?#]+/,
  /^(\/verify-email\/)[^/?#]+/,
  /^(\/reset-password\/)[^/?#]+/,
];

/**
 * Pages whose whole query is secret: an OAuth provider (or our own server) sends the browser to
 * /oauth-callback with `?token=`, `?code=` or `?state=`. Matched loosely (any case, doubled or
 * trailing slashes), since the SPA answers such variants too and they are logged all the same.
 */
const SECRET_QUERY_PATHS = [/^\/+oauth-callback\/*$/i];

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
