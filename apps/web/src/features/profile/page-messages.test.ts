import { i18n } from '@lingui/core';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, EMAIL_CHANGE_MESSAGES, MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ANSWERS,
  AUTH_ANSWERS,
  EMAIL_CHANGE_ANSWERS,
  PROFILE_CORE_MESSAGES,
} from './page-messages';

describe("the profile's words from core", () => {
  it.each(Object.entries(PROFILE_CORE_MESSAGES))('say MESSAGES.%s in core English', (id, word) => {
    expect(i18n._(word)).toBe(MESSAGES[id as keyof typeof MESSAGES]);
  });

  it.each(Object.entries(ACCOUNT_ANSWERS))(
    'say ACCOUNT_MESSAGES.%s in core English',
    (id, word) => {
      expect(i18n._(word)).toBe(ACCOUNT_MESSAGES[id as keyof typeof ACCOUNT_MESSAGES]);
    },
  );

  it.each(Object.entries(AUTH_ANSWERS))('say AUTH_MESSAGES.%s in core English', (id, word) => {
    expect(i18n._(word)).toBe(AUTH_MESSAGES[id as keyof typeof AUTH_MESSAGES]);
  });

  it.each(Object.entries(EMAIL_CHANGE_ANSWERS))(
    'say EMAIL_CHANGE_MESSAGES.%s in core English',
    (id, word) => {
      expect(i18n._(word)).toBe(EMAIL_CHANGE_MESSAGES[id as keyof typeof EMAIL_CHANGE_MESSAGES]);
    },
  );
});
