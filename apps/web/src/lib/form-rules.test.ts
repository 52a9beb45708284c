import { MESSAGES, USERNAME_MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { emailRule, usernameRule } from './form-rules';

describe('emailRule', () => {
  it('accepts an address with spaces around it', () => {
    expect(emailRule()('  ada@example.com ')).toBeNull();
  });

  it('refuses an address without a domain', () => {
    expect(emailRule()('ada@example')).toBe(MESSAGES.resendInvalidEmail);
  });

  it('names a blank field with its own message when given one, else calls it invalid', () => {
    expect(emailRule(MESSAGES.resendEmptyEmail)('  ')).toBe('Please enter your email address');
    expect(emailRule()('')).toBe('Please enter a valid email address');
  });
});

describe('usernameRule', () => {
  it('accepts 3 to 30 letters, digits, dots, dashes and underscores', () => {
    expect(usernameRule()(' ada.l_9-x ')).toBeNull();
  });

  it('refuses a username that breaks the rule', () => {
    expect(usernameRule()('ad')).toBe(USERNAME_MESSAGES.invalid);
    expect(usernameRule()('ada lovelace')).toBe(USERNAME_MESSAGES.invalid);
  });

  it('names a blank field with its own message when given one, else calls it invalid', () => {
    expect(usernameRule(USERNAME_MESSAGES.required)('')).toBe('Please choose a username');
    expect(usernameRule()('')).toBe(USERNAME_MESSAGES.invalid);
  });
});
