import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { coreTextInReaderLanguage } from './core-text';

const TEXTS = {
  accountDeleted: 'Your account has been deleted',
  passwordChanged: 'Password changed successfully',
};
const WORDS = { accountDeleted: msg`Your account has been deleted` };

describe('coreTextInReaderLanguage', () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it("shows a known text as the web's message of its id, in the active language", () => {
    i18n.loadAndActivate({
      locale: 'de',
      messages: { [WORDS.accountDeleted.id]: 'Dein Konto wurde gelöscht' },
    });
    expect(coreTextInReaderLanguage(TEXTS.accountDeleted, TEXTS, WORDS)).toBe(
      'Dein Konto wurde gelöscht',
    );
  });

  it('shows any other text as it came, a text of an id the web has no message for too', () => {
    expect(coreTextInReaderLanguage('Deleted, bye', TEXTS, WORDS)).toBe('Deleted, bye');
    expect(coreTextInReaderLanguage(TEXTS.passwordChanged, TEXTS, WORDS)).toBe(
      'Password changed successfully',
    );
  });
});
