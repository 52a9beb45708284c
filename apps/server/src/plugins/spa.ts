import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  HTTP_MESSAGES,
  LANGUAGE_COOKIE,
  SOURCE_LOCALE,
  isLocale,
  matchLocale,
  parseAcceptLanguage,
} from '@focusroom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../lib/http-errors.js';

export const WEB_BUILD_MISSING_MESSAGE =
  'Focusroom: the web app is not built yet. Run `npm run build` and restart the server.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name carries the hash of their bytes: Vite's assets and the standard themes' art. */
const HASHED = /^(assets\/|themes\/art\/[a-z-]+\.[0-9a-f]{10}\.svg$)/;
/** Folders of files named by content: a missing one is a real 404, never the app's HTML. */
const HASHED_FOLDERS = ['/assets/', '/themes/art/'];
const REVALIDATE = 'no-cache';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The plain shell of the web build (apps/web/build/prerender-plugin.ts): every non-page path. */
const SHELL_FILE = 'app.html';

/**
 * The pre-rendered public pages of the build (docs/decisions/039), per language (decision 076):
 * `login.html` answers /login in English (a trailing slash too), `login.de.html` in German;
 * `index.html` and `index.<locale>.html` answer /. The shell is not a page.
 */
export function prerenderedPages(fileNames: readonly string[]): Map<string, Map<string, string>> {
  const pages = new Map<string, Map<string, string>>();
  for (const name of fileNames) {
    const match = /^([a-z0-9-]+?)(?:\.([a-z]{2}(?:-[A-Z]{2})?))?\.html$/.exec(name);
    if (!match || name === SHELL_FILE) continue;
    const [, page = '', locale = SOURCE_LOCALE] = match;
    const path = page === 'index' ? '/' : `/${page}`;
    const variants = pages.get(path) ?? new Map<string, string>();
    variants.set(locale, name);
    pages.set(path, variants);
  }
  return pages;
}

/**
 * The language a page is answered in: the one chosen on this browser (its cookie), else the
 * browser's (Accept-Language), else English.
 */
export function pageLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined) {
  const chosen = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLocale(chosen)) return chosen;
  return matchLocale(parseAcceptLanguage(acceptLanguage));
}

/**
 * Serves the built SPA from `webDistDir`: files named by their hash (/assets/*, the themes' art)
 * cache forever, everything else
 * revalidates (index.html and sw.js above all, so a deploy is picked up), Brotli or gzip when the
 * browser takes it and the build made the copy. A public page the build pre-rendered gets its own
 * HTML; any other GET that is not an API path and not a file gets the shell, app.html (index.html
 * for a build without one): the history fallback. Unknown /api paths are JSON 404s, never the SPA.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const pages = built
    ? prerenderedPages(fs.readdirSync(webDistDir))
    : new Map<string, Map<string, string>>();
  const shell = fs.existsSync(path.join(webDistDir, SHELL_FILE)) ? SHELL_FILE : 'index.html';

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The web build writes .br and .gz beside each text file (apps/web/scripts/compress-dist.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', HASHED.test(relative) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  /** The page at `pathname` in the reader's language, or the shell when it has none. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('cache-control', REVALIDATE);
    const variants = pages.get(pathname.replace(/\/+$/, '') || '/');
    if (!variants) return reply.type('text/html; charset=utf-8').sendFile(shell);
    const locale = pageLocale(request.headers.cookie, request.headers['accept-language']);
    reply.header('vary', 'Cookie, Accept-Language');
    const page = variants.get(locale) ?? variants.get(SOURCE_LOCALE) ?? shell;
    return reply.type('text/html; charset=utf-8').sendFile(page);
  };

  // / is a pre-rendered page like the others, in the reader's language, not the static index.
  if (built)
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));

  // Every GET under /api that no route takes lands here, never in the static files' wildcard:
  // that one refuses a path with dot segments (`/api/../x`, `%2e%2e`) or a name too long for
  // the file system with 403 (decision 032).
  app.get('/api/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody(404, HTTP_MESSAGES.notFound));
    }
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send(WEB_BUILD_MISSING_MESSAGE);
    }
    const pathname = url.split('?')[0] ?? '/';
    // A missing hashed asset is a real 404: HTML in its place would fail as a script or an image.
    if (HASHED_FOLDERS.some((folder) => pathname.startsWith(folder))) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`${HTTP_MESSAGES.notFound}\n`);
    }
    return sendPage(request, reply, pathname);
  });
}
