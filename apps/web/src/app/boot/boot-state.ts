import { MESSAGES, STORAGE_KEYS } from '@focusroom/core';
import { REPLAYED_INPUT_TIME } from '../../lib/early-input';
import { keepEarlyInput } from './early-input';

/**
 * The boot script (docs/decisions/039). The build pre-renders the public pages as a visitor with
 * nothing stored sees them; this tiny script runs in <head>, before the first paint, and marks
 * <html> with what will differ once the app has taken over, so CSS (app.css) hides those parts
 * instead of flashing the wrong ones:
 * - `fr-boot-session`: a token is stored; the signed-in app replaces the visitor's page.
 * - `fr-boot-other`: the HTML is not this page's (the service worker hands every path the /
 *   page when offline), a query changes it, or it is in another language than the one chosen on
 *   this browser (the service worker keeps the English pages); the app renders the page afresh.
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
  /** The language chosen on this browser (decision 076). */
  language: string;
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
  const read = (key: string): string | null => {
    try {
      const value = store ? store.getItem(key) : null;
      return value !== null && value.trim() !== '' ? value : null;
    } catch {
      return null;
    }
  };
  const has = (key: string): boolean => read(key) !== null;
  const trim = (path: string): string => path.replace(/\/+$/, '') || '/';
  const rendered = html.getAttribute('data-prerendered');
  if (has(keys.token)) classes.push('fr-boot-session');
  const language = read(keys.language);
  if (
    rendered !== null &&
    (trim(rendered) !== trim(location.pathname) ||
      location.search !== '' ||
      (language !== null && language !== html.getAttribute('lang')))
  ) {
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

/** What `loadAppAfterFirstPaint` uses of the page, so tests can hand it fakes. */
interface LoaderDocument {
  documentElement: { getAttribute(name: string): string | null };
  head: { appendChild(node: never): unknown };
  createElement(tag: 'script' | 'link'): {
    type?: string;
    rel?: string;
    crossOrigin: string | null;
    src?: string;
    href?: string;
    onerror?: (() => void) | null;
    onload?: (() => void) | null;
  };
}

interface LoaderWindow {
  PerformanceObserver?: (new (callback: () => void) => {
    observe(options: { type: string; buffered: boolean }): void;
    disconnect(): void;
  }) & { supportedEntryTypes?: readonly string[] };
  setTimeout(run: () => void, ms: number): unknown;
}

/**
 * Adds a module preload for each of `hrefs`, one per task, and calls `done` in the task that adds
 * the last (at once when there is none). Adding one while the page loads took 0.1-1 ms of the
 * main thread, now and then 5-50 ms (measured in Chromium on a 2-core machine); in Lighthouse's
 * trace of /login the first ones took 5-14 ms each, two of them 10-24 ms (docs/decisions/045).
 * A page names up to twenty, and / loads sixteen for its to-do list, so never more than one in
 * a task: `later` runs the next in a task of its own. The boot file and the app (main.tsx) both
 * add theirs this way; self-contained, like `markBootState`, so the boot file can carry its text.
 */
export function addModulePreloads(
  doc: Pick<LoaderDocument, 'head' | 'createElement'>,
  later: (run: () => void) => void,
  hrefs: readonly string[],
  done: () => void,
): void {
  const addFrom = (index: number): void => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = hrefs[index]!;
    doc.head.appendChild(link as never);
    if (index + 1 < hrefs.length) later(() => addFrom(index + 1));
    else done();
  };
  if (hrefs.length > 0) addFrom(0);
  else done();
}

/** Dispatched on <html> by the app once the whole page answers (`useInteractiveWhenHydrated`). */
export const APP_INTERACTIVE_EVENT = 'focusroom:interactive';

/**
 * On <html> from the boot file until the app answers (`useInteractiveWhenHydrated`): input made
 * meanwhile is kept for the app (`keepEarlyInput`, docs/decisions/048). Nothing is styled by it,
 * so lifting it restyles nothing (docs/decisions/046).
 */
export const APP_BOOTING_ATTRIBUTE = 'data-booting';

/** The class of the note the boot file shows when the app's script did not load or answer. */
export const BOOT_FAILED_CLASS = 'fr-boot-failed';

/**
 * Starts the app's scripts on a pre-rendered page once the page has painted (docs/decisions/042):
 * the entry module and the page's own chunks that <html> names (`data-entry`, `data-preload`).
 * Fetched with the page, they would share the phone's connection with the stylesheets the first
 * paint waits for. The first paint entry of the Paint Timing API says when; a browser without it
 * starts at once, and one that never paints the page (a tab opened in the background) starts
 * after `fallbackMs`. A page without `data-entry` (the plain shell) loads its module itself.
 * `failed` is called when the entry does not load, or has not made the page answer
 * (`bootingAttribute` still on <html>) `failAfterMs` after it ran.
 * Self-contained, like `markBootState`: `addPreloads` is `addModulePreloads`, handed in by the
 * boot file, which carries the text of both.
 */
export function loadAppAfterFirstPaint(
  doc: LoaderDocument,
  win: LoaderWindow,
  fallbackMs: number,
  addPreloads: typeof addModulePreloads,
  failed: () => void,
  failAfterMs: number,
  bootingAttribute: string,
): void {
  const html = doc.documentElement;
  const entry = html.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (html.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    script.onerror = failed;
    script.onload = () => {
      win.setTimeout(() => {
        if (html.getAttribute(bootingAttribute) !== null) failed();
      }, failAfterMs);
    };
    doc.head.appendChild(script as never);
    addPreloads(
      doc,
      (run) => win.setTimeout(run, 0),
      preloads,
      () => undefined,
    );
  };
  const Observer = win.PerformanceObserver;
  const types = Observer ? (Observer.supportedEntryTypes ?? []) : [];
  if (!Observer || types.indexOf('paint') < 0) {
    start();
    return;
  }
  const observer = new Observer(() => {
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  win.setTimeout(start, fallbackMs);
}

/** A tab that has not painted the page within this long (opened in the background) loads anyway. */
export const APP_LOAD_FALLBACK_MS = 3000;

/**
 * The app's entry has run and the page still does not answer after this long: something broke
 * (a later chunk failed, an error). Far above a slow phone's hydration (about 1 s at 4x CPU).
 */
export const APP_ANSWER_TIMEOUT_MS = 20_000;

/** At most this many clicks, submissions and keys are kept for the app while it loads. */
export const EARLY_INPUT_MAX = 32;

/** The boot file's text: the functions above, called on the page. */
export function bootScriptSource(): string {
  const keys: BootKeys = {
    token: STORAGE_KEYS.token,
    language: STORAGE_KEYS.language,
    restore: RESTORED_KEYS,
    todos: TODO_KEYS,
  };
  const input = {
    interactiveEvent: APP_INTERACTIVE_EVENT,
    bootingAttribute: APP_BOOTING_ATTRIBUTE,
    timeProperty: REPLAYED_INPUT_TIME,
    failedMessage: MESSAGES.appDidNotStart,
    failedClass: BOOT_FAILED_CLASS,
    maxKept: EARLY_INPUT_MAX,
  };
  return (
    `(${markBootState.toString()})(document.documentElement,location,function(){return localStorage},${JSON.stringify(keys)});\n` +
    `(${loadAppAfterFirstPaint.toString()})(document,window,${APP_LOAD_FALLBACK_MS},${addModulePreloads.toString()},` +
    `(${keepEarlyInput.toString()})(document,window,${JSON.stringify(input)}),${APP_ANSWER_TIMEOUT_MS},${JSON.stringify(APP_BOOTING_ATTRIBUTE)});\n`
  );
}
