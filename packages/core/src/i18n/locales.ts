/**
 * The languages Focusroom speaks: the web app's catalogs, the settings the server stores, the
 * language of the mails it sends. `en` is the source language: every message is written in it,
 * in the code where it is used.
 */
export const LOCALES = ['en', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = 'en';

/**
 * The test-only pseudo-locale: English accented and about 40% longer, each message in brackets,
 * so a screenshot shows what does not fit and a scan finds any word left untranslated.
 */
export const PSEUDO_LOCALE = 'en-XA';

/**
 * The locales whose Intl number format writes a whole number from 0 to 999 as its plain ASCII
 * digits ("25"), so a count in a message needs no Intl.NumberFormat (docs/decisions/079);
 * locales.test.ts checks each against Intl. Arabic is left out: browsers differ on its digits.
 */
export const PLAIN_COUNT_LOCALES: readonly string[] = [
  'en',
  'es',
  'de',
  'fr',
  'pt-BR',
  'ja',
  PSEUDO_LOCALE,
];

/** The largest count every locale in PLAIN_COUNT_LOCALES writes without a group separator. */
export const PLAIN_COUNT_MAX = 999;

/** Every locale the web app can switch to; the pseudo-locale only where tests ask for it. */
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language's own name for itself (a language menu shows it so its speakers find it). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

/** The writing direction of a locale, for `<html dir>`. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/**
 * The cookie the web app sets when a language is chosen, so the server answers a pre-rendered
 * page in it from the first byte (the browser's Accept-Language otherwise).
 */
export const LANGUAGE_COOKIE = 'focusroom_language';

/** The answer to a language the app does not have (PUT /api/users/me). */
export const LANGUAGE_INVALID_MESSAGE = `Language must be one of: ${LOCALES.join(', ')}`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The supported locale closest to what a browser or an Accept-Language header asks for, in the
 * order asked: an exact match ("pt-BR"), then the language alone ("de-AT" -> de, "pt-PT" ->
 * pt-BR, the only Portuguese we have), else English.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const wanted = tag.trim().toLowerCase();
    if (!wanted) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
    if (exact) return exact;
    const language = wanted.split('-')[0];
    const sameLanguage = LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return SOURCE_LOCALE;
}

/** The tags of an Accept-Language header, most wanted first (q=0 left out). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0 && Number.isFinite(t.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}
