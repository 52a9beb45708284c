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

const HOUR = 60 * 60 * 1000;

describe('linkLifetime', () => {
  // Every mailed link's lifetime, and the edges: an hour, a half hour, the day boundary.
  it.each([
    VERIFICATION_TOKEN_TTL_MS,
    RESET_TOKEN_TTL_MS,
    EMAIL_CHANGE_TOKEN_TTL_MS,
    EMAIL_UNDO_TOKEN_TTL_MS,
    HOUR,
    2 * HOUR,
    90 * 60 * 1000,
    48 * HOUR,
    50 * HOUR,
    7 * 24 * HOUR,
  ])('says %d ms in English as core does', (ms) => {
    expect(i18n._(linkLifetime(ms))).toBe(linkLifetimeInWords(ms));
  });
});
