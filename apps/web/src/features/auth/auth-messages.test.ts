import { i18n } from '@lingui/core';
import { ACCOUNT_MESSAGES, MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ANSWERS, AUTH_STATE_MESSAGES } from './auth-messages';

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
