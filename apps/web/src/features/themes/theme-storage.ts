import { STORAGE_KEYS, isThemeColor, type ThemeFields } from '@focusroom/core';
import { readItem, writeItem } from '../../lib/storage';

/**
 * The two theme keys of product §3: `theme` holds the chosen theme's id, `selectedTheme` the
 * whole theme object, so the next start applies it before the first paint without the network.
 */

/** The stored theme id, or null. */
export function readStoredThemeId(): string | null {
  const id = readItem(STORAGE_KEYS.theme);
  return id && id.trim() ? id : null;
}

/**
 * The stored theme object, or null when absent or not theme-shaped. Only what drawing a
 * background needs is checked: the object came from this app, but storage is anyone's to edit.
 */
export function readStoredTheme(): ThemeFields | null {
  const raw = readItem(STORAGE_KEYS.selectedTheme);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredTheme(value) ? value : null;
  } catch {
    return null;
  }
}

function isStoredTheme(value: unknown): value is ThemeFields {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const theme = value as Record<string, unknown>;
  const optionalText = (field: unknown) => field == null || typeof field === 'string';
  return (
    (typeof theme.id === 'string' || typeof theme.id === 'number') &&
    typeof theme.name === 'string' &&
    optionalText(theme.image_url) &&
    optionalText(theme.background_url) &&
    (theme.background_color === undefined || isThemeColor(theme.background_color)) &&
    (theme.text_color === undefined || isThemeColor(theme.text_color))
  );
}

/** Remembers the choice: the id and the object (product §3). */
export function writeStoredTheme(theme: ThemeFields): void {
  writeItem(STORAGE_KEYS.theme, String(theme.id));
  writeItem(STORAGE_KEYS.selectedTheme, JSON.stringify(theme));
}

/** Forgets the choice (the theme is gone, or this viewer may no longer see it). */
export function removeStoredTheme(): void {
  writeItem(STORAGE_KEYS.theme, null);
  writeItem(STORAGE_KEYS.selectedTheme, null);
}
