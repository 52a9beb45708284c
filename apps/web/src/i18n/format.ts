/**
 * Numbers, dates, times and durations in a chosen locale, through Intl. Every function takes the
 * locale first and depends on nothing else (the instant, the zone and the options are arguments),
 * so the same call gives the same text in Node's tests and in the browser. Intl objects are slow
 * to build, so each is made once per locale and options and kept (`cached`).
 *
 * The choices made here, in one place:
 *
 * - **English is British-styled.** The app's English has always been written the en-GB way
 *   ("Mon 16 Nov 2026", "09:30", weeks from Monday), so the catalog locale `en` formats as `en-GB`
 *   (FORMAT_LOCALES). An explicit regional tag (`en-US`) keeps its own CLDR forms.
 * - **The pseudo-locale** (`en-XA`, and `en-XB`) formats like `en`, so a test in the pseudo-locale
 *   shows the same numbers and dates as English. A tag Intl has no data for formats as English
 *   too, rather than as whatever the host's default locale is.
 * - **English house style** (ENGLISH, any `en-*`): durations say "h" and "min" ("1 h 35 min"; CLDR
 *   English has only "1 hr, 35 mins" or "1h 35m"), a weekday is followed by a space, not a comma
 *   ("Mon 16 Nov 2026"), and a negative number has a real minus sign (U+2212). Every other locale
 *   is CLDR's own, untouched.
 * - **Arabic digits.** Node 20 (ICU 78.2, CLDR 48) and Chromium 156 both format plain `ar` with
 *   Latin digits ("1,234.5", numberingSystem "latn"), while `ar-EG` and `ar-SA` use Arabic-Indic
 *   digits ("١٬٢٣٤٫٥"). Older CLDR data gave `ar` Arabic-Indic digits, so `ar` is pinned to
 *   `ar-u-nu-latn`: the same digits in every browser. A regional tag keeps its region's digits.
 * - **The first day of the week** comes from Intl.Locale's week information (`getWeekInfo()` in
 *   Chromium, the `weekInfo` getter in Node 20), else from CLDR's table of regions
 *   (firstDayFromRegion). Days are numbered as core's WEEKDAYS: 0 = Monday … 6 = Sunday.
 *   `en` (as en-GB) starts on Monday, en-US, pt-BR and ja on Sunday, plain `ar` (likely region EG)
 *   on Saturday; `ar-SA` starts on Sunday in CLDR 48 (not Saturday).
 */
import { localDate, type IsoDate } from '@focusroom/core';
import { browserTimeZone } from '../lib/time-zone';
import {
  ENGLISH_UNITS,
  cached,
  dateTimeFormat,
  formatLocale,
  formatNumberIn,
  isEnglish,
  numberFormat,
} from './intl-base';

export { formatLocale };

/** The catalog locale used when none is chosen. */
export const DEFAULT_LOCALE = 'en';

/**
 * The locale the page is shown in. A stub until the i18n runtime owns the choice: it reads the
 * `lang` of the document (index.html says `en`), and `en` outside a browser.
 */
export function currentLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || DEFAULT_LOCALE;
}

/**
 * The app's language in the browser's own region when the browser speaks that language: the
 * clock of "finish at" is the reader's (product §4), so English in an en-US browser reads
 * "3:30 PM" and German in a de-AT browser formats as de-AT; any other pairing keeps the app's
 * language as it is.
 */
export function regionalLocale(
  locale: string,
  browserLanguages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): string {
  const language = locale.split('-')[0]!.toLowerCase();
  if (locale.includes('-') && language !== 'en') return locale;
  const regional = browserLanguages.find(
    (tag) => tag.includes('-') && tag.split('-')[0]!.toLowerCase() === language,
  );
  return regional ?? locale;
}

/** A number in the locale's digits and separators: de "1.234,5", fr "1 234,5" (U+202F). */
export function formatNumber(
  locale: string,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  return formatNumberIn(formatLocale(locale), value, options);
}

/** A ratio as a percentage (0.25 -> "25%", de "25 %"); pass signDisplay for a change. */
export function formatPercent(
  locale: string,
  ratio: number,
  options?: Intl.NumberFormatOptions,
): string {
  return formatNumberIn(formatLocale(locale), ratio, { ...options, style: 'percent' });
}

