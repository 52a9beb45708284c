import { describe, expect, it } from 'vitest';
import { PASSWORD, login, register, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

function expectTooMany(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    message: expect.stringMatching(/^Too many attempts\. Try again in \d+ (minute|second)s?\.$/),
    code: expect.stringMatching(/^http\.retryIn(Minutes|Seconds)$/),
    params: { count: expect.any(Number) },
  });
  return retryAfter;
}

describe.each(DIALECTS)('rate limits on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('locks an account after 10 failed logins in 15 minutes, even for the right password, then lets it in', async () => {
    const { app, mailer, clock } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    // Case and surrounding spaces do not make a new key.
    for (let i = 0; i < 10; i++) {
      const response = await login(
        app,
        i % 2 ? identity.email : ` ${identity.email.toUpperCase()} `,
        `wrong-${i}-password`,
      );
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(app, identity.email);
    const retryAfter = expectTooMany(locked);
    expect(retryAfter).toBe(15 * 60);
    expect(locked.json()).toEqual({
      message: 'Too many attempts. Try again in 15 minutes.',
      code: 'http.retryInMinutes',
      params: { count: 15 },
    });

    clock.advanceMinutes(10);
    const later = await login(app, identity.email.toUpperCase());
    expect(expectTooMany(later)).toBe(5 * 60);

    clock.advanceMinutes(5);
    expect((await login(app, identity.email)).statusCode).toBe(200);
  });

  it('counts 30 parallel wrong passwords for one account first: only 10 are checked, the rest get 429', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app, identity.email, `wrong-${i}-password`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectTooMany(response);
    expectTooMany(await login(app, identity.email));
  });

  it('counts parallel wrong passwords from one IP first, across accounts (configured lower here)', async () => {
    const { app } = await apps.make({
      overrides: { rateLimits: { loginPerIp: { max: 7, windowMs: 15 * 60_000 } } },
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.77',
          payload: { email: `parallel${i}@example.com`, password: 'nope-nope-1' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(7);
    expect(statuses.filter((s) => s === 401)).toHaveLength(7);
  });

  it('gives the point of a successful login back, so only failures count', async () => {
    const { app, mailer } = await apps.make({
      overrides: { rateLimits: { loginPerIp: { max: 3, windowMs: 15 * 60_000 } } },
    });
    const { identity } = await verifiedUser(app, mailer);
    for (let i = 0; i < 8; i++) expect((await login(app, identity.email)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await login(app, identity.email, 'wrong-password-1')).statusCode).toBe(401);
    }
    expectTooMany(await login(app, identity.email));
  });

  it('limits an unknown account the same way as a known one', async () => {
    const { app } = await apps.make();
    for (let i = 0; i < 10; i++)
      expect((await login(app, 'ghost@example.com', 'nope-nope-1')).statusCode).toBe(401);
    expectTooMany(await login(app, 'ghost@example.com', 'nope-nope-1'));
  });

  it('keys the account limit on the identifier as typed, so locking an email does not lock its username', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    for (let i = 0; i < 10; i++) await login(app, identity.email, 'wrong-password-1');
    expectTooMany(await login(app, identity.email));
    // A 429 here would tell the caller that this username and that email are one account.
    expect((await login(app, identity.username, 'wrong-password-1')).statusCode).toBe(401);
    expect((await login(app, identity.username.toUpperCase())).statusCode).toBe(200);
  });

  it('answers a known and an unknown account alike under the limit, through email and username', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const ghost = uniqueIdentity('ghost');
    const run = async (email: string, username: string) => {
      const seen: string[] = [];
      const note = (r: Awaited<ReturnType<typeof login>>) =>
        seen.push(`${r.statusCode} ${r.headers['retry-after'] ?? '-'} ${r.body}`);
      for (let i = 0; i < 11; i++) note(await login(app, email, `wrong-${i}-password`));
      for (let i = 0; i < 3; i++) note(await login(app, username, `wrong-${i}-password`));
      return seen;
    };
    const known = await run(identity.email, identity.username);
    const unknown = await run(ghost.email, ghost.username);
    expect(unknown).toEqual(known);
    expect(known.filter((line) => line.startsWith('429'))).toHaveLength(1);
  });

  it('does not lock an account for failures from elsewhere than its own key', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    for (let i = 0; i < 12; i++) await login(app, `someone-else-${i}@example.com`, 'nope-nope-1');
    expect((await login(app, identity.email)).statusCode).toBe(200);
  });

  it('limits failed logins per IP across accounts (configured lower here)', async () => {
    const { app, mailer, clock } = await apps.make({
      overrides: { rateLimits: { loginPerIp: { max: 4, windowMs: 15 * 60_000 } } },
    });
    const { identity } = await verifiedUser(app, mailer);
    for (let i = 0; i < 4; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { email: `spray${i}@example.com`, password: 'nope-nope-1' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: identity.email, password: PASSWORD },
    });
    expectTooMany(blocked);
    expect((await login(app, identity.email)).statusCode).toBe(200);
    clock.advanceMinutes(15);
    const after = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      payload: { email: identity.email, password: PASSWORD },
    });
    expect(after.statusCode).toBe(200);
  });

  it('allows 10 registrations per hour per IP', async () => {
    const { app, clock } = await apps.make();
    const registerFrom = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: uniqueIdentity('reg'),
      });
    for (let i = 0; i < 10; i++) expect((await registerFrom('198.51.100.7')).statusCode).toBe(201);
    const retryAfter = expectTooMany(await registerFrom('198.51.100.7'));
    expect(retryAfter).toBe(3600);
    expect((await registerFrom('198.51.100.8')).statusCode).toBe(201);
    clock.advanceHours(1);
    expect((await registerFrom('198.51.100.7')).statusCode).toBe(201);
  });

  it('sends at most 3 mails per address in 15 minutes, answering the same 200 when it skips', async () => {
    const { app, mailer, clock } = await apps.make();
    const { identity } = await register(app);
    mailer.messages.length = 0;
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const url = i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification';
      const response = await app.inject({
        method: 'POST',
        url,
        payload: { email: identity.email },
      });
      expect(response.statusCode).toBe(200);
      bodies.add(`${url}:${response.body}`);
      // Each mail goes before the next request: a verification link a newer one replaced
      // before its mail went is not sent at all, which would make this count depend on timing.
      await app.background.idle();
    }
    expect(bodies.size).toBe(2);
    expect(mailer.messages).toHaveLength(3);
    clock.advanceMinutes(15);
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: identity.email },
    });
    await app.background.idle();
    expect(mailer.messages).toHaveLength(4);
  });

  it('counts unknown addresses too, so a limited address looks like any other', async () => {
    const { app } = await apps.make();
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'unknown-person@example.com' },
      });
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect(answers.size).toBe(1);
  });

  it('answers 429 after 20 mail requests per hour from one IP', async () => {
    const { app, clock } = await apps.make();
    const send = (i: number) =>
      app.inject({
        method: 'POST',
        url: i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification',
        remoteAddress: '192.0.2.44',
        payload: { email: `person${i}@example.com` },
      });
    for (let i = 0; i < 20; i++) expect((await send(i)).statusCode).toBe(200);
    expect(expectTooMany(await send(20))).toBe(3600);
    clock.advanceMinutes(60);
    expect((await send(21)).statusCode).toBe(200);
  });
});
