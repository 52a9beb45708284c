import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from './constants.js';
import { SESSION_MESSAGES, USERNAME_MESSAGES } from './messages.js';

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