/** The named date formats the app uses; the examples are `en` (en-GB). */
const DATE_STYLES = {
  /** "Mon 16 Nov 2026" (de "Mo., 16. Nov. 2026", ja "2026年11月16日(月)"). */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "16 Nov" (en-US "Nov 16"). */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "Mon 16", a day on a week's chart. */
  weekdayDay: { weekday: 'short', day: 'numeric' },
  /** "November 2026". */
  monthYear: { month: 'long', year: 'numeric' },
  /** "16 Nov 2026", the locale's medium date. */
  medium: { dateStyle: 'medium' },
  /** "22 Nov 2026, 07:30", the locale's medium date and short time. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

function formatDateIn(
  tag: string,
  at: Date | number,
  style: DateStyle | Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): string {
  const base: Intl.DateTimeFormatOptions = typeof style === 'string' ? DATE_STYLES[style] : style;
  const options = timeZone ? { ...base, timeZone } : base;
  const format = dateTimeFormat(tag, options);
  if (!isEnglish(tag) || !options.weekday) return format.format(at);
  // English house style: "Mon 16 Nov 2026", not CLDR's "Mon, 16 Nov 2026". V8's format() writes
  // a plain space where ICU puts U+202F before "AM"/"PM"; its formatToParts() does not, so the
  // same is done here to keep "Tue 1:30 AM" as format() writes it.
  const parts = format.formatToParts(at);
  return parts
    .map((part, i) =>
      part.type === 'literal' && part.value === ', ' && parts[i - 1]?.type === 'weekday'
        ? ' '
        : part.value.replaceAll('\u202F', ' '),
    )
    .join('');
}

/**
 * An instant as a date (or date and time) in a named style or Intl options, in `timeZone` (the
 * browser's when absent). Throws RangeError on an invalid date, as Intl does.
 */
export function formatDate(
  locale: string,
  at: Date | number,
  style: DateStyle | Intl.DateTimeFormatOptions,
  timeZone?: string,
): string {
  return formatDateIn(formatLocale(locale), at, style, timeZone);
}

/**
 * A calendar day ('YYYY-MM-DD', already a local day) as itself, whatever the zone: it is read as
 * UTC midnight and formatted in UTC. An unreadable day is returned as it came.
 */
export function formatCalendarDay(
  locale: string,
  day: IsoDate,
  style: DateStyle | Intl.DateTimeFormatOptions,
): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : formatDate(locale, ms, style, 'UTC');
}

/**
 * The clock time of an instant, in the locale's own clock (its short time style): en "09:30",
 * en-US "9:30 AM", ar "9:30 ص", ja "9:30".
 */
export function formatTime(locale: string, at: Date | number, timeZone?: string): string {
  return formatDate(locale, at, { timeStyle: 'short' }, timeZone);
}

/** 2024-01-01 was a Monday: the reference week for weekday names. */
const REFERENCE_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** A weekday's name; `weekday` is core's Monday-first index (0 = Monday … 6 = Sunday). */
export function formatWeekday(
  locale: string,
  weekday: number,
  width: 'short' | 'long' | 'narrow' = 'short',
): string {
  const index = ((Math.trunc(weekday) % 7) + 7) % 7;
  return formatDate(locale, REFERENCE_MONDAY + index * DAY_MS, { weekday: width }, 'UTC');
}

/** A month's name; `month` is 0 = January … 11 = December. */
export function formatMonth(
  locale: string,
  month: number,
  width: 'short' | 'long' | 'narrow' = 'short',
): string {
  const index = ((Math.trunc(month) % 12) + 12) % 12;
  return formatDate(locale, Date.UTC(2024, index, 1), { month: width }, 'UTC');
}

export interface DurationOptions {
  /**
   * What `amount` counts. Minutes (the default) round to the nearest whole minute; milliseconds
   * round up, so a countdown never shows less than is left.
   */
  unit?: 'minute' | 'millisecond';
  /** CLDR's unit width: "2 Std." or "2h" in German. English ignores it (house style). */
  unitDisplay?: 'short' | 'narrow';
  /** 'minute' writes the whole span in minutes ("75 min"), for a chart's minute axis. */
  largestUnit?: 'hour' | 'minute';
  /** From this many hours on, whole hours only ("2,057 h"), for large totals. */
  hoursOnlyFrom?: number;
}

interface DurationRecord {
  hours?: number;
  minutes?: number;
}

interface DurationFormatLike {
  format(duration: DurationRecord): string;
}

type DurationFormatConstructor = new (
  locale: string,
  options: { style: 'short' | 'narrow' },
) => DurationFormatLike;

/** Intl.DurationFormat where the engine has it (Chromium 129 on; Node 20 has not). */
function durationFormatConstructor(): DurationFormatConstructor | undefined {
  const candidate = (Intl as { DurationFormat?: unknown }).DurationFormat;
  return typeof candidate === 'function' ? (candidate as DurationFormatConstructor) : undefined;
}

/**
 * A span of time in hours and minutes, as the locale writes it: en "1 h 35 min", es "1 h y 35 min",
 * de "1 Std., 35 Min.", fr "1 h et 35 min", pt-BR "1 h e 35 min", ja "1 時間 35 分",
 * ar "1 س و35 د". A zero unit is left out; a zero span is "0 min".
 *
 * Intl.DurationFormat writes it where the engine has one. Elsewhere (Node 20, older browsers) the
 * same is built the way ECMA-402 specifies DurationFormat: each unit by Intl.NumberFormat in unit
 * style at the same width, joined by Intl.ListFormat of type "unit" at that width. Chromium 156's
 * DurationFormat and this fallback gave the same text for all seven locales at both widths.
 */
