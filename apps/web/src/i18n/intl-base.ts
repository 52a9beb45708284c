/**
 * The part of i18n/format.ts that a page's first load carries: how a catalog locale maps to the
 * tag Intl is given, one Intl object per tag and options, numbers with English's minus sign, and
 * whole minutes. A module of its own because a bundler moves a module whole: the timer's minutes
 * (issue 35) on the first screen must not bring every date and chart format with them. The
 * choices are described at the top of i18n/format.ts.
 */

/** Catalog locales that format as another tag (keys lower case; see i18n/format.ts). */
const FORMAT_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-GB',
  // The pseudo-locale formats as Japanese: a test scanning its pages for English then also
  // catches a number, date or duration written by hand instead of through Intl.
  'en-xa': 'ja',
  'en-xb': 'en-GB',
  ar: 'ar-u-nu-latn',
};
const ENGLISH_FALLBACK = 'en-GB';

const resolvedTags = new Map<string, string>();

/**
 * The BCP 47 tag Intl is given for a locale: canonical, with the mappings of FORMAT_LOCALES; a
 * malformed tag, or one Intl has no data for, becomes English.
 */
export function formatLocale(locale: string): string {
  let tag = resolvedTags.get(locale);
  if (tag === undefined) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(locale)[0];
    } catch {
      canonical = undefined;
    }
    if (!canonical) tag = ENGLISH_FALLBACK;
    else if (FORMAT_LOCALES[canonical.toLowerCase()])
      tag = FORMAT_LOCALES[canonical.toLowerCase()]!;
    else if (Intl.NumberFormat.supportedLocalesOf(canonical).length === 0) tag = ENGLISH_FALLBACK;
    else tag = canonical;
    resolvedTags.set(locale, tag);
  }
  return tag;
}

export function isEnglish(tag: string): boolean {
  return tag === 'en' || tag.startsWith('en-');
}

const intlObjects = new Map<string, unknown>();

/** One Intl object per kind, tag and options, built on first use. */
export function cached<T>(
  kind: string,
  tag: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}\u0000${tag}\u0000${JSON.stringify(options ?? {})}`;
  let value = intlObjects.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    intlObjects.set(key, value);
  }
  return value;
}

export function numberFormat(tag: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', tag, options, () => new Intl.NumberFormat(tag, options));
}

export function dateTimeFormat(
  tag: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached('date', tag, options, () => new Intl.DateTimeFormat(tag, options));
}

/** English writes a negative number with a real minus sign ("−40%"), as the app always has. */
export function formatNumberIn(
  tag: string,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  const format = numberFormat(tag, options);
  if (!isEnglish(tag) || !(value < 0)) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? '\u2212' : part.value))
    .join('');
}

/** English's units (house style; see the notes at the top of i18n/format.ts). */
export const ENGLISH_UNITS = { hours: 'h', minutes: 'min' } as const;

/**
 * Whole minutes alone, in minutes even past the hour: en "25 min", "90 min", de "25 Min.", ja
 * "25 分". The same text as formatDuration with `largestUnit: 'minute'` (a single unit is written
 * by Intl.NumberFormat in both), without what only longer spans need, so a page's first load can
 * carry it (the timer's minutes display, issue 35).
 */
export function formatMinutes(locale: string, minutes: number): string {
  const tag = formatLocale(locale);
  const whole = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (isEnglish(tag)) return `${formatNumberIn(tag, whole)} ${ENGLISH_UNITS.minutes}`;
  return numberFormat(tag, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(whole);
}
