/**
 * When the theme list is fetched again (product §4, §9). Pure functions of the clock; the web's
 * theme provider runs them with real timers.
 */

/** The refresh check runs this often. */
export const THEME_REFRESH_CHECK_INTERVAL_MS = 5000;
/** A check refetches only this long after the last fetch (when signed in). */
export const THEME_REFRESH_MIN_GAP_MS = 60_000;
/** Themes are fetched again this long after the login-success event. */
export const THEMES_REFRESH_AFTER_LOGIN_MS = 500;
/** The background is checked this long after a theme is applied. */
export const THEME_BACKGROUND_VERIFY_DELAY_MS = 100;
/** The background cross-fade when the theme changes. */
export const THEME_FADE_MS = 1000;
/** The dark overlay laid over every background. */
export const THEME_OVERLAY_OPACITY = 0.4;

/** Any path containing /themes is a themes screen, where the refresh check pauses (product §2). */
export function isThemesPath(pathname: string): boolean {
  return pathname.includes('/themes');
}

export interface ThemeRefreshInput {
  now: number;
  /** When the list was last fetched; null before the first fetch. */
  lastFetchAt: number | null;
  signedIn: boolean;
  /** A login happened since the last fetch. */
  loginJustHappened: boolean;
  pathname: string;
}

/**
 * Does this check refetch? Never on a themes screen; otherwise after a login, or when signed in
 * and at least 60 s have passed since the last fetch.
 */
export function isThemeRefreshDue(input: ThemeRefreshInput): boolean {
  if (isThemesPath(input.pathname)) return false;
  if (input.loginJustHappened) return true;
  if (!input.signedIn) return false;
  return input.lastFetchAt === null || input.now - input.lastFetchAt >= THEME_REFRESH_MIN_GAP_MS;
}
