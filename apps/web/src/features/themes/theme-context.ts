import type { ThemeFields } from '@focusroom/core';
import type { CreateThemeBody, Theme, UpdateThemeBody } from '@focusroom/core/schemas';
import { createContext, use } from 'react';

/** The theme facility of product §4. */
export interface ThemesContextValue {
  /** The standard themes (product §5 filter); the ten built-in ones when the list failed. */
  themes: Theme[];
  /** The signed-in user's custom themes (filtered); empty for visitors and on failure. */
  customThemes: Theme[];
  /** The public gallery (filtered and deduplicated, the user's own kept); empty on failure. */
  publicThemes: Theme[];
  currentTheme: ThemeFields;
  /** True until the first list arrived (or failed). */
  loading: boolean;
  /** The signed-in user's id from the token (product §6), or null. */
  currentUserId: string | null;
  /** Applies a theme at once, remembers it in the browser and, signed in, on the server. */
  setTheme(theme: ThemeFields): void;
  refreshThemes(): Promise<void>;
  /** Creates a custom theme; says so, or says it failed and throws (product §8). */
  createCustomTheme(body: CreateThemeBody): Promise<Theme>;
  updateCustomTheme(id: string, body: UpdateThemeBody): Promise<Theme>;
  /** Deletes a custom theme; says so, or says it failed and throws (product §8). */
  deleteCustomTheme(id: string): Promise<void>;
  reportTheme(id: string, reason: string): Promise<void>;
}

export const ThemesContext = createContext<ThemesContextValue | null>(null);

/** The theme facility; throws outside <ThemeProvider> (product §8). */
export function useThemes(): ThemesContextValue {
  const value = use(ThemesContext);
  if (!value) throw new Error('useThemes must be used within a ThemeProvider');
  return value;
}
