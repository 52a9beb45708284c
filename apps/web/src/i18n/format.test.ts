import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLocale,
  firstDayFromRegion,
  firstDayOfWeek,
  formatCalendarDay,
  formatDate,
  formatDuration,
  formatFinishAt,
  formatLocale,
  formatMonth,
  formatNumber,
  formatPercent,
  formatTime,
  formatWeekday,
  regionalLocale,
} from './format';
import { formatMinutes } from './intl-base';

/*
 * Every expected string below was printed by Node 20.20 (ICU 78.2, CLDR 48), not written from
 * memory. Chromium 156 (Debian's, the e2e browser) printed the same for these formats, with two
 * differences that do not reach these functions: its Intl.Locale has getWeekInfo() instead of
 * the weekInfo getter, and it has Intl.DurationFormat (same text as the fallback below). A
 * browser with older ICU data may differ: Arabic-Indic digits for plain `ar` (pinned to Latin
 * here), a plain space instead of U+202F in French numbers, or a week start that CLDR changed.
 *
 * Invisible characters are written as escapes: U+00A0 no-break space, U+202F narrow no-break
 * space, U+200E left-to-right mark, U+200F right-to-left mark, U+061C Arabic letter mark,
 * U+2212 minus sign.
 */

const SEVEN = ['en', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar'] as const;

// 07:30 UTC on Sunday 22 Nov 2026: 16:30 that Sunday in Tokyo, 23:30 on Saturday the 21st in Los
// Angeles.
const INSTANT = Date.parse('2026-11-22T07:30:00Z');

describe('formatLocale', () => {
  it('formats English as en-GB, the pseudo-locale as Japanese and Arabic with Latin digits', () => {
    expect(formatLocale('en')).toBe('en-GB');
    expect(formatLocale('en-XA')).toBe('ja');
    expect(formatLocale('en-xa')).toBe('ja');
    expect(formatLocale('ar')).toBe('ar-u-nu-latn');
    expect(formatLocale('en-US')).toBe('en-US');
    expect(formatLocale('pt-br')).toBe('pt-BR');
    expect(formatLocale('ar-EG')).toBe('ar-EG');
  });

  it('falls back to English for a malformed tag or one Intl has no data for', () => {
    expect(formatLocale('')).toBe('en-GB');
    expect(formatLocale('not a locale')).toBe('en-GB');
    expect(formatLocale('xx')).toBe('en-GB');
  });
});

describe('currentLocale', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('is the lang of the document, else English', () => {
    expect(currentLocale()).toBe('en');
    document.documentElement.lang = 'de';
    expect(currentLocale()).toBe('de');
  });
});

describe('formatNumber', () => {
  it('uses each locale’s separators', () => {
    const written = Object.fromEntries(SEVEN.map((l) => [l, formatNumber(l, 1234.5)]));
    expect(written).toEqual({
      en: '1,234.5',
      es: '1234,5', // CLDR groups Spanish numbers only from five digits
      de: '1.234,5',
      fr: '1\u202F234,5',
      'pt-BR': '1.234,5',
      ja: '1,234.5',
      ar: '1,234.5',
    });
    expect(formatNumber('es', 1234567)).toBe('1.234.567');
    expect(formatNumber('fr', 1234567)).toBe('1\u202F234\u202F567');
  });

  it('writes Arabic with Latin digits, and a region’s Arabic-Indic digits when asked', () => {
    expect(formatNumber('ar', 1234567)).toBe('1,234,567');
    expect(formatNumber('ar-EG', 1234.5)).toBe('١٬٢٣٤٫٥');
  });

  it('passes the options on, and the pseudo-locale writes like English', () => {
    expect(formatNumber('en', 3.456, { maximumFractionDigits: 2 })).toBe('3.46');
    expect(formatNumber('de', 3.456, { maximumFractionDigits: 2 })).toBe('3,46');
    expect(formatNumber('en-XA', 1234.5)).toBe('1,234.5');
  });

  it('gives English a real minus sign and leaves other locales’ own', () => {
    expect(formatNumber('en', -5)).toBe('\u22125');
    expect(formatNumber('de', -5)).toBe('-5');
    expect(formatNumber('ar', -5)).toBe('\u200E-5');
  });
});

