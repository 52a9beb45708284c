import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/lib/passwords.js';
import { login, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

// Counts argon2 hashes without changing them: the service imports this same module.
vi.mock(import('../src/lib/passwords.js'), async (importOriginal) => {
  const actual = await importOriginal();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});
const hashCalls = vi.mocked(hashPassword);

const INVALID = {
  message: 'This password reset link is invalid or has expired.',
  code: 'auth.resetLinkInvalid',
};

describe.each(DIALECTS)('POST /api/auth/reset-password on %s', (dialect) => {
  const apps = useTestApps(dialect);

  const reset = (app: Awaited<ReturnType<typeof apps.make>>['app'], token: string, ip?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      ...(ip ? { remoteAddress: ip } : {}),
      payload: { token, newPassword: 'reset-new-password-31' },
    });

  async function resetToken(made: Awaited<ReturnType<typeof apps.make>>) {
    const { identity } = await register(made.app);
    await made.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: identity.email },
    });
    await made.app.background.idle();
    return { identity, token: made.mailer.lastToken(identity.email, 'reset') };
  }

  it('answers a bogus, expired or used token with 400 without hashing the new password', async () => {
    const made = await apps.make();
    const { app, clock } = made;

    hashCalls.mockClear();
    const bogus = await reset(app, 'x'.repeat(43));
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual(INVALID);
    expect(hashCalls).not.toHaveBeenCalled();

    const used = await resetToken(made);
    hashCalls.mockClear();
    expect((await reset(app, used.token)).statusCode).toBe(200);
    expect(hashCalls).toHaveBeenCalledTimes(1);
    hashCalls.mockClear();
    const again = await reset(app, used.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(hashCalls).not.toHaveBeenCalled();

    const expiring = await resetToken(made);
    clock.advanceHours(1);
    hashCalls.mockClear();
    const expired = await reset(app, expiring.token);
    expect(expired.statusCode).toBe(400);
    expect(hashCalls).not.toHaveBeenCalled();
    // The old password still stands (right password, unverified account: 403, not 401).
    expect((await login(app, expiring.identity.email)).statusCode).toBe(403);
  });

  it('still lets exactly one of two concurrent resets with one live token win', async () => {
    const made = await apps.make();
    const { token } = await resetToken(made);
    const answers = await Promise.all([reset(made.app, token), reset(made.app, token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('allows 20 reset attempts per hour per IP, then answers 429 with Retry-After', async () => {
    const made = await apps.make();
    const { app, clock } = made;
    for (let i = 0; i < 20; i++) {
      expect((await reset(app, `bogus-token-${i}`, '192.0.2.61')).statusCode).toBe(400);
    }
    const limited = await reset(app, 'bogus-token-x', '192.0.2.61');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBe(3600);
    expect(limited.json()).toEqual({
      message: 'Too many attempts. Try again in 60 minutes.',
      code: 'http.retryInMinutes',
      params: { count: 60 },
    });
    // Even a live token waits: the limit is on the address, not on the token.
    const { token } = await resetToken(made);
    expect((await reset(app, token, '192.0.2.61')).statusCode).toBe(429);
    expect((await reset(app, 'bogus-token-y', '192.0.2.62')).statusCode).toBe(400);
    clock.advanceMinutes(60);
    expect((await reset(app, 'bogus-token-z', '192.0.2.61')).statusCode).toBe(400);
  });
});