export function formatDuration(
  locale: string,
  amount: number,
  options: DurationOptions = {},
): string {
  const tag = formatLocale(locale);
  const width = options.unitDisplay ?? 'short';
  const whole = Number.isFinite(amount)
    ? options.unit === 'millisecond'
      ? Math.ceil(amount / 60_000)
      : Math.round(amount)
    : 0;
  const total = Math.max(0, whole);
  const record: DurationRecord = {};
  if (options.largestUnit === 'minute') {
    record.minutes = total;
  } else {
    const hours = Math.floor(total / 60);
    const minutes = total % 60;
    if (hours > 0) record.hours = hours;
    if (minutes > 0 && !(options.hoursOnlyFrom !== undefined && hours >= options.hoursOnlyFrom)) {
      record.minutes = minutes;
    }
    if (hours === 0 && minutes === 0) record.minutes = 0;
  }

  if (isEnglish(tag)) {
    const parts = (['hours', 'minutes'] as const)
      .filter((unit) => record[unit] !== undefined)
      .map((unit) => `${formatNumberIn(tag, record[unit]!)} ${ENGLISH_UNITS[unit]}`);
    return listFormat(tag, 'narrow').format(parts);
  }

  const DurationFormat = durationFormatConstructor();
  // DurationFormat leaves a zero duration empty (""), so "0 min" is always written by hand.
  if (DurationFormat && total > 0) {
    return cached(
      'duration',
      tag,
      { width },
      () => new DurationFormat(tag, { style: width }),
    ).format(record);
  }
  const parts = (['hours', 'minutes'] as const)
    .filter((unit) => record[unit] !== undefined)
    .map((unit) =>
      numberFormat(tag, {
        style: 'unit',
        unit: unit === 'hours' ? 'hour' : 'minute',
        unitDisplay: width,
      }).format(record[unit]!),
    );
  return listFormat(tag, width).format(parts);
}

function listFormat(tag: string, width: 'short' | 'narrow'): Intl.ListFormat {
  return cached(
    'list',
    tag,
    { width },
    () => new Intl.ListFormat(tag, { type: 'unit', style: width }),
  );
}

/** "a, b and c" in the locale's words and punctuation (Intl.ListFormat, a conjunction). */
export function formatList(locale: string, parts: readonly string[]): string {
  const tag = formatLocale(locale);
  return cached(
    'and-list',
    tag,
    undefined,
    () => new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' }),
  ).format(parts);
}

/**
 * The "finish at" time of the remaining estimate (product §4 "To-do estimates"): the clock time
 * in the locale's clock ("15:30", en-US "3:30 PM"), with the weekday when it falls on another
 * calendar day than `now` in `timeZone` (the browser's when absent), so "Tue 09:10" is never read
 * as this morning. The days are compared as 'YYYY-MM-DD' dates in the zone, never as formatted
 * text, which differs by locale.
 */
export function formatFinishAt(locale: string, at: number, now: number, timeZone?: string): string {
  const zone = timeZone ?? browserTimeZone();
  if (localDate(at, zone) === localDate(now, zone)) return formatTime(locale, at, timeZone);
  return formatDate(locale, at, { weekday: 'short', hour: 'numeric', minute: '2-digit' }, timeZone);
}

/** The weeks of CLDR 48's regions that do not start on Monday (ISO 3166 codes). */
const SUNDAY_FIRST = new Set(
  (
    'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN IS JM JP KE KH KR LA MH MM MO ' +
    'MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'
  ).split(' '),
);
const SATURDAY_FIRST = new Set('AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));
const FRIDAY_FIRST = new Set(['MV']);

/**
 * The first day of the week in a region by CLDR 48's weekData, for engines without Intl.Locale's
 * week information (0 = Monday … 6 = Sunday; a region not listed starts on Monday, CLDR's "001").
 * The region is the tag's own or its likely one (`ar` -> EG, `ja` -> JP, `en` -> US).
 */
export function firstDayFromRegion(locale: string): number {
  let region: string | undefined;
  try {
    const intlLocale = new Intl.Locale(locale);
    region = intlLocale.region ?? intlLocale.maximize().region;
  } catch {
    region = undefined;
  }
  if (!region) return 0;
  if (SUNDAY_FIRST.has(region)) return 6;
  if (SATURDAY_FIRST.has(region)) return 5;
  if (FRIDAY_FIRST.has(region)) return 4;
  return 0;
}

interface WeekInfo {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  firstDay: number;
}

type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The weekday a week starts on in a locale, as core numbers weekdays (0 = Monday … 6 = Sunday):
 * Intl.Locale's week information where the engine has it (`getWeekInfo()` in Chromium, the
 * `weekInfo` getter in Node 20), else CLDR's table (firstDayFromRegion). A calendar of the
 * locale starts its weeks on this day (core's startOfWeek).
 */
export function firstDayOfWeek(locale: string): number {
  const tag = formatLocale(locale);
  return cached('week', tag, undefined, () => {
    let info: WeekInfo | undefined;
    try {
      const intlLocale = new Intl.Locale(tag) as LocaleWithWeekInfo;
      info =
        typeof intlLocale.getWeekInfo === 'function'
          ? intlLocale.getWeekInfo()
          : intlLocale.weekInfo;
    } catch {
      info = undefined;
    }
    const iso = info?.firstDay;
    return typeof iso === 'number' && iso >= 1 && iso <= 7 ? iso - 1 : firstDayFromRegion(tag);
  });
}
