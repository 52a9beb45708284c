import { FALLBACK_THEME } from '@focusroom/core';
import { nextTask } from '../../lib/next-task';
import { applyThemeBackground, currentBackgroundState } from './theme-background';
import { readStoredTheme } from './theme-storage';

/** Whether the page has painted anything yet (index.html's boot shell paints before scripts). */
function hasPainted(): boolean {
  return (performance.getEntriesByType?.('paint') ?? []).length > 0;
}

/**
 * Calls `run` once the page has painted, in a task of its own: the next one when the page
 * already has (a first visit: the boot shell or the pre-rendered page painted while the script
 * was still loading), else after the next frame. Never inside the entry's evaluation, which is
 * the longest task of the start-up as it is.
 */
function afterFirstPaint(run: () => void): void {
  if (hasPainted()) {
    void nextTask().then(run);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
}

/**
 * Product §4: a stored `selectedTheme` is applied at start-up, before the first paint. main.tsx
 * calls this before React's first render (a Content Security Policy without inline scripts
 * rules out a script in index.html to do it any earlier).
 *
 * With nothing stored (a first visit), the default theme's art starts loading once the page has
 * painted, so the first paint never waits for it. On a slow phone the boot shell of index.html
 * has painted long before this script runs, so the art is asked for in the next task, as the
 * app renders: waiting for the frame after the app's first render instead put the request behind
 * the lazy chunks' work and the background about 1 s after that frame (bench/themes-paint.ts). The
 * provider's default chain then decides: it is the same theme unless the standard list names
 * another default, which then fades in.
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
