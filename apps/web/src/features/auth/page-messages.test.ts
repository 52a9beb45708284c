import { i18n } from '@lingui/core';
import { MESSAGES, OAUTH_API_MESSAGES, USERNAME_MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { AUTH_PAGE_MESSAGES, OAUTH_API_WORDS, USERNAME_WORDS } from './page-messages';

describe("the sign-in pages' words from core", () => {
  it.each(Object.entries(AUTH_PAGE_MESSAGES))('say MESSAGES.%s in core English', (id, word) => {
    expect(i18n._(word)).toBe(MESSAGES[id as keyof typeof MESSAGES]);
  });

  it.each(Object.entries(USERNAME_WORDS))(
    'say USERNAME_MESSAGES.%s in core English',
    (id, word) => {
      expect(i18n._(word)).toBe(USERNAME_MESSAGES[id as keyof typeof USERNAME_MESSAGES]);
    },
  );

  it.each(Object.entries(OAUTH_API_WORDS))(
    'say OAUTH_API_MESSAGES.%s in core English',
    (id, word) => {
      expect(i18n._(word)).toBe(OAUTH_API_MESSAGES[id as keyof typeof OAUTH_API_MESSAGES]);
    },
  );
});
