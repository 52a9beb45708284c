import { describe, expect, it } from 'vitest';
import {
  directionOf,
  isLocale,
  matchLocale,
  parseAcceptLanguage,
  PLAIN_COUNT_LOCALES,
  PLAIN_COUNT_MAX,
} from './locales.js';

describe('matchLocale', () => {
  it('takes an exact match first, in the order asked', () => {
    expect(matchLocale(['pt-BR', 'en'])).toBe('pt-BR');
    expect(matchLocale(['ja', 'de'])).toBe('ja');
  });
  it('falls back to the language alone, case-insensitively', () => {
    expect(matchLocale(['de-AT'])).toBe('de');
    expect(matchLocale(['PT-pt'])).toBe('pt-BR');
    expect(matchLocale(['ar-EG'])).toBe('ar');
    expect(matchLocale(['fr-CA', 'es'])).toBe('fr');
  });
  it('skips what it does not speak and ends in English', () => {
    expect(matchLocale(['ko', 'es-MX'])).toBe('es');
    expect(matchLocale(['ko', 'zh-TW'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(['', ' '])).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by q, then by position, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, ja;q=0.9, *;q=0.1, es;q=0')).toEqual([
      'de-DE',
      'ja',
      'fr',
    ]);
  });
  it('reads an absent or malformed header as nothing asked', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(';;,')).toEqual([]);
    expect(matchLocale(parseAcceptLanguage('xx;q=abc'))).toBe('en');
  });
});

describe('directionOf and isLocale', () => {
  it('knows Arabic is written right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en-XA')).toBe('ltr');
    expect(directionOf('ja')).toBe('ltr');
  });
  it('accepts only the supported codes', () => {
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale(42)).toBe(false);
  });
});

describe('PLAIN_COUNT_LOCALES', () => {
  it.each(PLAIN_COUNT_LOCALES)('%s writes every count up to the limit as Intl does', (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (let count = 0; count <= PLAIN_COUNT_MAX; count++) {
      expect(String(count)).toBe(intl.format(count));
    }
  });
  it('stops where a language would group the digits', () => {
    expect(new Intl.NumberFormat('en').format(PLAIN_COUNT_MAX + 1)).not.toBe(
      String(PLAIN_COUNT_MAX + 1),
    );
  });
});
