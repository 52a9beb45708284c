import {
  API_ERROR_TEXTS,
  AUTH_MESSAGES,
  HTTP_MESSAGES,
  SETTINGS_MESSAGES,
  THEME_API_MESSAGES,
  USER_MESSAGES,
} from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { bearer, login, register, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { checkErrorCodesOf, takeErrorCodeProblems } from './support/error-codes.js';
import { DIALECTS } from './support/databases.js';

/**
 * Every error answer carries a stable `code` beside SPEC's English `message`, `fieldCodes` beside
 * `errors`, and `params` where the sentence says a number (decision 075). The whole integration
 * run checks every error answer this way (support/error-codes.ts); these tests name the shapes.
 */
describe.each(DIALECTS)('error codes on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('a wrong password: 401 with the message and its code, nothing else', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    const response = await login(app, identity.email, 'not-the-password-at-all');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      code: 'auth.invalidCredentials',
    });
  });

  it('a taken email: 409 with a code for the message and one per field error', async () => {
    const { app } = await apps.make();
    const { identity } = await register(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity(), email: identity.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: USER_MESSAGES.emailTaken,
      code: 'user.emailTaken',
      errors: { email: USER_MESSAGES.emailTaken },
      fieldCodes: { email: 'user.emailTaken' },
    });
  });

  it("the settings' refusals: each field's code, and the first as the message's", async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { daily_goal: 0, ticking_enabled: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual({
      daily_goal: SETTINGS_MESSAGES.dailyGoal,
      ticking_enabled: SETTINGS_MESSAGES.boolean,
    });
    expect(body.fieldCodes).toEqual({
      daily_goal: 'settings.dailyGoal',
      ticking_enabled: 'settings.boolean',
    });
    expect(API_ERROR_TEXTS[body.code as keyof typeof API_ERROR_TEXTS]).toBe(body.message);
  });

  it('a 429: the count its sentence says, in params', async () => {
    const { app, mailer } = await apps.make();
    const { identity } = await verifiedUser(app, mailer);
    for (let i = 0; i < 10; i++) await login(app, identity.email, `wrong-${i}-password`);
    const response = await login(app, identity.email);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'Too many attempts. Try again in 15 minutes.',
      code: 'http.retryInMinutes',
      params: { count: 15 },
    });
  });

  it("the framework's own refusals and an unknown path have codes too", async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(notJson.json()).toEqual({
      message: HTTP_MESSAGES.invalidJson,
      code: 'http.invalidJson',
    });
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: HTTP_MESSAGES.notFound, code: 'http.notFound' });
    const noTheme = await app.inject({
      method: 'GET',
      url: '/api/themes/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
    });
    expect(noTheme.statusCode).toBe(404);
    expect(noTheme.json()).toEqual({
      message: THEME_API_MESSAGES.notFound,
      code: 'theme.notFound',
    });
  });

  it("a check of zod's own (a number where text goes): the generic code of an invalid value", async () => {
    const { app } = await apps.make();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...uniqueIdentity(), name: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('http.invalidValue');
    expect(body.fieldCodes).toEqual({ name: 'http.invalidValue' });
  });
});

describe('the check of every error answer in the run (support/error-codes.ts)', () => {
  it("reports an error answer without its code, awaited as inject's Chain is (no Promise)", async () => {
    let next = { statusCode: 200, headers: {}, body: '' };
    const answer = (body: unknown) => ({
      statusCode: 400,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
    // A thenable like light-my-request's Chain.
    const fake = checkErrorCodesOf({
      inject: (_options: unknown) => ({
        then: (resolve: (value: typeof next) => void) => resolve(next),
      }),
    });
    // What the tests before this one saw is this file's own check: none may lack its code.
    expect(takeErrorCodeProblems()).toEqual([]);
    next = answer({ message: HTTP_MESSAGES.badRequest, code: 'http.badRequest' });
    await fake.inject({});
    expect(takeErrorCodeProblems()).toEqual([]);
    next = answer({ message: HTTP_MESSAGES.badRequest });
    await fake.inject({});
    next = answer({ message: THEME_API_MESSAGES.notFound, code: 'http.notFound' });
    await fake.inject({});
    expect(takeErrorCodeProblems()).toEqual([
      '400 message: code undefined is not one of ours',
      `400 message: ${JSON.stringify(THEME_API_MESSAGES.notFound)} has no code of its own (sent as http.notFound)`,
    ]);
  });
});
