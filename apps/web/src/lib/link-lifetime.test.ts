import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_UNDO_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
  linkLifetimeInWords,
} from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { linkLifetime } from './link-lifetime';

describe('linkLifetime', () => {
  it('says in English what core says, for every mailed link and around the day boundary', () => {
    const lifetimes = [
      VERIFICATION_TOKEN_TTL_MS,
      RESET_TOKEN_TTL_MS,
      EMAIL_CHANGE_TOKEN_TTL_MS,
      EMAIL_UNDO_TOKEN_TTL_MS,
      2 * 3_600_000,
      48 * 3_600_000,
      50 * 3_600_000,
    ];
    for (const ms of lifetimes) {
      expect(i18n._(linkLifetime(ms))).toBe(linkLifetimeInWords(ms));
    }
  });
});
