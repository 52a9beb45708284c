/**
 * Path rules of SPEC §2 in one place: which paths the global guard leaves alone, and where a
 * 401 must not redirect. Paths are compared without a trailing slash.
 */

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** A 401 sends the user to /login?session_expired=true unless already on login or register. */
export function isLoginOrRegisterPath(pathname: string): boolean {
  const path = normalise(pathname);
  return path === '/login' || path === '/register';
}

/**
 * Public pages reached from an email that must always win (DESIGN §4a): a 401 there, such as
 * the start-up refresh of a leftover expired token, ends the session but keeps the page, or
 * the link's token would be lost (docs/decisions/007).
 */
const KEEP_PAGE_ON_401_EXACT = new Set(['/resend-verification', '/verify-email']);
const KEEP_PAGE_ON_401_PREFIXES = ['/reset-password/', '/verify-email/'];

/** Where a 401 clears the session without sending the user to the session-expired login. */
export function isNoSessionExpiredRedirectPath(pathname: string): boolean {
  if (isLoginOrRegisterPath(pathname)) return true;
  const path = normalise(pathname);
  if (KEEP_PAGE_ON_401_EXACT.has(path)) return true;
  return KEEP_PAGE_ON_401_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const GUARD_EXEMPT_EXACT = new Set([
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/privacy',
  '/terms',
  '/about',
  '/oauth-callback',
  '/resend-verification',
  '/verify-email',
]);

const GUARD_EXEMPT_PREFIXES = ['/reset-password/', '/verify-email/'];

/**
 * The global guard skips the spec's list plus, per DESIGN §4a, the verification pages (public
 * routes always win).
 */
export function isGuardExemptPath(pathname: string): boolean {
  const path = normalise(pathname);
  if (GUARD_EXEMPT_EXACT.has(path)) return true;
  return GUARD_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Signed-in routes of SPEC §2 (for /playlist/{id}, any single segment). */
const PROTECTED_PATTERNS = [
  /^\/dashboard$/,
  /^\/stats$/,
  /^\/profile$/,
  /^\/themes$/,
  /^\/playlists$/,
  /^\/playlist\/[^/]+$/,
  /^\/help$/,
  /^\/admin$/,
];

export function isProtectedPath(pathname: string): boolean {
  const path = normalise(pathname);
  return PROTECTED_PATTERNS.some((pattern) => pattern.test(path));
}

/** SPEC §2: any path containing /themes is a themes screen (theme auto-refresh pauses there). */
export function isThemesScreen(pathname: string): boolean {
  return pathname.includes('/themes');
}

export const SESSION_EXPIRED_LOGIN_PATH = '/login?session_expired=true';
export const AFTER_SIGN_IN_PATH = '/dashboard';
