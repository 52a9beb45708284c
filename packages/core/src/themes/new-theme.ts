import type { ThemeColorField } from './colors.js';

/**
 * The colours a new theme starts from in the editors (a custom theme, a standard theme). A module
 * of its own: only the editors, which load lazily, read it.
 */
export const NEW_THEME_COLORS: Readonly<Record<ThemeColorField, string>> = {
  background_color: '#1f1535',
  text_color: '#f5f3ff',
  primary_color: '#7c3aed',
  secondary_color: '#a78bfa',
  accent_color: '#60a5fa',
};
