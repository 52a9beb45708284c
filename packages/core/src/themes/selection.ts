import { isNumericThemeId } from './filters.js';
import { FALLBACK_THEME, type ThemeFields } from './standard.js';

/** What choosing the current theme reads of a theme. */
export interface SelectableTheme {
  id: string | number;
  name: string;
  is_default?: boolean | null;
}

/**
 * The current theme (product §4): the stored choice when it is in the list; otherwise the theme
 * flagged `is_default`, else the one named Abstract, else the first; with an empty list, the
 * fallback theme (Minimalist).
 */
export function pickCurrentTheme<T extends SelectableTheme>(
  themes: readonly T[],
  storedId?: string | number | null,
): T | ThemeFields {
  if (storedId != null && storedId !== '') {
    const stored = themes.find((theme) => String(theme.id) === String(storedId));
    if (stored) return stored;
  }
  return (
    themes.find((theme) => theme.is_default === true) ??
    themes.find((theme) => theme.name === 'Abstract') ??
    themes[0] ??
    FALLBACK_THEME
  );
}

/**
 * The image a theme's background shows: `background_url` preferred over `image_url` (product
 * §3); null when it has neither, and the gradient applies.
 */
export function themeBackgroundUrl(theme: {
  background_url?: string | null;
  image_url?: string | null;
}): string | null {
  const background = theme.background_url?.trim();
  if (background) return background;
  const image = theme.image_url?.trim();
  return image ? image : null;
}

/**
 * Product §5: a theme id made only of digits is never synced to the server as the preferred
 * theme (nor is an empty one).
 */
export function canSyncThemePreference(id: string | number | null | undefined): boolean {
  if (id == null || String(id).trim() === '') return false;
  return !isNumericThemeId(id);
}
