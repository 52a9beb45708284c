import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_COUNT,
  getCommonPasswords,
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id m=19456, t=2, p=1 and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery!')).toBe(false);
  });

  it('answers false rather than throwing for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('always fails against the dummy hash', async () => {
    expect(await verifyAgainstDummy('focusroom-dummy-password-for-timing-x')).toBe(false);
  });

  it('loads the 1,000 most common passwords from the ranked list', () => {
    const list = getCommonPasswords();
    expect(list.size).toBeLessThanOrEqual(COMMON_PASSWORD_COUNT);
    expect(list.size).toBeGreaterThan(990);
    expect(list.has('123456')).toBe(true);
    expect(list.has('password')).toBe(true);
  });

  it('refuses common passwords regardless of case and accepts uncommon ones', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('violet-tangerine-47')).toBe(false);
  });
});
