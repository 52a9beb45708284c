import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from './background.js';
import { tooManyRequests } from './http-errors.js';
import { AccessTokenVerifier, signAccessToken, tokenTtlSeconds, verifyAccessToken } from './jwt.js';
import { QUERY_PLACEHOLDER, TOKEN_PLACEHOLDER, redactUrl } from './redact-url.js';
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

describe('redactUrl', () => {
  it('replaces the token of token URLs and keeps the query', () => {
    expect(redactUrl('/api/auth/verify-email/abc_DEF-123')).toBe(
      `/api/auth/verify-email/${TOKEN_PLACEHOLDER}`,
    );
    expect(redactUrl('/api/auth/verify-reset-token/xyz?x=1')).toBe(
      `/api/auth/verify-reset-token/${TOKEN_PLACEHOLDER}?x=1`,
    );
    expect(redactUrl('/reset-password/xyz')).toBe(`/reset-password/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/verify-email/xyz')).toBe(`/verify-email/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/confirm-email/xyz')).toBe(`/confirm-email/${TOKEN_PLACEHOLDER}`);
    expect(redactUrl('/undo-email-change/xyz?a=1')).toBe(
      `/undo-email-change/${TOKEN_PLACEHOLDER}?a=1`,
    );
  });

  it('replaces the whole query of /oauth-callback, however the path is spelled', () => {
    for (const path of ['/oauth-callback', '/oauth-callback/', '//OAuth-Callback']) {
      expect(redactUrl(`${path}?token=eyJhbGciOi.x.y&code=abc&state=s1`)).toBe(
        `${path}?${QUERY_PLACEHOLDER}`,
      );
    }
    expect(redactUrl('/oauth-callback?')).toBe(`/oauth-callback?${QUERY_PLACEHOLDER}`);
    for (const path of ['/api/auth/oauth/github/callback', '//API/auth/oauth/oidc/callback/']) {
      expect(redactUrl(`${path}?code=abc&state=def`)).toBe(`${path}?${QUERY_PLACEHOLDER}`);
    }
    expect(redactUrl('/oauth-callback')).toBe('/oauth-callback');
    expect(redactUrl('/oauth-callbacks?x=1')).toBe('/oauth-callbacks?x=1');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/auth/me')).toBe('/api/auth/me');
    expect(redactUrl('/api/auth/verify-email/')).toBe('/api/auth/verify-email/');
  });
});

describe('429 answers', () => {
  // The sentence itself is core's retryMessage (tested there).
  it('carry Retry-After in whole seconds, at least 1', () => {
    expect(tooManyRequests(1500).headers).toEqual({ 'retry-after': '2' });
    expect(tooManyRequests(0).headers).toEqual({ 'retry-after': '1' });
  });
});

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

    it('accepts a remembered token only until it expires', async () => {
      const verifier = new AccessTokenVerifier(secret);
      const token = await signAccessToken(secret, user, 'sid-1', issued, expires);
      const claims = { sub: user.id, sid: 'sid-1' };
      expect(await verifier.verify(token, issued)).toEqual(claims);
      expect(await verifier.verify(token, new Date('2031-01-01T23:59:59Z'))).toEqual(claims);
      expect(await verifier.verify(token, expires)).toBeUndefined();
      expect(await verifier.verify(token, issued)).toEqual(claims);
    });

    it('never accepts a token altered from or signed apart from a remembered one', async () => {
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

describe('BackgroundTasks', () => {
  it('runs tasks after the current turn and reports failures', async () => {
    const failures: string[] = [];
    const tasks = new BackgroundTasks((_error, name) => failures.push(name));
    const order: string[] = [];
    tasks.run('ok', async () => {
      order.push('task');
    });
    tasks.run('bad', async () => {
      throw new Error('boom');
    });
    order.push('sync');
    await tasks.idle();
    expect(order).toEqual(['sync', 'task']);
    expect(failures).toEqual(['bad']);
  });
});
