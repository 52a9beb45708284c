import { ROUTE_IDS, ROUTES, routeDefinition } from '../paths';

/**
 * The public pages the build pre-renders into their own HTML file (docs/decisions/039): the
 * routes flagged `prerendered` in the registry, in its order. Pages with a token in their path
 * (reset, verify) or a query that decides what they show (the OAuth callback) stay
 * client-rendered.
 */
export const PRERENDERED_PATHS: readonly string[] = ROUTE_IDS.filter(
  (id) => routeDefinition(id).prerendered === true,
).map((id) => ROUTES[id].path);

/**
 * Lazy parts a page shows on its first screen whose styles only are linked: the Sounds button
 * on every page (fixed in a corner, it would sit unstyled in the page's flow until its chunk
 * came) and the to-do list on /. Their scripts, the mixer's and drag and drop's, load after
 * the first screen, within the first load's budget (bench/README.md).
 */
const SOUNDS_ENTRY = 'src/app/layout/sounds-entry.tsx';
const TODO_LIST = 'src/features/timer/todo-list.tsx';
export const FIRST_SCREEN_STYLES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  PRERENDERED_PATHS.map((path) => [
    path,
    path === ROUTES.home.path ? [SOUNDS_ENTRY, TODO_LIST] : [SOUNDS_ENTRY],
  ]),
);

/**
 * Lazy parts of a page's first screen whose scripts the app preloads once its entry has run,
 * before it hydrates (main.tsx): the to-do list on /, sixteen chunks. Named on <html>
 * (`data-preload-deferred`) so they go in one per task (`addModulePreloads`); left to the
 * import, Vite's preload helper added all sixteen in one task of 13-19 ms. They are not part of
 * the first load: they start where the import started them before.
 */
export const DEFERRED_PARTS: Readonly<Record<string, readonly string[]>> = {
  [ROUTES.home.path]: [TODO_LIST],
};

/** The boot shell inside #root, replaced by a page's HTML (index.html marks the end of #root). */
const ROOT_OPEN = '<div id="root">';
const ROOT_END_MARK = '<!--/root-->';

/**
 * The built file of a pre-rendered page: / is index.html, /login is login.html, and in another
 * language than English the language goes before `.html` (login.de.html, index.pt-BR.html;
 * decision 076). A file beside index.html rather than login/index.html: the service worker's
 * precache finds the English one for /login (Workbox tries `<path>.html`), and the server never
 * meets a folder where a page should be.
 */
export function pageFileName(path: string, locale = 'en'): string {
  const name = path === '/' ? 'index' : path.slice(1);
  return locale === 'en' ? `${name}.html` : `${name}.${locale}.html`;
}

/** The entry module the shell loads: Vite writes it into index.html's <head>. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The chunks the entry imports, which Vite links from <head> as module preloads. */
const ENTRY_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The shell `template` with `body` in #root, marked with the path it was rendered for; `head`
 * (the page's own stylesheets) goes before </head>.
 *
 * The entry module, the chunks it imports (the shell's module preloads) and `preloads` (the
 * page's own chunks) are not in the HTML as tags, which the browser would fetch at once, sharing
 * the connection with the stylesheets that hold back the first paint. They are named on <html>
 * (`data-entry`, `data-preload`) for the boot file, which starts them right after the first paint
 * (`loadAppAfterFirstPaint`, docs/decisions/042). `deferred` (the chunks of `DEFERRED_PARTS`)
 * is named in `data-preload-deferred` for the app, which preloads them once its entry has run.
 */
export function pageHtml(
  template: string,
  path: string,
  body: string,
  head = '',
  preloads: readonly string[] = [],
  deferred: readonly string[] = [],
): string {
  const start = template.indexOf(ROOT_OPEN);
  // #root's closing tag: the last one before the mark.
  const end = template.lastIndexOf('</div>', template.indexOf(ROOT_END_MARK));
  if (start < 0 || end < start + ROOT_OPEN.length || !template.includes(ROOT_END_MARK)) {
    throw new Error(`The shell has no ${ROOT_OPEN}...</div>${ROOT_END_MARK}`);
  }
  if (!template.includes('<html ')) throw new Error('The shell has no <html> element');
  let top = template.slice(0, start);
  const entry = ENTRY_SCRIPT.exec(top)?.[1];
  const marks = [`data-prerendered="${path}"`];
  // No entry script in the shell: nothing is moved, the shell's tags stay as they are.
  if (entry !== undefined) {
    const entryImports = [...top.matchAll(ENTRY_PRELOAD)].flatMap((match) => match[1] ?? []);
    const later = [...entryImports, ...preloads];
    marks.push(`data-entry="${entry}"`);
    if (later.length > 0) marks.push(`data-preload="${later.join(' ')}"`);
    if (deferred.length > 0) marks.push(`data-preload-deferred="${deferred.join(' ')}"`);
    top = top.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOAD, '');
  }
  return (
    top.replace('<html ', `<html ${marks.join(' ')} `).replace('</head>', `${head}</head>`) +
    ROOT_OPEN +
    body +
    template.slice(end)
  );
}

/** Trailing slashes aside, the path a pre-rendered page answers. */
function normalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export interface HydrationInput {
  /** `data-prerendered` of <html>: the path the HTML was rendered for (absent: the plain shell). */
  prerenderedPath: string | undefined;
  pathname: string;
  search: string;
  /** A token is stored: the signed-in app differs from the visitor's page the build rendered. */
  hasSession: boolean;
  /** `lang` of <html>: the language the HTML was rendered in. */
  pageLocale: string;
  /** The language the app starts in (chosen on this browser, else the browser's). */
  locale: string;
}

/**
 * Whether the browser may hydrate the HTML it got: only the page it was rendered for (the service
 * worker may hand any path the / page), in the language the app starts in, with no query (a
 * query changes what login, resend and the rest show), for a visitor. Everything else is rendered afresh, as before pre-rendering.
 */
export function canHydrate({
  prerenderedPath,
  pathname,
  search,
  hasSession,
  pageLocale,
  locale,
}: HydrationInput) {
  return (
    prerenderedPath !== undefined &&
    pageLocale === locale &&
    normalPath(prerenderedPath) === normalPath(pathname) &&
    search === '' &&
    !hasSession
  );
}
