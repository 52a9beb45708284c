import { i18n } from '@lingui/core';
import { EMAIL_CHANGE_MESSAGES, MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_ANSWERS, VERIFICATION_MESSAGES } from './page-messages';

describe("the verification pages' words from core", () => {
  it.each(Object.entries(VERIFICATION_MESSAGES))('say MESSAGES.%s in core English', (id, word) => {
    expect(i18n._(word)).toBe(MESSAGES[id as keyof typeof MESSAGES]);
  });

  it.each(Object.entries(EMAIL_CHANGE_ANSWERS))(
    'say EMAIL_CHANGE_MESSAGES.%s in core English',
    (id, word) => {
      expect(i18n._(word)).toBe(EMAIL_CHANGE_MESSAGES[id as keyof typeof EMAIL_CHANGE_MESSAGES]);
    },
  );
});
