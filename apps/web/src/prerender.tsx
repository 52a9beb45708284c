/**
 * The build's server entry (docs/decisions/039): renders one public page to HTML with React's
 * static prerender, which waits for every lazy page and Suspense boundary, so the file holds the
 * page's real content. scripts/prerender.mjs builds this with `vite build --ssr` and writes each
 * page into the built index.html.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { msg } from '@lingui/core/macro';
import { LOCALES, directionOf, type Locale } from '@focusroom/core';
import { activateLocale, activateSourceLocale, i18n } from './i18n';
import { PRERENDERED_PATHS } from './app/boot/prerendered-pages';
import { MantineHeadStyles } from './app/providers';
import { lazyPageExportOf } from './app/routes';

activateSourceLocale();

/** Each public page is pre-rendered in every language (decision 076). */
export const PRERENDER_LOCALES: readonly Locale[] = LOCALES;

/** `lang` and `dir` of a page's <html>. */
export function htmlLanguage(locale: Locale): { lang: string; dir: 'ltr' | 'rtl' } {
  return { lang: locale, dir: directionOf(locale) };
}

/** The boot file's note when the app does not arrive (core's MESSAGES.appDidNotStart), translated. */
const APP_DID_NOT_START = msg`Focusroom could not finish loading, so what you do on this page cannot be acted on yet. Check your connection and reload the page.`;

export async function bootFailedMessage(locale: Locale): Promise<string> {
  await activateLocale(locale);
  return i18n._(APP_DID_NOT_START);
}

/** Each pre-rendered page: its path, and the export its lazy page module renders (none for /). */
export const PRERENDERED_PAGES = PRERENDERED_PATHS.map((path) => ({
  path,
  pageExport: lazyPageExportOf(path),
}));

/** Mantine's stylesheets of the theme, as <style> elements for the <head> of every page. */
export function renderHeadStyles(): string {
  return renderToStaticMarkup(<MantineHeadStyles />);
}

/**
 * The HTML of the app at `path` in `locale`, as a visitor with nothing stored sees it before any
 * effect.
 */
export async function renderPage(path: string, locale: Locale = 'en'): Promise<string> {
  await activateLocale(locale);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={Router} />
    </StrictMode>,
    // One chunk: a boundary larger than the default 12.8 KB would be written after the shell with
    // an inline script to move it in place, which the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // A page that fails on the server (React then leaves it to the client) must fail the build.
  if (errors.length > 0) {
    throw new Error(`prerender ${path}: ${errors.map(String).join('; ')}`, { cause: errors[0] });
  }
  return Buffer.concat(chunks).toString('utf8');
}
