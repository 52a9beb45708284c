import { API_ERROR_TEXTS } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerInReaderLanguage, loadApiErrorWords } from './api-error-text';
import { API_ERROR_WORDS } from './api-error-words';
import { activateLocale } from './runtime';

beforeAll(async () => {
  await activateLocale('de');
  await loadApiErrorWords('de');
});
afterAll(async () => {
  await activateLocale('en');
});

const german = (code: keyof typeof API_ERROR_TEXTS) => i18n._(API_ERROR_WORDS[code]);

describe('answerInReaderLanguage', () => {
  it("says the message and each field error by their codes in the reader's language", () => {
    const words = answerInReaderLanguage({
      message: API_ERROR_TEXTS['user.emailTaken'],
      code: 'user.emailTaken',
      errors: { email: API_ERROR_TEXTS['user.emailTaken'], name: 'Invalid input' },
      fieldCodes: { email: 'user.emailTaken', name: 'http.invalidValue' },
    });
    expect(words.message).toBe(german('user.emailTaken'));
    expect(words.message).not.toBe(API_ERROR_TEXTS['user.emailTaken']);
    expect(words.errors).toEqual({
      email: german('user.emailTaken'),
      name: german('http.invalidValue'),
    });
  });

  it("puts the answer's count in the sentence", () => {
    const words = answerInReaderLanguage({
      message: 'Too many attempts. Try again in 15 minutes.',
      code: 'http.retryInMinutes',
      params: { count: 15 },
    });
    expect(words.message).toContain('15');
    expect(words.message).not.toContain('Too many');
  });

  it('leaves what it has no code for as the server wrote it', () => {
    expect(answerInReaderLanguage({ message: 'Something new', code: 'future.thing' })).toEqual({});
    expect(
      answerInReaderLanguage({
        message: 'x',
        code: 'future.thing',
        errors: { a: 'New words' },
        fieldCodes: { a: 'future.other' },
      }),
    ).toEqual({ errors: { a: 'New words' } });
    expect(answerInReaderLanguage('not an object')).toEqual({});
  });
});
