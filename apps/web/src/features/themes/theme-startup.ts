import { FALLBACK_THEME } from '@focusroom/core';
import { applyThemeBackground, currentBackgroundState } from './theme-background';
import { readStoredTheme } from './theme-storage';

/** Calls `run` once the page has painted: after the frame in which the first render lands. */
function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Product §4: a stored `selectedTheme` is applied at start-up, before the first paint. main.tsx
 * calls this before React's first render (a Content Security Policy without inline scripts
 * rules out a script in index.html to do it any earlier).
 *
 * With nothing stored (a first visit), the default theme's art starts loading right after the
 * first paint, so the first screen never waits for it; waiting for the theme code and the
 * standard list before asking for the art put the background 2 s after the first paint on a
 * phone profile (bench/themes-paint.ts). The provider's default chain then decides: it is the
 * same theme unless the standard list names another default, which then fades in.
 */
export function applyStoredThemeAtStartup(): void {
  const theme = readStoredTheme();
  if (theme) {
    applyThemeBackground(theme, { fade: false });
    return;
  }
  afterFirstPaint(() => {
    if (currentBackgroundState() === null) applyThemeBackground(FALLBACK_THEME, { fade: false });
  });
}
