import {
  API_ERROR_PARAM_CODES,
  API_ERROR_TEXTS,
  LOCALES,
  SOURCE_LOCALE,
  retryAnswer,
} from '@focusroom/core';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiErrorWords } from './api-error-text';
import { API_ERROR_WORDS } from './api-error-words';
import { activateLocale } from './runtime';

afterAll(async () => {
  await activateLocale('en');
});

describe('API_ERROR_WORDS (decision 075)', () => {
  it("says every code in core's English (npm run i18n:api-errors writes it)", () => {
    expect(Object.keys(API_ERROR_WORDS).sort()).toEqual(
      [...Object.keys(API_ERROR_TEXTS), ...API_ERROR_PARAM_CODES].sort(),
    );
    for (const [code, text] of Object.entries(API_ERROR_TEXTS)) {
      expect({
        code,
        english: i18n._(API_ERROR_WORDS[code as keyof typeof API_ERROR_TEXTS]),
      }).toEqual({ code, english: text });
    }
  });

  it.each([1, 2, 30, 59, 60, 120, 900])("says the 429's sentence for %i s with its count", (s) => {
    const { message, code, params } = retryAnswer(s);
    const words: MessageDescriptor = { ...API_ERROR_WORDS[code], values: params };
    expect(i18n._(words)).toBe(message);
  });

  // A message the catalog lacks is compiled with its English: a code whose words come out in
  // English in another language has no translation there.
  it.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
    'has every code the server can send translated in %s',
    async (locale) => {
      const say = (words: MessageDescriptor) =>
        i18n._({ ...words, values: { count: 2 } } as MessageDescriptor);
      await activateLocale(SOURCE_LOCALE);
      const english = Object.values(API_ERROR_WORDS).map(say);
      await activateLocale(locale);
      await loadApiErrorWords(locale);
      const untranslated = Object.entries(API_ERROR_WORDS)
        .filter(([, words], index) => say(words) === english[index])
        .map(([code]) => code);
      expect(untranslated).toEqual([]);
    },
  );
});
