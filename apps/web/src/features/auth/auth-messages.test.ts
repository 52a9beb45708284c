import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ACCOUNT_MESSAGES, MESSAGES } from '@focusroom/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ANSWERS, AUTH_STATE_MESSAGES, answerInReaderLanguage } from './auth-messages';

describe('AUTH_STATE_MESSAGES', () => {
  it.each(Object.entries(AUTH_STATE_MESSAGES))('says %s in core English', (id, word) => {
    expect(i18n._(word)).toBe(MESSAGES[id as keyof typeof MESSAGES]);
  });
});

describe('ACCOUNT_ANSWERS', () => {
  it.each(Object.entries(ACCOUNT_ANSWERS))('says %s in core English', (id, word) => {
    expect(i18n._(word)).toBe(ACCOUNT_MESSAGES[id as keyof typeof ACCOUNT_MESSAGES]);
  });
});

describe('answerInReaderLanguage', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it("shows a known answer as the web's message of its id, in the active language", () => {
    const word = msg`Your account has been deleted`;
    i18n.loadAndActivate({ locale: 'de', messages: { [word.id]: 'Dein Konto wurde gelöscht' } });
    expect(
      answerInReaderLanguage(ACCOUNT_MESSAGES.accountDeleted, ACCOUNT_MESSAGES, ACCOUNT_ANSWERS),
    ).toBe('Dein Konto wurde gelöscht');
  });

  it('shows any other answer as it came', () => {
    expect(answerInReaderLanguage('Deleted, bye', ACCOUNT_MESSAGES, ACCOUNT_ANSWERS)).toBe(
      'Deleted, bye',
    );
  });
});