describe('formatPercent', () => {
  it('writes a ratio as each locale writes a percentage', () => {
    expect(formatPercent('en', 0.25)).toBe('25%');
    expect(formatPercent('de', 0.25)).toBe('25\u00A0%');
    expect(formatPercent('fr', 0.25)).toBe('25\u00A0%');
    expect(formatPercent('es', 0.25)).toBe('25\u00A0%');
    expect(formatPercent('ja', 0.25)).toBe('25%');
    expect(formatPercent('ar', 0.25)).toBe('25\u200E%\u200E');
    expect(formatPercent('ar-EG', 0.25)).toBe('٢٥٪\u061C');
  });

  it('signs a change', () => {
    const change = { signDisplay: 'exceptZero' } as const;
    expect(formatPercent('en', 0.67, change)).toBe('+67%');
    expect(formatPercent('en', -0.4, change)).toBe('\u221240%');
    expect(formatPercent('en', 0, change)).toBe('0%');
    expect(formatPercent('de', -0.4, change)).toBe('-40\u00A0%');
  });
});

describe('formatDuration', () => {
  it('writes hours and minutes in each of the seven locales', () => {
    const spans = [0, 25, 60, 95, 725];
    const written = Object.fromEntries(
      SEVEN.map((l) => [l, spans.map((minutes) => formatDuration(l, minutes))]),
    );
    expect(written).toEqual({
      en: ['0 min', '25 min', '1 h', '1 h 35 min', '12 h 5 min'],
      es: ['0 min', '25 min', '1 h', '1 h y 35 min', '12 h y 5 min'],
      de: ['0 Min.', '25 Min.', '1 Std.', '1 Std., 35 Min.', '12 Std., 5 Min.'],
      fr: [
        '0\u00A0min',
        '25\u00A0min',
        '1\u202Fh',
        '1\u202Fh et 35\u00A0min',
        '12\u202Fh et 5\u00A0min',
      ],
      'pt-BR': ['0 min', '25 min', '1 h', '1 h e 35 min', '12 h e 5 min'],
      ja: ['0 分', '25 分', '1 時間', '1 時間 35 分', '12 時間 5 分'],
      ar: ['0 د', '25 د', '1 س', '1 س و35 د', '12 س و5 د'],
    });
  });

  it('uses the narrow units when asked, except in English, which keeps "h" and "min"', () => {
    const narrow = { unitDisplay: 'narrow' } as const;
    expect(formatDuration('de', 95, narrow)).toBe('1h, 35 Min.');
    expect(formatDuration('ja', 95, narrow)).toBe('1h35m');
    expect(formatDuration('es', 95, narrow)).toBe('1h 35min');
    expect(formatDuration('en', 95, narrow)).toBe('1 h 35 min');
    expect(formatDuration('en-US', 95)).toBe('1 h 35 min');
    expect(formatDuration('en-XA', 95)).toBe(formatDuration('ja', 95));
  });

  it('rounds minutes to the nearest and milliseconds up, never below zero', () => {
    expect(formatDuration('en', 24.4)).toBe('24 min');
    expect(formatDuration('en', 24 * 60_000 + 1, { unit: 'millisecond' })).toBe('25 min');
    expect(formatDuration('en', 95 * 60_000, { unit: 'millisecond' })).toBe('1 h 35 min');
    expect(formatDuration('en', -10)).toBe('0 min');
    expect(formatDuration('de', Number.NaN)).toBe('0 Min.');
  });

  it('keeps a span in minutes, or large totals in whole hours, when asked', () => {
    expect(formatDuration('en', 75, { largestUnit: 'minute' })).toBe('75 min');
    expect(formatDuration('de', 75, { largestUnit: 'minute' })).toBe('75 Min.');
    expect(formatDuration('en', 123_456, { hoursOnlyFrom: 100 })).toBe('2,057 h');
    expect(formatDuration('de', 123_456, { hoursOnlyFrom: 100 })).toBe('2.057 Std.');
    expect(formatDuration('en', 185, { hoursOnlyFrom: 100 })).toBe('3 h 5 min');
  });

  it('writes whole minutes alone as a minutes-only span does, in every language', () => {
    for (const locale of [...SEVEN, 'en-XA', 'en-US']) {
      for (const minutes of [0, 1, 2, 25, 90, 180]) {
        expect(formatMinutes(locale, minutes), `${locale} ${minutes}`).toBe(
          formatDuration(locale, minutes, { largestUnit: 'minute' }),
        );
      }
    }
    expect(formatMinutes('en', 25)).toBe('25 min');
    expect(formatMinutes('de', 25)).toBe('25 Min.');
    expect(formatMinutes('en', 1_500)).toBe('1,500 min');
    expect(formatMinutes('en', -3)).toBe('0 min');
  });

  it('hands the hours and minutes to Intl.DurationFormat where the engine has one', () => {
    const calls: { locale: string; style: string; duration: object }[] = [];
    class FakeDurationFormat {
      constructor(
        private readonly locale: string,
        private readonly options: { style: string },
      ) {}
      format(duration: object): string {
        calls.push({ locale: this.locale, style: this.options.style, duration });
        return 'from DurationFormat';
      }
    }
    Object.defineProperty(Intl, 'DurationFormat', {
      value: FakeDurationFormat,
      configurable: true,
    });
    try {
      expect(formatDuration('de', 95)).toBe('from DurationFormat');
      expect(formatDuration('ja', 120, { unitDisplay: 'narrow' })).toBe('from DurationFormat');
      // A zero span (DurationFormat writes "") and English (house style) do not use it.
      expect(formatDuration('de', 0)).toBe('0 Min.');
      expect(formatDuration('en', 95)).toBe('1 h 35 min');
    } finally {
      Reflect.deleteProperty(Intl, 'DurationFormat');
    }
    expect(calls).toEqual([
      { locale: 'de', style: 'short', duration: { hours: 1, minutes: 35 } },
      { locale: 'ja', style: 'narrow', duration: { hours: 2 } },
    ]);
  });
});

