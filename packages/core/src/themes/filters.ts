import { STANDARD_THEME_IDS } from './standard.js';

/**
 * The theme filters of product §5. Legacy data used numeric ids 24-32 and five names for
 * built-in themes that are no longer offered; those are dropped from custom and public lists.
 * Decided: the filters never touch the standard list, where Ocean Blue and Sunset Orange are
 * real standard themes.
 */

/** What the filters read of a theme; ids may be numeric in data from older clients. */
export interface FilterableTheme {
  id: string | number;
  name: string;
  is_standard?: boolean | null;
  user_id?: string | null;
  created_at?: string | null;
}

/** Names of retired built-in themes, dropped from custom and public lists. */
export const RETIRED_THEME_NAMES: readonly string[] = [
  'Deep Purple',
  'Dark Theme',
  'Ocean Blue',
  'Forest Green',
  'Sunset Orange',
];
const RETIRED_ID_MIN = 24;
const RETIRED_ID_MAX = 32;

const STANDARD_IDS = new Set(STANDARD_THEME_IDS.map((id) => id.toLowerCase()));

/** True when the id is made only of digits (a legacy numeric id). */
export function isNumericThemeId(id: string | number): boolean {
  return /^\d+$/.test(String(id));
}

/** The standard list keeps a theme flagged `is_standard` or carrying one of the ten ids. */
export function isStandardTheme(theme: Pick<FilterableTheme, 'id' | 'is_standard'>): boolean {
  return theme.is_standard === true || STANDARD_IDS.has(String(theme.id).toLowerCase());
}

export function filterStandardThemes<T extends FilterableTheme>(themes: readonly T[]): T[] {
  return themes.filter(isStandardTheme);
}

/** A name the custom and public filters drop (exact match, ignoring surrounding spaces). */
export function isRetiredThemeName(name: string): boolean {
  return RETIRED_THEME_NAMES.includes(name.trim());
}

/** A custom or public theme the filters drop: numeric id 24-32, or one of the retired names. */
export function isRetiredTheme(theme: Pick<FilterableTheme, 'id' | 'name'>): boolean {
  if (isNumericThemeId(theme.id)) {
    const n = Number(theme.id);
    if (n >= RETIRED_ID_MIN && n <= RETIRED_ID_MAX) return true;
  }
  return isRetiredThemeName(theme.name);
}

/** The user's own custom themes without the retired ones. */
export function filterCustomThemes<T extends FilterableTheme>(themes: readonly T[]): T[] {
  return themes.filter((theme) => !isRetiredTheme(theme));
}

/**
 * The public gallery: retired themes dropped unless the current user owns them, then one theme
 * per name, the newest (by created_at; the first listed on a tie). Survivors keep list order.
 */
export function filterPublicThemes<T extends FilterableTheme>(
  themes: readonly T[],
  currentUserId: string | null | undefined,
): T[] {
  const kept = themes.filter(
    (theme) =>
      !isRetiredTheme(theme) ||
      (currentUserId != null && theme.user_id != null && theme.user_id === currentUserId),
  );
  const newestByName = new Map<string, T>();
  for (const theme of kept) {
    const best = newestByName.get(theme.name);
    if (!best || createdAt(theme) > createdAt(best)) newestByName.set(theme.name, theme);
  }
  return kept.filter((theme) => newestByName.get(theme.name) === theme);
}

function createdAt(theme: FilterableTheme): number {
  const time = theme.created_at ? Date.parse(theme.created_at) : NaN;
  return Number.isNaN(time) ? -Infinity : time;
}
