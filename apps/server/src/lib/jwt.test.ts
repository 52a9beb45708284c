import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokenVerifier, signAccessToken, tokenTtlSeconds, verifyAccessToken } from './jwt.js';

describe('access tokens', () => {
  const secret = new TextEncoder().encode('k'.repeat(32));
  const user = {
    id: '0190f0f0-0000-7000-8000-000000000001',
    username: 'ada',
    name: 'Ada',
    email: 'ada@example.com',
  };

  it('live 30 days with rememberMe and 1 day without', () => {
    expect(tokenTtlSeconds(true)).toBe(2_592_000);
    expect(tokenTtlSeconds(false)).toBe(86_400);
  });

  it('carry the user and session and verify until they expire on the given clock', async () => {
    const issued = new Date('2031-01-01T00:00:00Z');
    const expires = new Date('2031-01-02T00:00:00Z');
    const token = await signAccessToken(secret, user, 'sid-1', issued, expires);
    expect(decodeJwt(token)).toEqual({
      sub: user.id,
      id: user.id,
      username: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      sid: 'sid-1',
      iat: issued.getTime() / 1000,
      exp: expires.getTime() / 1000,
    });
    expect(await verifyAccessToken(secret, token, new Date('2031-01-01T23:59:00Z'))).toEqual({
      sub: user.id,
      sid: 'sid-1',
    });
    expect(
      await verifyAccessToken(secret, token, new Date('2031-01-02T00:00:01Z')),
    ).toBeUndefined();
    const otherKey = new TextEncoder().encode('z'.repeat(32));
    expect(await verifyAccessToken(otherKey, token, issued)).toBeUndefined();
  });

  describe('AccessTokenVerifier', () => {
    const issued = new Date('2031-01-01T00:00:00Z');
    const expires = new Date('2031-01-02T00:00:00Z');

    it('accepts a token only until it expires, every time it is shown', async () => {
      const verifier = new AccessTokenVerifier(secret);
      const token = await signAccessToken(secret, user, 'sid-1', issued, expires);
      const claims = { sub: user.id, sid: 'sid-1' };
      expect(await verifier.verify(token, issued)).toEqual(claims);
      expect(await verifier.verify(token, new Date('2031-01-01T23:59:59Z'))).toEqual(claims);
      expect(await verifier.verify(token, expires)).toBeUndefined();
      expect(await verifier.verify(token, issued)).toEqual(claims);
    });

    it('never accepts a token altered from or signed apart from one it accepted', async () => {
      const verifier = new AccessTokenVerifier(secret);
      const token = await signAccessToken(secret, user, 'sid-1', issued, expires);
      expect(await verifier.verify(token, issued)).toBeDefined();
      const [header, , signature] = token.split('.');
      const otherPayload = Buffer.from(
        JSON.stringify({ sub: 'someone-else', sid: 'sid-2', exp: 1_999_999_999 }),
      ).toString('base64url');
      expect(
        await verifier.verify(`${header}.${otherPayload}.${signature}`, issued),
      ).toBeUndefined();
      const otherKey = new TextEncoder().encode('z'.repeat(32));
      const foreign = await signAccessToken(otherKey, user, 'sid-1', issued, expires);
      expect(await verifier.verify(foreign, issued)).toBeUndefined();
      expect(await verifier.verify(`${token}x`, issued)).toBeUndefined();
    });
  });
});
