import type * as argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { UserSchema } from '@focusroom/core/schemas';
import {
  PASSWORD,
  bearer,
  login,
  register,
  uniqueIdentity,
  verifiedUser,
  verify,
} from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

// Counts the server's argon2id verifications without changing what they do.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

const USER_KEYS = [
  'avatarUrl',
  'bio',
  'created_at',
  'email',
  'has_password',
  'id',
  'is_admin',
  'is_verified',
  'language',
  'name',
  'pending_email',
  'role',
  'time_zone',
  'username',
];

describe.each(DIALECTS)('registration, sign-in and sessions on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('registers an account, answers 201 with token, user and message, and mails a 24 h link', async () => {
    const { app, mailer, clock } = await apps.make();
    const identity = uniqueIdentity();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...identity, email: `  ${identity.email.toUpperCase()} ` },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['message', 'token', 'user']);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(UserSchema.parse(body.user)).toEqual(body.user);
    expect(body.user).toMatchObject({
      name: identity.name,
      username: identity.username,
      email: identity.email,
      is_verified: false,
      is_admin: false,
      role: 'user',
      avatarUrl: null,
      bio: null,
      time_zone: null,
      language: null,
      created_at: clock.now().toISOString(),
      has_password: true,
    });
    expect(body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    await app.background.idle();
    const mail = mailer.last(identity.email, 'verify');
    expect(mail.link).toMatch(/^http:\/\/focusroom\.test\/verify-email\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain(mail.link);
  });

  it('lets an unverified account use its registration token everywhere', async () => {
    const { app } = await apps.make();
    const { token, identity } = await register(app);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: identity.email, is_verified: false });
    const status = await app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: bearer(token),
    });
    expect(status.json()).toEqual({ is_verified: false, email: identity.email });
  });

  it('refuses a duplicate email or username regardless of case with 409', async () => {
    const { app } = await apps.make();
    const { identity } = await register(app);
    const sameEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity(), email: identity.email.toUpperCase() },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      message: expect.any(String),
      errors: { email: expect.any(String) },
    });
    const sameUsername = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity(), username: identity.username.toUpperCase() },
    });
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().errors).toHaveProperty('username');
  });

  it('validates registration fields with a message and per-field errors', async () => {
    const { app } = await apps.make();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '', username: 'a', email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password', 'username']);
    expect(body.message).toBe(Object.values(body.errors)[0]);
  });

  it('refuses one of the 1,000 most common passwords as a field error', async () => {
    const { app } = await apps.make();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity(), password: 'password1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'This password is too common. Choose a less common one.',
      code: 'field.commonPassword',
      errors: { password: 'This password is too common. Choose a less common one.' },
      fieldCodes: { password: 'field.commonPassword' },
    });
  });

  it('signs in with the email or the username in email or login, ignoring case', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await register(app);
    await verify(app, mailer, identity.email);
    const attempts = [
      { email: identity.email.toUpperCase() },
      { login: identity.email },
      { email: identity.username.toUpperCase() },
      { login: identity.username },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...attempt, password: PASSWORD },
      });
      expect(response.statusCode, JSON.stringify(attempt)).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['message', 'token', 'user']);
      expect(body.user.email).toBe(identity.email);
      expect(body.user.is_verified).toBe(true);
    }
  });

  it('asks for both identifier and password with one message (product §5)', async () => {
    const { app } = await apps.make();
    for (const payload of [
      { password: PASSWORD },
      { email: 'a@b.co' },
      { email: '  ', password: 'x' },
      {},
    ]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: 'Email/username and password are required',
      });
    }
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const wrong = await login(app, identity.email, 'wrong-password-123');
    const unknown = await login(app, 'nobody-here@example.com', 'wrong-password-123');
    const unknownName = await login(app, 'nobody_here', 'wrong-password-123');
    for (const response of [wrong, unknown, unknownName]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: 'Invalid email/username or password',
      });
    }
  });

  it('verifies one argon2id hash for an unknown account, exactly as for a wrong password', async () => {
    // Counting hash verifications, not timing them: a timed assertion flakes on a busy machine.
    // bench/login-latency.ts measures the times themselves.
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const verifications = async (identifier: string) => {
      const before = vi.mocked(argon2Verify).mock.calls.length;
      await login(app, identifier, 'wrong-password-123');
      return vi.mocked(argon2Verify).mock.calls.length - before;
    };
    expect(await verifications(identity.email)).toBe(1);
    expect(await verifications('missing-account@example.com')).toBe(1);
    expect(await verifications('missing_account')).toBe(1);
  });

  it('refuses an unverified account with the right password with 403 and needsVerification', async () => {
    const { app } = await apps.make();
    const { identity } = await register(app);
    const response = await login(app, identity.username);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Please verify your email address before signing in.',
      code: 'auth.needsVerification',
      needsVerification: true,
      email: identity.email,
    });
    const wrong = await login(app, identity.username, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
  });

  it('issues an HS256 token with the user, a session id and a 30-day or 1-day lifetime', async () => {
    const { app, mailer } = await apps.make();
    const { identity, user } = await verifiedUser(app, mailer);
    const remembered = (await login(app, identity.email)).json().token as string;
    const claims = decodeJwt(remembered);
    expect(claims).toMatchObject({
      sub: user.id,
      id: user.id,
      username: identity.username,
      name: identity.name,
      email: identity.email,
      sid: expect.any(String),
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 24 * 3600);
    const shortLived = (await login(app, identity.email, PASSWORD, { rememberMe: false })).json()
      .token as string;
    const short = decodeJwt(shortLived);
    expect((short.exp ?? 0) - (short.iat ?? 0)).toBe(24 * 3600);
    expect(short.sid).not.toBe(claims.sid);
  });

  it('answers 401 with a message for a missing, malformed, forged or expired token', async () => {
    const { app, mailer, clock } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const token = (await login(app, identity.email, PASSWORD, { rememberMe: false })).json()
      .token as string;
    const [head, payload] = token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('not.a.jwt'),
      bearer(forged),
    ];
    for (const headers of cases) {
      const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    clock.advanceHours(24);
    const expired = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('logs out with 204 and the token stops working while other sessions go on', async () => {
    const { app, mailer } = await apps.make();
    const { identity, token } = await verifiedUser(app, mailer);
    const other = (await login(app, identity.email)).json().token as string;
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    const stillIn = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(other),
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('accepts a logout sent with an empty JSON body', async () => {
    const { app, mailer } = await apps.make();
    const { token } = await verifiedUser(app, mailer);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(204);
  });

  it('grants admin only to a verified account listed in ADMIN_EMAILS', async () => {
    const identity = uniqueIdentity('boss');
    const { app, mailer } = await apps.make({
      env: { ADMIN_EMAILS: `other@example.com, ${identity.email.toUpperCase()}` },
    });
    const registered = await register(app, identity);
    expect(registered.user).toMatchObject({ is_admin: false, role: 'user' });
    await verify(app, mailer, identity.email);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(registered.token),
    });
    expect(me.json()).toMatchObject({ is_admin: true, role: 'admin' });
    const plain = await verifiedUser(app, mailer);
    expect(plain.user).toMatchObject({ is_admin: false, role: 'user' });
  });
  it('prunes expired sessions when someone signs in later', async () => {
    const { app, mailer, clock, database } = await apps.make();
    const { identity, user } = await verifiedUser(app, mailer);
    await login(app, identity.email, PASSWORD, { rememberMe: false });
    const count = async () =>
      (
        await database.db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute()
      ).length;
    expect(await count()).toBe(3);
    clock.advanceHours(24 * 31);
    await login(app, identity.email);
    await app.background.idle();
    expect(await count()).toBe(1);
  });
});
