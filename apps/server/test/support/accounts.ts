import { expect } from 'vitest';
import type { AuthResponse } from '@focusroom/core/schemas';
import type { App } from '../../src/app.js';
import type { CapturingMailer } from './capturing-mailer.js';

let counter = 0;

/** A password that passes every rule (long enough, not in the common list). */
export const PASSWORD = 'violet-tangerine-47';

export function uniqueIdentity(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
  return { name: `Test ${tag}`, username: tag, email: `${tag}@example.com`, password: PASSWORD };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function register(
  app: App,
  overrides: Partial<ReturnType<typeof uniqueIdentity>> = {},
) {
  const identity = { ...uniqueIdentity(), ...overrides };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: identity,
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<AuthResponse>();
  await app.background.idle();
  return { identity, token: body.token, user: body.user };
}

export async function verify(app: App, mailer: CapturingMailer, email: string) {
  await app.background.idle();
  const token = mailer.lastToken(email, 'verify');
  const response = await app.inject({ method: 'GET', url: `/api/auth/verify-email/${token}` });
  expect(response.statusCode, response.body).toBe(200);
}

export async function login(
  app: App,
  identifier: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: identifier, password, ...extra },
  });
}

/** Registered, verified and signed in; returns a fresh login token. */
export async function verifiedUser(app: App, mailer: CapturingMailer, overrides = {}) {
  const registered = await register(app, overrides);
  await verify(app, mailer, registered.identity.email);
  const response = await login(app, registered.identity.email, registered.identity.password);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<AuthResponse>();
  return { ...registered, token: body.token, user: body.user };
}
