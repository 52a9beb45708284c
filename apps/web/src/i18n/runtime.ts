import { i18n } from '@lingui/core';
import {
  directionOf,
  isLocale,
  LANGUAGE_COOKIE,
  matchLocale,
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  STORAGE_KEYS,
  type AppLocale,
} from '@focusroom/core';
import { readItem, writeItem } from '../lib/storage';
import { loadCatalog } from './catalogs';

export function isAppLocale(value: unknown): value is AppLocale {
  return isLocale(value) || value === PSEUDO_LOCALE;
}

/** The language to start in: the one chosen on this browser, else the browser's own. */
export function preferredLocale(): AppLocale {
  const stored = readItem(STORAGE_KEYS.language);
  if (isAppLocale(stored)) return stored;
  const asked =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return matchLocale(asked.filter(Boolean));
}

/** Puts `lang` and `dir` on <html>, which screen readers, fonts and the layout's mirroring read. */
export function applyLocaleToDocument(locale: string, doc: Document = document): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = directionOf(locale);
}

let latest = 0;

/**
 * Loads the language's catalog (none for English) and makes it the active one; the page's words
 * follow on the next render. A later call wins over an earlier one still loading.
 */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const call = ++latest;
  const messages = locale === SOURCE_LOCALE ? {} : await loadCatalog(locale);
  if (call !== latest) return;
  // The pseudo-locale formats numbers, dates and plurals as English does.
  i18n.loadAndActivate({ locale, locales: locale === PSEUDO_LOCALE ? ['en'] : [locale], messages });
  if (typeof document !== 'undefined') applyLocaleToDocument(locale);
}

/** The person chose a language: kept on this browser (and its cookie) and active from now on. */
export async function chooseLocale(locale: AppLocale): Promise<void> {
  writeItem(STORAGE_KEYS.language, locale);
  // The server answers the next pre-rendered page in it from the first byte.
  if (typeof document !== 'undefined') {
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
  await activateLocale(locale);
}

/** English until something else is chosen, so a message never finds no active locale. */
export function activateSourceLocale(): void {
  if (!i18n.locale) i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });
}
