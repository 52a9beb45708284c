import { STORAGE_KEYS } from '@focusroom/core';

/**
 * The boot script (docs/decisions/039). The build pre-renders the public pages as a visitor with
 * nothing stored sees them; this tiny script runs in <head>, before the first paint, and marks
 * <html> with what will differ once the app has taken over, so CSS (app.css) hides those parts
 * instead of flashing the wrong ones:
 * - `fr-boot-session`: a token is stored; the signed-in app replaces the visitor's page.
 * - `fr-boot-other`: the HTML is not this page's (the service worker hands every path the /
 *   page when offline) or a query changes it; the app renders the page afresh.
 * - `fr-boot-restore`: stored settings, timer, daily count or theme take over the timer card
 *   and the background picker right after they hydrate;
 * - `fr-boot-todos`: a stored to-do list (or the saved timer's copy of it) takes over the list,
 *   which hydrates later, with its own chunk.
 * Each part removes its class in its first hydrated render (`useRevealWhenHydrated`).
 */
export const BOOT_CLASSES = [
  'fr-boot-session',
  'fr-boot-other',
  'fr-boot-restore',
  'fr-boot-todos',
] as const;

interface BootStorage {
  getItem(key: string): string | null;
}

interface BootKeys {
  token: string;
  restore: readonly string[];
  todos: readonly string[];
}

/**
 * Marks `html`. Self-contained on purpose: the build writes its source text into the boot file
 * (no imports, no closures), and tests call it directly.
 */
export function markBootState(
  html: { className: string; getAttribute(name: string): string | null },
  location: { pathname: string; search: string },
  storage: () => BootStorage,
  keys: BootKeys,
): void {
  const classes: string[] = [];
  let store: BootStorage | null = null;
  try {
    store = storage();
  } catch {
    // Storage disabled: nothing stored can differ.
  }
  const has = (key: string): boolean => {
    try {
      const value = store ? store.getItem(key) : null;
      return value !== null && value.trim() !== '';
    } catch {
      return false;
    }
  };
  const trim = (path: string): string => path.replace(/\/+$/, '') || '/';
  const rendered = html.getAttribute('data-prerendered');
  if (has(keys.token)) classes.push('fr-boot-session');
  if (rendered !== null && (trim(rendered) !== trim(location.pathname) || location.search !== '')) {
    classes.push('fr-boot-other');
  }
  if (keys.restore.some(has)) classes.push('fr-boot-restore');
  if (keys.todos.some(has)) classes.push('fr-boot-todos');
  if (classes.length > 0) html.className = `${html.className} ${classes.join(' ')}`.trim();
}

/** What the visitor may have stored that the pre-rendered timer card and picker show otherwise. */
export const RESTORED_KEYS: readonly string[] = [
  STORAGE_KEYS.settings,
  STORAGE_KEYS.timer,
  STORAGE_KEYS.goalDay,
  STORAGE_KEYS.selectedTheme,
  STORAGE_KEYS.theme,
];

/** Where a visitor's to-do list comes from: their own list, or the saved timer's copy. */
export const TODO_KEYS: readonly string[] = [STORAGE_KEYS.todos, STORAGE_KEYS.timer];

/** The boot file's text: the function above, called on the page. */
export function bootScriptSource(): string {
  const keys: BootKeys = { token: STORAGE_KEYS.token, restore: RESTORED_KEYS, todos: TODO_KEYS };
  return `(${markBootState.toString()})(document.documentElement,location,function(){return localStorage},${JSON.stringify(keys)});\n`;
}
