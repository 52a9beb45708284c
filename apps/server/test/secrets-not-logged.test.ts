import type { AuthResponse } from '@focusroom/core/schemas';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { startOidcIssuer, type OidcIssuer } from './fakes/oidc-issuer.mjs';
import { startFakeYouTube, type FakeYouTube } from './fakes/youtube.mjs';
import { bearer, uniqueIdentity } from './support/accounts.js';
import { useTestApps, type TestApp } from './support/app.js';
import { DIALECTS } from './support/databases.js';

/**
 * Secrets never logged (decision 034): the account flows run with LOG_LEVEL=trace, every log line is
 * kept, and none holds a password, token, one-time code, API key, cookie value or the value of an
 * Authorization header, whether the request succeeds or is refused.
 */

const PUBLIC_URL = 'http://focusroom.test';
const YOUTUBE_KEY = 'AIzaFAKE-youtube-key-0123456789abcdef';
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

let issuer: OidcIssuer;
let youtube: FakeYouTube;

beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUris: [`${PUBLIC_URL}/api/auth/oauth/oidc/callback`] });
  youtube = await startFakeYouTube();
});
afterAll(async () => {
  await issuer?.close();
  await youtube?.close();
});

function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** Every secret the flows handled; the test fails naming the first one a log line holds. */
class Secrets {
  private readonly values = new Map<string, string>();

  add(what: string, value: string | null | undefined): void {
    expect(value, `${what} was not captured`).toBeTruthy();
    this.values.set(value!, what);
  }

  /** A token and the parts a log could hold of it (a JWT's signature on its own). */
  addToken(what: string, token: string): void {
    this.add(what, token);
    const signature = token.split('.').at(2);
    if (signature) this.add(`${what} (signature)`, signature);
  }

  expectNoneIn(lines: readonly string[]): void {
    const leaks: string[] = [];
    for (const line of lines) {
      for (const [value, what] of this.values) {
        if (line.includes(value)) leaks.push(`${what} in: ${line.slice(0, 400)}`);
      }
    }
    expect(leaks).toEqual([]);
  }
}

