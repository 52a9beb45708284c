import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_UNDO_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from '../constants.js';
import { linkLifetimeInWords } from './link-lifetime.js';

describe('linkLifetimeInWords', () => {
  it('says each mailed link lifetime as the pages and mails have always said it', () => {
    expect(linkLifetimeInWords(VERIFICATION_TOKEN_TTL_MS)).toBe('24 hours');
    expect(linkLifetimeInWords(RESET_TOKEN_TTL_MS)).toBe('1 hour');
    expect(linkLifetimeInWords(EMAIL_CHANGE_TOKEN_TTL_MS)).toBe('24 hours');
    expect(linkLifetimeInWords(EMAIL_UNDO_TOKEN_TTL_MS)).toBe('7 days');
  });

  it('says whole days only from two days up', () => {
    expect(linkLifetimeInWords(2 * 3_600_000)).toBe('2 hours');
    expect(linkLifetimeInWords(48 * 3_600_000)).toBe('2 days');
    expect(linkLifetimeInWords(50 * 3_600_000)).toBe('50 hours');
  });
});
