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

describe('isSafeNextPath, the open-redirect guard', () => {
  it.each(['/stats', '/playlist/1?x=1', '/playlist/abc-123#tracks', '/', '/stats/../profile'])(
    'accepts the plain path %s on this origin',
    (path) => {
      expect(isSafeNextPath(path)).toBe(true);
    },
  );

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash after the slash, twice', '/\\/evil.example'],
    ['an absolute https URL', 'https://evil.example/stats'],
    ['an absolute http URL', 'http://evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'stats'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
    ['an encoded leading slash', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a double-encoded double slash', '/%252F%252Fevil.example'],
    ['a space', '/a b'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a Unicode space', '/\u3000/evil.example'],
    ['a control character', '/stats\u0000'],
    ['broken percent-encoding', '/stats%E0%A4%A'],
    ['encoding nested more than five rounds deep', '/%2525252525252F'],
    ['an empty value', ''],
    ['a very long value', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, raw) => {
    expect(isSafeNextPath(raw)).toBe(false);
  });
});

describe('oauthErrorMessage', () => {
  it('gives the fixed message of a known code and the generic one otherwise', () => {
    expect(oauthErrorMessage('access_denied')).toBe(OAUTH_ERROR_MESSAGES.access_denied);
    expect(oauthErrorMessage('<script>')).toBe(OAUTH_ERROR_MESSAGES.sign_in_failed);
    expect(oauthErrorMessage('toString')).toBe(OAUTH_ERROR_MESSAGES.sign_in_failed);
  });
});