describe('formatDate', () => {
  it('writes a calendar day in each locale, the English weekday without a comma', () => {
    const written = Object.fromEntries(
      SEVEN.map((l) => [l, formatCalendarDay(l, '2026-11-16', 'weekdayDate')]),
    );
    expect(written).toEqual({
      en: 'Mon 16 Nov 2026',
      es: 'lun, 16 nov 2026',
      de: 'Mo., 16. Nov. 2026',
      fr: 'lun. 16 nov. 2026',
      'pt-BR': 'seg., 16 de nov. de 2026',
      ja: '2026年11月16日(月)',
      ar: 'الاثنين، 16 نوفمبر 2026',
    });
    expect(formatCalendarDay('en-US', '2026-11-16', 'weekdayDate')).toBe('Mon Nov 16, 2026');
    expect(formatCalendarDay('en', '2026-11-16', 'dayMonth')).toBe('16 Nov');
    expect(formatCalendarDay('de', '2026-11-16', 'dayMonth')).toBe('16. Nov.');
    expect(formatCalendarDay('en', '2026-11-16', 'weekdayDay')).toBe('Mon 16');
    expect(formatCalendarDay('es', '2026-11-16', 'monthYear')).toBe('noviembre de 2026');
    expect(formatCalendarDay('ja', '2026-11-16', 'monthYear')).toBe('2026年11月');
  });

  it('keeps a calendar day whatever the zone, and returns an unreadable one as it came', () => {
    expect(formatCalendarDay('en', '2026-03-29', 'weekdayDate')).toBe('Sun 29 Mar 2026');
    expect(formatCalendarDay('en', 'soon', 'weekdayDate')).toBe('soon');
  });

  it('shows an instant on its day in the given zone, across midnight', () => {
    expect(formatDate('en', INSTANT, 'weekdayDate', 'Asia/Tokyo')).toBe('Sun 22 Nov 2026');
    expect(formatDate('en', INSTANT, 'weekdayDate', 'America/Los_Angeles')).toBe('Sat 21 Nov 2026');
    expect(formatDate('ja', INSTANT, 'weekdayDate', 'Asia/Tokyo')).toBe('2026年11月22日(日)');
    expect(formatDate('ja', INSTANT, 'weekdayDate', 'America/Los_Angeles')).toBe(
      '2026年11月21日(土)',
    );
    expect(formatDate('de', INSTANT, 'weekdayDate', 'America/Los_Angeles')).toBe(
      'Sa., 21. Nov. 2026',
    );
    expect(formatDate('ar', INSTANT, 'weekdayDate', 'America/Los_Angeles')).toBe(
      'السبت، 21 نوفمبر 2026',
    );
  });

  it('writes a medium date and time as each locale does', () => {
    expect(formatDate('en', INSTANT, 'dateTime', 'UTC')).toBe('22 Nov 2026, 07:30');
    expect(formatDate('en-US', INSTANT, 'dateTime', 'UTC')).toBe('Nov 22, 2026, 7:30 AM');
    expect(formatDate('de', INSTANT, 'dateTime', 'UTC')).toBe('22.11.2026, 07:30');
    expect(formatDate('ja', INSTANT, 'dateTime', 'UTC')).toBe('2026/11/22 7:30');
    expect(formatDate('pt-BR', INSTANT, 'medium', 'UTC')).toBe('22 de nov. de 2026');
    expect(formatDate('ar', INSTANT, 'medium', 'UTC')).toBe('22\u200F/11\u200F/2026');
  });
});

