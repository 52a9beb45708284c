import { describe, expect, it } from 'vitest';
import { USERNAME_PATTERN } from '../constants.js';
import {
  OAUTH_ERROR_MESSAGES,
  isSafeNextPath,
  oauthErrorMessage,
  usernameBase,
  usernameCandidate,
} from './index.js';

describe('usernameBase', () => {
  it('takes the first hint that leaves enough allowed characters', () => {
    expect(usernameBase([null, 'ab', 'Ada Lovelace'])).toBe('Ada.Lovelace');
    expect(usernameBase(['octo-cat'])).toBe('octo-cat');
    expect(usernameBase([undefined, 'jo.smith+tag@example.com'])).toBe('jo.smithtag');
  });

  it('drops accents and characters outside the username rule', () => {
    expect(usernameBase(['Zoë Ångström'])).toBe('Zoe.Angstrom');
    expect(usernameBase(['__李__', '..x..'])).toBe('user');
  });

  it('leaves room for a suffix and always matches the username rule', () => {
    const base = usernameBase(['a'.repeat(80)]);
    expect(base.length).toBe(24);
    for (const attempt of [1, 2, 99, 12345]) {
      expect(usernameCandidate(base, attempt)).toMatch(USERNAME_PATTERN);
    }
    expect(usernameCandidate('ada', 1)).toBe('ada');
    expect(usernameCandidate('ada', 2)).toBe('ada2');
  });
});

describe('isSafeNextPath', () => {
  it('accepts plain paths on this origin', () => {
    expect(isSafeNextPath('/stats')).toBe(true);
    expect(isSafeNextPath('/playlist/1?x=1')).toBe(true);
  });

  it('refuses other hosts, backslashes, whitespace and encoded tricks', () => {
    for (const bad of [
      '',
      'stats',
      '//evil.com',
      '/\\evil.com',
      '/%2F%2Fevil',
      '/%5Cevil',
      '/a b',
      '/\tx',
      'https://evil.com',
      '/%252F%252Fevil',
    ]) {
      expect(isSafeNextPath(bad), bad).toBe(false);
    }
  });
});

describe('oauthErrorMessage', () => {
  it('gives the fixed message of a known code and the generic one otherwise', () => {
    expect(oauthErrorMessage('access_denied')).toBe(OAUTH_ERROR_MESSAGES.access_denied);
    expect(oauthErrorMessage('<script>')).toBe(OAUTH_ERROR_MESSAGES.sign_in_failed);
    expect(oauthErrorMessage('toString')).toBe(OAUTH_ERROR_MESSAGES.sign_in_failed);
  });
});
