import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_COUNT,
  getCommonPasswords,
  hashPassword,
  isCommonPassword,
  passwordHashLoad,
  setPasswordHashConcurrency,
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

  describe('concurrency bound', () => {
    afterEach(() => setPasswordHashConcurrency(os.availableParallelism()));

    it('runs one hash per core by default and queues the rest', async () => {
      const hash = await hashPassword('correct horse battery');
      const cores = os.availableParallelism();
      const checks = Array.from({ length: cores + 3 }, () =>
        verifyPassword(hash, 'correct horse battery'),
      );
      expect(passwordHashLoad()).toEqual({ active: cores, queued: 3 });
      expect(await Promise.all(checks)).toEqual(checks.map(() => true));
      expect(passwordHashLoad()).toEqual({ active: 0, queued: 0 });
    });

    it('holds hashes and verifications to the configured number together', async () => {
      setPasswordHashConcurrency(1);
      const hash = await hashPassword('correct horse battery');
      const work = [
        hashPassword('another one'),
        verifyPassword(hash, 'correct horse battery'),
        verifyPassword(hash, 'wrong'),
      ];
      expect(passwordHashLoad()).toEqual({ active: 1, queued: 2 });
      const [second, ok, wrong] = await Promise.all(work);
      expect(second).toMatch(/^\$argon2id\$/);
      expect([ok, wrong]).toEqual([true, false]);
      expect(passwordHashLoad()).toEqual({ active: 0, queued: 0 });
    });

    it('frees the slot of a verification that fails on a malformed hash', async () => {
      setPasswordHashConcurrency(1);
      expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
      expect(passwordHashLoad()).toEqual({ active: 0, queued: 0 });
      const hash = await hashPassword('still works');
      expect(await verifyPassword(hash, 'still works')).toBe(true);
    });
  });
});
