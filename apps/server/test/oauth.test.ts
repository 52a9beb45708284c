import {
  OAUTH_API_MESSAGES,
  OAUTH_ERROR_MESSAGES,
  OAUTH_EXCHANGE_CODE_TTL_MS,
  OAUTH_FLOW_TTL_MS,
  type OAuthErrorCode,
} from '@focusroom/core';
import {
  OAUTH_DISCOVERY_MAX_AGE_MS,
  OAUTH_DISCOVERY_REFRESH_AFTER_MS,
  OAUTH_PROVIDER_RETRY_MS,
} from '../src/modules/oauth/providers.js';
import type {
  AuthResponse,
  OAuthConnection,
  OAuthExchangeResponse,
  OAuthProvidersResponse,
  User,
} from '@focusroom/core/schemas';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { OAuthRepository } from '../src/modules/oauth/repository.js';
import {
  DEFAULT_GITHUB_PERSON,
  startFakeGithub,
  type FakeGithub,
  type GithubPerson,
} from './fakes/github.mjs';
import { startOidcIssuer, type OidcIssuer, type ScriptedPerson } from './fakes/oidc-issuer.mjs';
import { bearer, login, register, verifiedUser } from './support/accounts.js';
import { useTestApps, type TestAppOptions } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const PUBLIC_URL = 'http://focusroom.test';
const OIDC_CALLBACK = `${PUBLIC_URL}/api/auth/oauth/oidc/callback`;

let issuer: OidcIssuer;
let github: FakeGithub;

beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUris: [OIDC_CALLBACK] });
  github = await startFakeGithub();
});
afterAll(async () => {
  await issuer?.close();
  await github?.close();
});

let serial = 0;
/** A person nobody has signed in as yet (subject and email unique across runs). */
function newPerson(overrides: Partial<ScriptedPerson> = {}): ScriptedPerson {
  serial += 1;
  const tag = `p${process.pid}x${serial}x${Math.floor(Math.random() * 1e6)}`;
  return {
    sub: `sub-${tag}`,
    email: `${tag}@idp.example.test`,
    email_verified: true,
    name: `Ada ${tag}`,
    preferred_username: `ada.${tag}`,
    ...overrides,
  };
}

function newGithubPerson(overrides: Partial<GithubPerson> = {}): GithubPerson {
  serial += 1;
  const tag = `g${process.pid}x${serial}x${Math.floor(Math.random() * 1e6)}`;
  return {
    id: 100_000 + serial * 1000 + Math.floor(Math.random() * 1000),
    login: `octo-${tag}`,
    name: `Octo ${tag}`,
    emails: [
      { email: `${tag}.other@example.test`, primary: false, verified: true },
      { email: `${tag}@example.test`, primary: true, verified: true },
    ],
    ...overrides,
  };
}

/** A tiny cookie jar for the browser's side of the provider (names only; enough here). */
class Jar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's redirects as a browser would, until it sends the browser back to us;
 * returns that callback address.
 */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(`provider stopped at ${url}: ${response.status} ${await response.text()}`);
    }
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

interface Started {
  url: string;
  cookie: string;
  setCookie: string;
}

