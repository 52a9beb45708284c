import { AUTH_MESSAGES, USER_MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { HttpError, errorBody, tooManyRequests } from './http-errors.js';

describe('429 answers', () => {
  // The sentence itself is core's retryMessage (tested there).
  it('carry Retry-After in whole seconds, at least 1', () => {
    expect(tooManyRequests(1500).headers).toEqual({ 'retry-after': '2' });
    expect(tooManyRequests(0).headers).toEqual({ 'retry-after': '1' });
  });

  it('carry the code and count of their sentence', () => {
    expect(tooManyRequests(30_000).body).toEqual({
      message: 'Too many attempts. Try again in 30 seconds.',
      code: 'http.retryInSeconds',
      params: { count: 30 },
    });
  });
});

describe('errorBody (decision 075)', () => {
  it("gives a registry's message its code", () => {
    expect(errorBody(401, AUTH_MESSAGES.invalidCredentials)).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      code: 'auth.invalidCredentials',
    });
  });

  it('keeps a code it was given', () => {
    expect(errorBody(503, 'The sign-in service…', { code: 'provider_unavailable' }).code).toBe(
      'provider_unavailable',
    );
  });

  it('gives each field error its code', () => {
    const body = new HttpError(409, USER_MESSAGES.usernameTaken, {
      errors: { username: USER_MESSAGES.usernameTaken, email: 'Invalid input' },
    }).body;
    expect(body).toEqual({
      message: USER_MESSAGES.usernameTaken,
      code: 'user.usernameTaken',
      errors: { username: USER_MESSAGES.usernameTaken, email: 'Invalid input' },
      fieldCodes: { username: 'user.usernameTaken', email: 'http.invalidValue' },
    });
  });

  it("gives a text no registry holds the status's general code", () => {
    expect(errorBody(404, 'Route GET:/x not found').code).toBe('http.notFound');
    expect(errorBody(400, 'Invalid input', { errors: { a: 'Invalid input' } }).code).toBe(
      'http.invalidValue',
    );
    expect(errorBody(500, 'boom').code).toBe('http.internal');
  });
});
