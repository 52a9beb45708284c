import { applyThemeBackground } from './theme-background';
import { readStoredTheme } from './theme-storage';

/**
 * Product §4: a stored `selectedTheme` is applied at start-up, before the first paint. main.tsx
 * calls this before React's first render (a Content Security Policy without inline scripts
 * rules out a script in index.html); with nothing stored, the theme provider applies the
 * default after the first paint, so a first visit loads no art before it.
 */
export function applyStoredThemeAtStartup(): void {
  const theme = readStoredTheme();
  if (theme) applyThemeBackground(theme, { fade: false });
}