async function start(
  app: App,
  provider: string,
  body: Record<string, unknown> = { intent: 'signin' },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/oauth/${provider}/start`,
    payload: body,
    headers,
  });
}

async function started(
  app: App,
  provider: string,
  body: Record<string, unknown> = { intent: 'signin' },
  headers: Record<string, string> = {},
): Promise<Started> {
  const response = await start(app, provider, body, headers);
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return {
    url: response.json<{ url: string }>().url,
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** Our callback with the flow cookie; returns where it redirects the browser. */
async function callback(app: App, address: URL, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: `${address.pathname}${address.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  return {
    location: new URL(String(response.headers.location), PUBLIC_URL),
    setCookie: String(response.headers['set-cookie']),
  };
}

/** The whole browser round trip; returns where our callback sends the browser. */
async function roundTrip(
  app: App,
  provider: string,
  body: Record<string, unknown> = { intent: 'signin' },
  headers: Record<string, string> = {},
): Promise<URL> {
  const flow = await started(app, provider, body, headers);
  const back = await throughProvider(flow.url);
  return (await callback(app, back, flow.cookie)).location;
}

async function exchange(app: App, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/oauth/exchange', payload: { code } });
}

/** Signs in through the provider and exchanges the code: the usual login answer. */
async function signIn(app: App, provider = 'oidc'): Promise<OAuthExchangeResponse> {
  const location = await roundTrip(app, provider);
  expect(location.pathname, location.href).toBe('/oauth-callback');
  const code = location.searchParams.get('code');
  expect(code, location.href).toBeTruthy();
  const response = await exchange(app, code ?? '');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OAuthExchangeResponse>();
}

function expectError(location: URL, code: OAuthErrorCode): void {
  expect(location.pathname).toBe('/oauth-callback');
  expect(location.searchParams.get('error')).toBe(code);
  expect(location.searchParams.get('code')).toBeNull();
}

async function connections(app: App, token: string): Promise<OAuthConnection[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/me/connections',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OAuthConnection[]>();
}

describe.each(DIALECTS)('external sign-in on %s', (dialect) => {
  const apps = useTestApps(dialect);

  function make(options: TestAppOptions = {}) {
    return apps.make({
      ...options,
      env: {
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: issuer.clientId,
        OIDC_CLIENT_SECRET: issuer.clientSecret,
        OIDC_NAME: 'Test SSO',
        OAUTH_GITHUB_CLIENT_ID: github.clientId,
        OAUTH_GITHUB_CLIENT_SECRET: github.clientSecret,
        OAUTH_GITHUB_BASE: github.base,
        GITHUB_API_BASE: github.apiBase,
        ...options.env,
      },
    });
  }

  describe('providers', () => {
    it('lists only the providers with credentials, the issuer under its configured name', async () => {
      const { app } = await make();
      const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json<OAuthProvidersResponse>()).toEqual({
        providers: [
          { id: 'github', name: 'GitHub' },
          { id: 'oidc', name: 'Test SSO' },
        ],
      });

      const bare = await apps.make();
      const none = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(none.json<OAuthProvidersResponse>()).toEqual({ providers: [] });
      const refused = await start(bare.app, 'google');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: expect.any(String),
        message: OAUTH_API_MESSAGES.unknownProvider,
      });
      expect((await start(bare.app, 'myspace')).statusCode).toBe(404);
    });

    it('lists Google when its client id and secret are set', async () => {
      const { app } = await apps.make({
        env: {
          OAUTH_GOOGLE_CLIENT_ID: 'google-client-id.apps.example.test',
          OAUTH_GOOGLE_CLIENT_SECRET: 'google-client-secret',
        },
      });
      const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json<OAuthProvidersResponse>()).toEqual({
        providers: [{ id: 'google', name: 'Google' }],
      });
    });
  });

  describe('start', () => {
    it("answers the provider's address with PKCE S256, state and nonce, and sets the flow cookie", async () => {
      const { app } = await make();
      const flow = await started(app, 'oidc');
      const url = new URL(flow.url);
      expect(url.origin).toBe(issuer.issuer);
      expect(url.searchParams.get('redirect_uri')).toBe(OIDC_CALLBACK);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
      expect(url.searchParams.get('scope')).toBe('openid email profile');
      expect(flow.setCookie).toMatch(/^focusroom_oauth=[\w-]+\.[\w-]+\.[\w-]+;/);
      expect(flow.setCookie).toContain('Path=/api/auth/oauth');
      expect(flow.setCookie).toContain(`Max-Age=${OAUTH_FLOW_TTL_MS / 1000}`);
      expect(flow.setCookie).toContain('HttpOnly');
      expect(flow.setCookie).toContain('SameSite=Lax');
      // Nothing secret travels in the address: the verifier stays in the cookie.
      expect(flow.url).not.toContain('code_verifier');

      const gh = new URL((await started(app, 'github')).url);
      expect(gh.origin + gh.pathname).toBe(`${github.base}/login/oauth/authorize`);
      expect(gh.searchParams.get('code_challenge_method')).toBe('S256');
      expect(gh.searchParams.get('nonce')).toBeNull();
    });

    it('refuses a next that leaves the site, and link without a signed-in user', async () => {
      const { app } = await make();
      for (const next of ['//evil.example', 'https://evil.example/', '/%2F%2Fevil']) {
        expect((await start(app, 'oidc', { intent: 'signin', next })).statusCode).toBe(400);
      }
      expect((await start(app, 'oidc', { intent: 'elevate' })).statusCode).toBe(400);
      const link = await start(app, 'oidc', { intent: 'link' });
      expect(link.statusCode).toBe(401);
    });

    it('limits attempts per address', async () => {
      const { app } = await make({
        overrides: { rateLimits: { oauthStartPerIp: { max: 2, windowMs: 60_000 } } },
      });
      expect((await start(app, 'oidc')).statusCode).toBe(200);
      expect((await start(app, 'github')).statusCode).toBe(200);
      const limited = await start(app, 'oidc');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('gives up on an issuer that does not answer', async () => {
      const silent = http.createServer(() => {
        // Never answers.
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = silent.address() as AddressInfo;
        const { app } = await make({
          env: { OIDC_ISSUER: `http://127.0.0.1:${port}` },
          overrides: { oauthTimeoutMs: 300 },
        });
        const response = await start(app, 'oidc');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'provider_unavailable' });
      } finally {
        silent.closeAllConnections();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it('answers 503 with a clear message when the issuer cannot be reached', async () => {
      const { app } = await make({ env: { OIDC_ISSUER: 'http://127.0.0.1:9' } });
      const response = await start(app, 'oidc');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: OAUTH_ERROR_MESSAGES.provider_unavailable,
        code: 'provider_unavailable',
      });
    });
  });

  describe('a provider that goes away after it was used', () => {
    /** The answer to a start while the issuer cannot be reached, as for one never reached. */
    const unavailable = {
      message: OAUTH_ERROR_MESSAGES.provider_unavailable,
      code: 'provider_unavailable',
    };

    it('answers 503 like a provider never reached once it stops, and signs in again when it is back', async () => {
      const first = await startOidcIssuer({ redirectUris: [OIDC_CALLBACK] });
      let back: OidcIssuer | undefined;
      try {
        const { app, clock } = await make({ env: { OIDC_ISSUER: first.issuer } });
        expect((await start(app, 'oidc')).statusCode).toBe(200);
        expect(first.discoveryRequests).toBe(1);
        // A healthy provider is not asked again on every start.
        clock.advance(OAUTH_DISCOVERY_REFRESH_AFTER_MS - 1);
        expect((await start(app, 'oidc')).statusCode).toBe(200);
        expect(first.discoveryRequests).toBe(1);

        await first.close();
        clock.advance(OAUTH_DISCOVERY_MAX_AGE_MS);
        const gone = await start(app, 'oidc');
        expect(gone.statusCode).toBe(503);
        expect(gone.json()).toEqual(unavailable);
        expect(gone.headers['set-cookie']).toBeUndefined();

        back = await startOidcIssuer({
          redirectUris: [OIDC_CALLBACK],
          port: Number(new URL(first.issuer).port),
        });
        // Within the retry interval the failure answers at once, without asking.
        expect((await start(app, 'oidc')).json()).toEqual(unavailable);
        expect(back.discoveryRequests).toBe(0);

        clock.advance(OAUTH_PROVIDER_RETRY_MS);
        const person = newPerson();
        back.signInAs(person);
        const flow = await started(app, 'oidc');
        expect(back.discoveryRequests).toBe(1);
        // The issuer came back with new signing keys: the refreshed configuration knows them.
        const location = (await callback(app, await throughProvider(flow.url), flow.cookie))
          .location;
        expect(location.pathname, location.href).toBe('/oauth-callback');
        const signedIn = await exchange(app, location.searchParams.get('code') ?? '');
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        expect(signedIn.json<AuthResponse>().user.email).toBe(person.email);
      } finally {
        await first.close();
        await back?.close();
      }
    });

    it('finds out in the background on a busy server, and answers 503 from then on', async () => {
      const issuerThatStops = await startOidcIssuer({ redirectUris: [OIDC_CALLBACK] });
      try {
        const { app, clock } = await make({ env: { OIDC_ISSUER: issuerThatStops.issuer } });
        expect((await start(app, 'oidc')).statusCode).toBe(200);
        await issuerThatStops.close();
        clock.advance(OAUTH_DISCOVERY_REFRESH_AFTER_MS);
        // This one is answered from what is held while the provider is asked again.
        expect((await start(app, 'oidc')).statusCode).toBe(200);
        await vi.waitFor(async () => {
          const response = await start(app, 'oidc');
          expect(response.statusCode).toBe(503);
          expect(response.json()).toEqual(unavailable);
        });
      } finally {
        await issuerThatStops.close();
      }
    });

    it('asks a failing provider once per interval, however many sign-ins start', async () => {
      let asked = 0;
      const failing = http.createServer((_request, response) => {
        asked += 1;
        response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = failing.address() as AddressInfo;
        const { app, clock } = await make({ env: { OIDC_ISSUER: `http://127.0.0.1:${port}` } });
        const burst = async () =>
          (await Promise.all(Array.from({ length: 8 }, () => start(app, 'oidc')))).map(
            (response) => [response.statusCode, response.json<{ code?: string }>().code],
          );
        expect(await burst()).toEqual(Array(8).fill([503, 'provider_unavailable']));
        expect(asked).toBe(1);
        clock.advance(OAUTH_PROVIDER_RETRY_MS - 1);
        expect(await burst()).toEqual(Array(8).fill([503, 'provider_unavailable']));
        expect(asked).toBe(1);
        clock.advance(1);
        expect((await start(app, 'oidc')).statusCode).toBe(503);
        expect(asked).toBe(2);
      } finally {
        failing.closeAllConnections();
        await new Promise((resolve) => failing.close(resolve));
      }
    });
  });

  describe('sign-in', () => {
    it('signs up a new person: verified, a username from the profile, no token in any address', async () => {
      const { app } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      const flow = await started(app, 'oidc', { intent: 'signin', next: '/stats' });
      const back = await throughProvider(flow.url);
      const { location, setCookie } = await callback(app, back, flow.cookie);
      expect(location.pathname).toBe('/oauth-callback');
      expect(location.searchParams.get('next')).toBe('/stats');
      expect(location.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
      expect(location.href).not.toMatch(/token|eyJ/);
      expect(setCookie).toMatch(/^focusroom_oauth=;.*Max-Age=0/);

      const answer = await exchange(app, location.searchParams.get('code') ?? '');
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json<OAuthExchangeResponse>();
      expect(body.user).toMatchObject({
        email: person.email,
        name: person.name,
        username: person.preferred_username,
        is_verified: true,
      });
      // The web app carries a visitor's set-up into a new account without asking.
      expect(body.new_account).toBe(true);
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(body.token),
      });
      expect(me.json<User>().id).toBe(body.user.id);
      const list = await connections(app, body.token);
      expect(list).toEqual([
        { provider: 'oidc', email: person.email, connected_at: expect.any(String) },
      ]);
    });

    it('says an account made through the provider has no password until one is set by the reset link', async () => {
      const { app, mailer } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      const first = await signIn(app);
      expect(first.user.has_password).toBe(false);
      const me = async (token: string) =>
        (
          await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })
        ).json<User>();
      expect((await me(first.token)).has_password).toBe(false);

      // The profile's "Set a password" sends the usual forgot-password request.
      const forgot = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: first.user.email },
      });
      expect(forgot.statusCode, forgot.body).toBe(200);
      await app.background.idle();
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {
          token: mailer.lastToken(first.user.email, 'reset'),
          newPassword: 'reset-new-password-31',
        },
      });
      expect(reset.statusCode, reset.body).toBe(200);

      issuer.signInAs(person);
      const again = await signIn(app);
      expect(again.user).toMatchObject({ id: first.user.id, has_password: true });
      expect((await me(again.token)).has_password).toBe(true);
    });

    it('signs the same person in again to the same account, by subject even after the email changed', async () => {
      const { app } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      const first = await signIn(app);
      issuer.signInAs({ ...person, email: `changed.${person.email}` });
      const second = await signIn(app);
      expect(second.user.id).toBe(first.user.id);
      expect(second.user.email).toBe(person.email);
      expect([first.new_account, second.new_account]).toEqual([true, false]);
    });

    it('gives a taken username a number and makes an unverified account when the email is not vouched for', async () => {
      const { app, mailer } = await make();
      const taken = await register(app);
      const person = newPerson({
        preferred_username: taken.identity.username,
        email_verified: false,
      });
      issuer.signInAs(person);
      const body = await signIn(app);
      expect(body.user.username).toBe(`${taken.identity.username}2`);
      expect(body.user.is_verified).toBe(false);
      await app.background.idle();
      expect(mailer.lastToken(person.email ?? '', 'verify')).toBeTruthy();
    });

    it('does not take over a password account with the same email: sign in first, then connect', async () => {
      const { app } = await make();
      const owner = await register(app);
      const person = newPerson({ email: owner.identity.email });
      issuer.signInAs(person);
      expectError(await roundTrip(app, 'oidc'), 'account_exists_sign_in_first');

      // The owner signs in with the password and connects the provider.
      const connected = await roundTrip(app, 'oidc', { intent: 'link' }, bearer(owner.token));
      expect(connected.pathname).toBe('/profile');
      expect(connected.searchParams.get('connected')).toBe('oidc');
      const again = await signIn(app);
      expect(again.user.id).toBe(owner.user.id);
    });

    it('links an account without a password when the provider vouches for its email, never when it does not', async () => {
      const { app } = await make();
      const gh = newGithubPerson();
      github.signInAs(gh);
      const fromGithub = await signIn(app, 'github');
      const email = gh.emails.find((e) => e.primary)?.email ?? '';
      expect(fromGithub.user.email).toBe(email);

      issuer.signInAs(newPerson({ email, email_verified: false }));
      expectError(await roundTrip(app, 'oidc'), 'account_exists_sign_in_first');

      issuer.signInAs(newPerson({ email, email_verified: true }));
      const viaIssuer = await signIn(app);
      expect(viaIssuer.user.id).toBe(fromGithub.user.id);
      // Linked to an account that already existed: not new.
      expect(viaIssuer.new_account).toBe(false);
      const list = await connections(app, viaIssuer.token);
      expect(list.map((c) => c.provider).sort()).toEqual(['github', 'oidc']);
    });

    it('refuses a disabled account, at the callback and at the exchange', async () => {
      const { app } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      const first = await signIn(app);
      const pending = (await roundTrip(app, 'oidc')).searchParams.get('code') ?? '';
      await apps.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', first.user.id)
        .execute();
      expectError(await roundTrip(app, 'oidc'), 'account_unavailable');
      const late = await exchange(app, pending);
      expect(late.statusCode).toBe(403);
    });

    it('leaves no account behind when linking the new account fails', async () => {
      const { app } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      const failing = vi
        .spyOn(OAuthRepository.prototype, 'insertAccount')
        .mockRejectedValueOnce(new Error('the link could not be written'));
      try {
        expectError(await roundTrip(app, 'oidc'), 'sign_in_failed');
      } finally {
        failing.mockRestore();
      }
      const orphan = await apps.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', person.email?.toLowerCase() ?? '')
        .executeTakeFirst();
      expect(orphan).toBeUndefined();

      // The next attempt makes the account and its link as usual.
      issuer.signInAs(person);
      const body = await signIn(app);
      expect(body.user.email).toBe(person.email);
      expect(await connections(app, body.token)).toHaveLength(1);
    });

    it('refuses a person who shares no email', async () => {
      const { app } = await make();
      const person = newPerson();
      delete person.email;
      issuer.signInAs(person);
      expectError(await roundTrip(app, 'oidc'), 'email_missing');
    });

    it('passes a refused consent on as access_denied', async () => {
      const { app } = await make();
      issuer.denyNext();
      try {
        expectError(await roundTrip(app, 'oidc'), 'access_denied');
      } finally {
        issuer.signInAs(newPerson());
      }
    });
  });

  describe('the browser binding', () => {
    it('refuses an answer without the flow cookie, with another attempt’s cookie, or a changed state', async () => {
      const { app } = await make();
      issuer.signInAs(newPerson());
      const flow = await started(app, 'oidc');
      const back = await throughProvider(flow.url);
      expectError((await callback(app, back, '')).location, 'state_mismatch');

      const other = await started(app, 'oidc');
      expectError((await callback(app, back, other.cookie)).location, 'state_mismatch');

      const forged = new URL(back);
      forged.searchParams.set('state', 'x'.repeat(43));
      expectError((await callback(app, forged, flow.cookie)).location, 'state_mismatch');

      // A character inside the signature: the last one of a base64url string carries unused
      // low bits, so changing it (A to B, say) can leave the bytes, and the signature, as they are.
      const at = flow.cookie.length - 5;
      const tampered =
        flow.cookie.slice(0, at) +
        (flow.cookie[at] === 'A' ? 'B' : 'A') +
        flow.cookie.slice(at + 1);
      expectError((await callback(app, back, tampered)).location, 'state_mismatch');

      // The untouched pair still works: none of the above used the provider's code.
      const ok = (await callback(app, back, flow.cookie)).location;
      expect(ok.searchParams.get('code')).toBeTruthy();
    });

    it('refuses a flow cookie older than ten minutes', async () => {
      const { app, clock } = await make();
      issuer.signInAs(newPerson());
      const flow = await started(app, 'oidc');
      const back = await throughProvider(flow.url);
      clock.advance(OAUTH_FLOW_TTL_MS + 1000);
      expectError((await callback(app, back, flow.cookie)).location, 'state_mismatch');
    });

    it('refuses an ID token issued for another nonce', async () => {
      const { app } = await make();
      issuer.signInAs(newPerson());
      const flow = await started(app, 'oidc');
      const url = new URL(flow.url);
      url.searchParams.set('nonce', 'a-nonce-this-browser-never-made-0123456789');
      const back = await throughProvider(url.href);
      expectError((await callback(app, back, flow.cookie)).location, 'state_mismatch');
    });
  });

  describe('the one-time code', () => {
    it('works once', async () => {
      const { app } = await make();
      issuer.signInAs(newPerson());
      const location = await roundTrip(app, 'oidc');
      const code = location.searchParams.get('code') ?? '';
      expect((await exchange(app, code)).statusCode).toBe(200);
      const replay = await exchange(app, code);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        code: expect.any(String),
        message: OAUTH_API_MESSAGES.exchangeCodeInvalid,
      });
    });

    it('expires after 60 seconds, and unknown codes are refused alike', async () => {
      const { app, clock } = await make();
      issuer.signInAs(newPerson());
      const code = (await roundTrip(app, 'oidc')).searchParams.get('code') ?? '';
      clock.advance(OAUTH_EXCHANGE_CODE_TTL_MS + 1);
      const late = await exchange(app, code);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({
        code: expect.any(String),
        message: OAUTH_API_MESSAGES.exchangeCodeInvalid,
      });
      expect((await exchange(app, 'made-up')).statusCode).toBe(400);
      const empty = await exchange(app, '');
      expect(empty.statusCode).toBe(400);
    });

    it('limits exchanges per address', async () => {
      const { app } = await make({
        overrides: { rateLimits: { oauthExchangePerIp: { max: 2, windowMs: 60_000 } } },
      });
      expect((await exchange(app, 'a')).statusCode).toBe(400);
      expect((await exchange(app, 'b')).statusCode).toBe(400);
      expect((await exchange(app, 'c')).statusCode).toBe(429);
    });
  });

  describe('connect', () => {
    it('refuses a provider account already connected to someone else', async () => {
      const { app, mailer } = await make();
      const person = newPerson();
      issuer.signInAs(person);
      await signIn(app);
      const other = await verifiedUser(app, mailer);
      const location = await roundTrip(app, 'oidc', { intent: 'link' }, bearer(other.token));
      expectError(location, 'already_linked_elsewhere');
      expect(location.searchParams.get('intent')).toBe('link');
      expect(await connections(app, other.token)).toEqual([]);
    });

    it('refuses a second account of the same provider', async () => {
      const { app, mailer } = await make();
      const user = await verifiedUser(app, mailer);
      issuer.signInAs(newPerson());
      await roundTrip(app, 'oidc', { intent: 'link' }, bearer(user.token));
      issuer.signInAs(newPerson());
      const second = await roundTrip(app, 'oidc', { intent: 'link' }, bearer(user.token));
      expectError(second, 'provider_already_connected');
    });
  });

  describe('disconnect', () => {
    it('never removes the last way to sign in', async () => {
      const { app } = await make();
      issuer.signInAs(newPerson());
      const only = await signIn(app);
      const refused = await app.inject({
        method: 'DELETE',
        url: '/api/users/me/connections/oidc',
        headers: bearer(only.token),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: expect.any(String),
        message: OAUTH_API_MESSAGES.lastSignInMethod,
      });
      expect(await connections(app, only.token)).toHaveLength(1);

      // With a second connection, either may go; then the other is the last one again.
      github.signInAs(newGithubPerson());
      await roundTrip(app, 'github', { intent: 'link' }, bearer(only.token));
      const gone = await app.inject({
        method: 'DELETE',
        url: '/api/users/me/connections/oidc',
        headers: bearer(only.token),
      });
      expect(gone.statusCode).toBe(204);
      const last = await app.inject({
        method: 'DELETE',
        url: '/api/users/me/connections/github',
        headers: bearer(only.token),
      });
      expect(last.statusCode).toBe(409);
    });

    it('of two disconnects at once of a password-less account’s two connections, lets one pass', async () => {
      const { app } = await make();
      issuer.signInAs(newPerson());
      const only = await signIn(app);
      github.signInAs(newGithubPerson());
      await roundTrip(app, 'github', { intent: 'link' }, bearer(only.token));
      expect(await connections(app, only.token)).toHaveLength(2);

      const answers = await Promise.all(
        ['oidc', 'github'].map((provider) =>
          app.inject({
            method: 'DELETE',
            url: `/api/users/me/connections/${provider}`,
            headers: bearer(only.token),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
      expect(await connections(app, only.token)).toHaveLength(1);
    });

    it('lets an account with a password disconnect its only provider; unknown ones are 404', async () => {
      const { app, mailer } = await make();
      const user = await verifiedUser(app, mailer);
      issuer.signInAs(newPerson());
      await roundTrip(app, 'oidc', { intent: 'link' }, bearer(user.token));
      const missing = await app.inject({
        method: 'DELETE',
        url: '/api/users/me/connections/github',
        headers: bearer(user.token),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        code: expect.any(String),
        message: OAUTH_API_MESSAGES.connectionNotFound,
      });
      const gone = await app.inject({
        method: 'DELETE',
        url: '/api/users/me/connections/oidc',
        headers: bearer(user.token),
      });
      expect(gone.statusCode).toBe(204);
      expect(await connections(app, user.token)).toEqual([]);
      expect((await login(app, user.identity.email)).statusCode).toBe(200);
      const anonymous = await app.inject({ method: 'GET', url: '/api/users/me/connections' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GitHub', () => {
    it('signs up with the primary verified address of /user/emails and the login as username', async () => {
      const { app } = await make();
      const person = newGithubPerson();
      github.signInAs(person);
      const body = await signIn(app, 'github');
      expect(body.user).toMatchObject({
        email: person.emails[1]?.email,
        username: person.login,
        name: person.name,
        is_verified: true,
      });
      const again = await signIn(app, 'github');
      expect(again.user.id).toBe(body.user.id);
    });

    it('gives up on a GitHub API that does not answer', async () => {
      const { app } = await make({ overrides: { oauthTimeoutMs: 300 } });
      try {
        github.signInAs(newGithubPerson());
        github.setMode('hang');
        expectError(await roundTrip(app, 'github'), 'provider_unavailable');
      } finally {
        github.signInAs(DEFAULT_GITHUB_PERSON);
      }
    });

    it('passes a refusal on as access_denied and a failing GitHub as provider_unavailable', async () => {
      const { app } = await make();
      try {
        github.setMode('deny');
        expectError(await roundTrip(app, 'github'), 'access_denied');
        github.setMode('down');
        expectError(await roundTrip(app, 'github'), 'provider_unavailable');
      } finally {
        github.signInAs(DEFAULT_GITHUB_PERSON);
      }
    });
  });
});
