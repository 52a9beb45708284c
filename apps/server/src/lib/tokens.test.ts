import { describe, expect, it } from 'vitest';
import { createEmailToken, hashToken } from './tokens.js';

describe('email tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = createEmailToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(createEmailToken()).not.toBe(token);
  });

  it('are stored as their SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
