import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_UNDO_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  USERNAME_PATTERN,
  VERIFICATION_TOKEN_TTL_MS,
} from './constants.js';
import { SESSION_MESSAGES, USERNAME_MESSAGES, linkLifetimeInWords } from './messages.js';

describe('USERNAME_PATTERN and its message', () => {
  it('accepts 3 to 30 letters, digits, underscores, dots and hyphens', () => {
    expect(USERNAME_PATTERN.test('a.b')).toBe(true);
    expect(USERNAME_PATTERN.test('A_b-c.9'.padEnd(30, 'x'))).toBe(true);
    expect(USERNAME_PATTERN.test('ab')).toBe(false);
    expect(USERNAME_PATTERN.test('a'.repeat(31))).toBe(false);
    expect(USERNAME_PATTERN.test('a b')).toBe(false);
  });

  it('says the rule in the words the forms and the API have always used', () => {
    expect(USERNAME_MESSAGES.invalid).toBe(
      'Username must be 3-30 characters of letters, digits, underscore, dot or hyphen',
    );
    expect(USERNAME_MESSAGES.hint).toBe('3-30 letters, digits, dots, dashes or underscores');
  });
});

describe('SESSION_MESSAGES', () => {
  it('states the limits it enforces', () => {
    expect(SESSION_MESSAGES.duration).toBe('Duration must be a number of minutes from 0 to 1440');
    expect(SESSION_MESSAGES.spanTooLong).toBe(
      'A session may last at most 7 days from start to end',
    );
  });
});

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
