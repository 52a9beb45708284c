/**
 * What themes offer the rest of the app (docs/decisions/066): the stored theme's background
 * applied before the first render, the provider that draws the background behind every page and
 * the quick picker under the timer. The /themes page loads through ./lazy.ts.
 */
export { applyStoredThemeAtStartup } from './theme-startup';
export { ThemeProvider } from './theme-provider';
export { ThemeQuickPicker } from './theme-quick-picker';