async function send(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.payload !== undefined
      ? { payload: options.payload as Record<string, unknown> | string }
      : {}),
  });
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function tokenOf(link: string): string {
  const token = link.split('/').at(-1);
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The account flows of product §7, refused attempts included; every secret goes in `secrets`. */
async function runFlows(t: TestApp, secrets: Secrets, admin: ReturnType<typeof uniqueIdentity>) {
  const { app, mailer } = t;
  const person = uniqueIdentity('ann');
  const passwords = {
    admin: 'amber-lantern-harbor-91',
    first: 'violet-tangerine-47-first',
    second: 'cobalt-meadow-58-second',
    third: 'saffron-glacier-69-third',
    wrong: 'wrong-password-never-right-12',
  };
  for (const [name, value] of Object.entries(passwords)) secrets.add(`password ${name}`, value);
  secrets.add('JWT secret', JWT_SECRET);
  secrets.add('YouTube API key', YOUTUBE_KEY);
  secrets.add('OIDC client secret', issuer.clientSecret);

  // Register (and a refused registration carrying a password), verify the email.
  for (const [who, password] of [
    [admin, passwords.admin],
    [person, passwords.first],
  ] as const) {
    const registered = await send(app, 'POST', '/api/auth/register', {
      payload: { ...who, password },
    });
    expectStatus(registered, 201);
    secrets.addToken(`${who.username} registration token`, registered.json<AuthResponse>().token);
    await app.background.idle();
    const verifyToken = tokenOf(mailer.last(who.email, 'verify').link);
    secrets.add('verification token', verifyToken);
    expectStatus(await send(app, 'GET', `/api/auth/verify-email/${verifyToken}`), 200);
    // A used token: answered again (already verified), and still not logged.
    expect((await send(app, 'GET', `/api/auth/verify-email/${verifyToken}`)).statusCode).toBe(200);
  }
  expectStatus(
    await send(app, 'POST', '/api/auth/register', {
      payload: { ...uniqueIdentity(), email: 'not-an-email', password: passwords.wrong },
    }),
    400,
  );
  // A body that is not JSON: the parser's message must not carry the text into the log.
  expectStatus(
    await send(app, 'POST', '/api/auth/login', {
      payload: `${passwords.wrong}`,
      headers: { 'content-type': 'application/json' },
    }),
    400,
  );
  expectStatus(
    await send(app, 'POST', '/api/auth/login', {
      payload: `{"email":"${person.email}","password":"${passwords.wrong}" x}`,
      headers: { 'content-type': 'application/json' },
    }),
    400,
  );

  // Login: wrong then right; the token is used, refused after logout.
  expectStatus(
    await send(app, 'POST', '/api/auth/login', {
      payload: { email: person.email, password: passwords.wrong },
    }),
    401,
  );
  const login = await send(app, 'POST', '/api/auth/login', {
    payload: { email: person.email, password: passwords.first },
  });
  expectStatus(login, 200);
  let token = login.json<AuthResponse>().token;
  secrets.addToken('login token', token);
  expectStatus(await send(app, 'GET', '/api/auth/me', { token }), 200);
  expectStatus(await send(app, 'POST', '/api/auth/logout', { token }), 204);
  expectStatus(await send(app, 'GET', '/api/auth/me', { token }), 401);
  expectStatus(await send(app, 'GET', '/api/auth/me', { token: `${token}x` }), 401);

  // Forgot and reset the password (a token is checked, used, and refused once used).
  expectStatus(
    await send(app, 'POST', '/api/auth/forgot-password', { payload: { email: person.email } }),
    200,
  );
  await app.background.idle();
  const resetToken = tokenOf(mailer.last(person.email, 'reset').link);
  secrets.add('reset token', resetToken);
  expectStatus(await send(app, 'GET', `/api/auth/verify-reset-token/${resetToken}`), 200);
  const reset = { token: resetToken, newPassword: passwords.second };
  expectStatus(await send(app, 'POST', '/api/auth/reset-password', { payload: reset }), 200);
  expectStatus(await send(app, 'POST', '/api/auth/reset-password', { payload: reset }), 400);

  // Change the password: a wrong current one is refused, then the change.
  const relogin = await send(app, 'POST', '/api/auth/login', {
    payload: { email: person.username, password: passwords.second },
  });
  expectStatus(relogin, 200);
  token = relogin.json<AuthResponse>().token;
  secrets.addToken('second login token', token);
  expectStatus(
    await send(app, 'POST', '/api/users/password', {
      token,
      payload: { currentPassword: passwords.wrong, newPassword: passwords.third },
    }),
    400,
  );
  expectStatus(
    await send(app, 'POST', '/api/users/password', {
      token,
      payload: { currentPassword: passwords.second, newPassword: passwords.third },
    }),
    200,
  );

  // Music search with the server's API key (answered, then refused upstream).
  expectStatus(await send(app, 'GET', '/api/music/search?q=lofi', { token }), 200);
  youtube.setMode('keyInvalid', 'search');
  expectStatus(await send(app, 'GET', '/api/music/search?q=rain', { token }), 403);
  youtube.setMode('error', 'search');
  expect((await send(app, 'GET', '/api/music/search?q=storm', { token })).statusCode).toBe(502);
  youtube.reset();

  // External sign-in with the fake issuer: start, the provider, our callback, the exchange.
  issuer.signInAs({ sub: `sub-${person.username}`, email: `idp-${person.email}` });
  const started = await send(app, 'POST', '/api/auth/oauth/oidc/start', {
    payload: { intent: 'signin' },
  });
  expectStatus(started, 200);
  const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
  secrets.add('flow cookie value', cookie.slice(cookie.indexOf('=') + 1));
  const back = await throughProvider(started.json<{ url: string }>().url);
  secrets.add('provider code', back.searchParams.get('code'));
  secrets.add('provider state', back.searchParams.get('state'));
  const callback = await send(app, 'GET', `${back.pathname}${back.search}`, {
    headers: { cookie },
  });
  expectStatus(callback, 302);
  const landing = new URL(String(callback.headers.location), PUBLIC_URL);
  const code = landing.searchParams.get('code');
  secrets.add('one-time exchange code', code);
  await send(app, 'GET', `${landing.pathname}${landing.search}`);
  const exchanged = await send(app, 'POST', '/api/auth/oauth/exchange', { payload: { code } });
  expectStatus(exchanged, 200);
  secrets.addToken('external sign-in token', exchanged.json<AuthResponse>().token);
  expectStatus(await send(app, 'POST', '/api/auth/oauth/exchange', { payload: { code } }), 400);

  // Admin actions on the person, with the admin's token.
  const adminLogin = await send(app, 'POST', '/api/auth/login', {
    payload: { email: admin.email, password: passwords.admin },
  });
  expectStatus(adminLogin, 200);
  const adminToken = adminLogin.json<AuthResponse>().token;
  secrets.addToken('admin token', adminToken);
  const personId = (await send(app, 'GET', '/api/auth/me', { token })).json<{ id: string }>().id;
  for (const [method, url] of [
    ['GET', '/api/admin/overview'],
    ['GET', `/api/admin/users?q=${person.username}`],
    ['GET', `/api/admin/users/${personId}`],
    ['POST', `/api/admin/users/${personId}/sign-out`],
    ['POST', `/api/admin/users/${personId}/disable`],
    ['POST', `/api/admin/users/${personId}/enable`],
    ['GET', '/api/admin/audit'],
  ] as const) {
    expectStatus(await send(app, method, url, { token: adminToken }), 200);
  }
  // The person's token ended with the admin's sign-out; the admin routes refuse it too.
  expectStatus(await send(app, 'GET', '/api/admin/overview', { token }), 401);

  // Deleting the account asks for the password (a wrong one first).
  const last = await send(app, 'POST', '/api/auth/login', {
    payload: { email: person.email, password: passwords.third },
  });
  expectStatus(last, 200);
  token = last.json<AuthResponse>().token;
  secrets.addToken('last login token', token);

  // Change the email (a wrong current password first), confirm it, then undo it from the old
  // address, which ends every session; each link is refused once used.
  const moved = `moved-${person.email}`;
  for (const [currentPassword, status] of [
    [passwords.wrong, 400],
    [passwords.third, 200],
  ] as const) {
    expectStatus(
      await send(app, 'PUT', '/api/users/me', {
        token,
        payload: { email: moved, currentPassword },
      }),
      status,
    );
  }
  await app.background.idle();
  const confirmToken = tokenOf(mailer.last(moved, 'email-change').link);
  const undoToken = tokenOf(mailer.last(person.email, 'email-change-notice').link);
  secrets.add('email change confirmation token', confirmToken);
  secrets.add('email change undo token', undoToken);
  for (const [url, linkToken] of [
    ['/api/auth/email-change/confirm', confirmToken],
    ['/api/auth/email-change/undo', undoToken],
  ] as const) {
    expectStatus(await send(app, 'POST', url, { payload: { token: linkToken } }), 200);
  }
  expectStatus(
    await send(app, 'POST', '/api/auth/email-change/undo', { payload: { token: undoToken } }),
    400,
  );
  const restored = await send(app, 'POST', '/api/auth/login', {
    payload: { email: person.email, password: passwords.third },
  });
  expectStatus(restored, 200);
  token = restored.json<AuthResponse>().token;
  secrets.addToken('login token after the undo', token);
  expectStatus(
    await send(app, 'DELETE', '/api/users/delete', {
      token,
      payload: { password: passwords.wrong },
    }),
    400,
  );
  expectStatus(
    await send(app, 'DELETE', '/api/users/delete', {
      token,
      payload: { password: passwords.third },
    }),
    200,
  );
  await app.background.idle();
}

/** Follows the provider's redirects as a browser would, until it sends the browser back to us. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${response.status}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

describe.each(DIALECTS)('secrets never logged on %s', (dialect) => {
  const apps = useTestApps(dialect);

  async function make(logStream: Writable, adminEmail: string, mailer?: 'real') {
    return apps.make({
      env: {
        LOG_LEVEL: 'trace',
        JWT_SECRET,
        ADMIN_EMAILS: adminEmail,
        YOUTUBE_API_KEY: YOUTUBE_KEY,
        YOUTUBE_API_BASE: youtube.baseUrl,
        YOUTUBE_OEMBED_BASE: youtube.oembedBase,
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
      },
      logger: { level: 'trace', stream: logStream },
      ...(mailer ? { mailer } : {}),
    });
  }

  it('no password, token, code, key or cookie value in any log line at trace level', async () => {
    const log = captureLog();
    const admin = uniqueIdentity('boss');
    const t = await make(log.stream, admin.email);
    const secrets = new Secrets();
    await runFlows(t, secrets, admin);
    // The password hashes too (read before the account went; the admin's is still there).
    const hashes = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .execute();
    for (const { password_hash } of hashes) secrets.add('password hash', password_hash);

    // The capture works: the logger ran at trace level and every request was logged.
    expect(log.lines.length).toBeGreaterThan(60);
    expect(log.lines.some((line) => line.includes('/api/auth/login'))).toBe(true);
    expect(t.app.log.level).toBe('trace');
    secrets.expectNoneIn(log.lines);
    // Nothing shaped like a bearer token or a JWT, whoever issued it.
    for (const line of log.lines) {
      expect(line).not.toMatch(/Bearer\s|eyJ[\w-]{10,}\./);
    }
  });

  it('without SMTP, a mailed token is only in the outbox line that exists to show its link', async () => {
    const log = captureLog();
    const t = await make(log.stream, '', 'real');
    const { app } = t;
    const person = uniqueIdentity('out');
    expectStatus(await send(app, 'POST', '/api/auth/register', { payload: person }), 201);
    expectStatus(
      await send(app, 'POST', '/api/auth/forgot-password', { payload: { email: person.email } }),
      200,
    );
    await app.background.idle();
    const outbox = path.join(t.dataDir, 'outbox');
    const tokens = fs
      .readdirSync(outbox)
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes(person.email))
      .map((mail) => /\/(?:verify-email|reset-password)\/([\w-]{16,})/.exec(mail)?.[1]);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      const holding = log.lines.filter((line) => line.includes(token!));
      // README: without SMTP settings each mail's link is printed in the log: that line only.
      expect(holding).toHaveLength(1);
      expect(JSON.parse(holding[0]!)).toMatchObject({
        msg: 'Mail written to outbox',
        mail: { link: expect.stringContaining(token!), to: person.email },
      });
    }
  });
});