describe('formatTime', () => {
  it('uses the locale’s clock, in the given zone', () => {
    const at = (locale: string, zone: string) => formatTime(locale, INSTANT, zone);
    expect([at('en', 'Asia/Tokyo'), at('en', 'America/Los_Angeles')]).toEqual(['16:30', '23:30']);
    expect([at('en-US', 'Asia/Tokyo'), at('en-US', 'America/Los_Angeles')]).toEqual([
      '4:30 PM',
      '11:30 PM',
    ]);
    expect([at('ja', 'Asia/Tokyo'), at('ja', 'America/Los_Angeles')]).toEqual(['16:30', '23:30']);
    expect([at('ar', 'Asia/Tokyo'), at('ar', 'America/Los_Angeles')]).toEqual([
      '4:30 م',
      '11:30 م',
    ]);
    expect(at('en', 'UTC')).toBe('07:30');
    expect(at('es', 'UTC')).toBe('7:30');
    expect(at('fr', 'UTC')).toBe('07:30');
  });
});

describe('formatWeekday and formatMonth', () => {
  it('name a Monday-first weekday index and a month index in the locale', () => {
    expect([0, 5, 6].map((d) => formatWeekday('en', d))).toEqual(['Mon', 'Sat', 'Sun']);
    expect(formatWeekday('en', 6, 'long')).toBe('Sunday');
    expect(formatWeekday('de', 0)).toBe('Mo');
    expect(formatWeekday('fr', 5, 'long')).toBe('samedi');
    expect(formatWeekday('ja', 6)).toBe('日');
    expect(formatWeekday('ar', 5)).toBe('السبت');
    expect(formatMonth('en', 10)).toBe('Nov');
    expect(formatMonth('pt-BR', 4, 'long')).toBe('maio');
    expect(formatMonth('ja', 4)).toBe('5月');
  });
});

