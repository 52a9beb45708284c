import { i18n } from '@lingui/core';
import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
  linkLifetimeInWords,
} from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { linkLifetime } from './link-lifetime';

const HOUR = 60 * 60 * 1000;

describe('linkLifetime', () => {
  it.each([
    RESET_TOKEN_TTL_MS,
    VERIFICATION_TOKEN_TTL_MS,
    EMAIL_CHANGE_TOKEN_TTL_MS,
    HOUR,
    2 * HOUR,
    90 * 60 * 1000,
    48 * HOUR,
    7 * 24 * HOUR,
    50 * HOUR,
  ])('says %d ms in English as core does', (ms) => {
    expect(i18n._(linkLifetime(ms))).toBe(linkLifetimeInWords(ms));
  });
});