describe('formatFinishAt', () => {
  it('shows the clock time in the locale and zone on the same day', () => {
    const now = Date.parse('2026-11-23T09:00:00Z');
    const at = Date.parse('2026-11-23T13:05:00Z');
    expect(formatFinishAt('en', at, now, 'UTC')).toBe('13:05');
    expect(formatFinishAt('en-US', at, now, 'UTC')).toBe('1:05 PM');
    expect(formatFinishAt('en', at, now, 'Europe/Berlin')).toBe('14:05');
    expect(formatFinishAt('ar', at, now, 'UTC')).toBe('1:05 م');
  });

  it('adds the weekday when the time falls on the next day in the zone', () => {
    // 21:00 in Los Angeles now; done at 00:10 there, the next day. In UTC and in Tokyo both
    // instants are on the same day, so no weekday.
    const now = Date.parse('2026-11-24T05:00:00Z');
    const at = Date.parse('2026-11-24T08:10:00Z');
    const la = 'America/Los_Angeles';
    expect(formatFinishAt('en', at, now, la)).toBe('Tue 00:10');
    // format() writes a plain space before PM where ICU has U+202F; the English path matches it.
    expect(formatFinishAt('en-US', at, now, la)).toBe('Tue 12:10 AM');
    expect(formatFinishAt('de', at, now, la)).toBe('Di., 00:10');
    expect(formatFinishAt('ja', at, now, la)).toBe('0:10 (火)');
    expect(formatFinishAt('ar', at, now, la)).toBe('الثلاثاء 12:10 ص');
    expect(formatFinishAt('en', at, now, 'UTC')).toBe('08:10');
    expect(formatFinishAt('en', at, now, 'Asia/Tokyo')).toBe('17:10');
    expect(formatFinishAt('ja', at, now, 'Asia/Tokyo')).toBe('17:10');
  });
});

describe('firstDayOfWeek', () => {
  it('is the locale’s first day, 0 = Monday … 6 = Sunday', () => {
    const locales = ['en', 'en-GB', 'en-US', 'en-XA', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar'];
    expect(Object.fromEntries(locales.map((l) => [l, firstDayOfWeek(l)]))).toEqual({
      en: 0, // the app's English is en-GB
      'en-GB': 0,
      'en-US': 6,
      'en-XA': 6,
      es: 0,
      de: 0,
      fr: 0,
      'pt-BR': 6,
      ja: 6,
      ar: 5, // plain `ar` is likely Egypt's: Saturday
    });
    expect(firstDayOfWeek('ar-EG')).toBe(5);
    expect(firstDayOfWeek('ar-SA')).toBe(6); // CLDR 48: Saudi weeks start on Sunday
    expect(firstDayOfWeek('es-MX')).toBe(6);
  });

  it('has a fallback table that agrees with Intl.Locale’s week data for every region', () => {
    // Node 20's Intl.Locale has the `weekInfo` getter; Chromium has getWeekInfo() instead, and a
    // browser with neither uses the table. A new CLDR that moves a week start fails here.
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const disagreements: string[] = [];
    for (const a of letters) {
      for (const b of letters) {
        const tag = `und-${a}${b}`;
        const info = (new Intl.Locale(tag) as Intl.Locale & { weekInfo?: { firstDay: number } })
          .weekInfo;
        if (!info) throw new Error('this Node has no Intl.Locale weekInfo');
        if (firstDayFromRegion(tag) !== info.firstDay - 1) disagreements.push(`${a}${b}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(
      ['en', 'en-GB', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar'].map((l) => firstDayFromRegion(l)),
    ).toEqual([6, 0, 0, 0, 0, 6, 6, 5]);
  });
});

describe('the cache of Intl objects', () => {
  it('builds one formatter per locale and options, not one per call', () => {
    const Original = Intl.NumberFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        built += 1;
      }
    }
    Object.defineProperty(Intl, 'NumberFormat', { value: Counting });
    try {
      const options = { minimumFractionDigits: 3 };
      expect(formatNumber('de', 1, options)).toBe('1,000');
      expect(formatNumber('de', 2, options)).toBe('2,000');
      expect(formatNumber('de', 3, { minimumFractionDigits: 3 })).toBe('3,000');
      expect(formatNumber('fr', 3, { minimumFractionDigits: 3 })).toBe('3,000');
    } finally {
      Object.defineProperty(Intl, 'NumberFormat', { value: Original });
    }
    expect(built).toBe(2);
  });
});

describe('regionalLocale', () => {
  it("takes the browser's region for the app's language", () => {
    expect(regionalLocale('en', ['en-US', 'en'])).toBe('en-US');
    expect(regionalLocale('de', ['fr-FR', 'de-AT'])).toBe('de-AT');
  });
  it("keeps the app's language when the browser does not speak it, or names a region itself", () => {
    expect(regionalLocale('es', ['en-US'])).toBe('es');
    expect(regionalLocale('pt-BR', ['pt-PT'])).toBe('pt-BR');
    expect(regionalLocale('en', [])).toBe('en');
  });
});
