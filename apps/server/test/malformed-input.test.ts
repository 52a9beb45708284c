import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const ENDPOINTS = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/resend-verification'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['PUT', '/api/users/me'],
  ['POST', '/api/users/password'],
  ['DELETE', '/api/users/delete'],
] as const;

/** Field names the endpoints read, so generated objects often hit real fields with odd values. */
const FIELDS = [
  'name',
  'username',
  'email',
  'login',
  'password',
  'rememberMe',
  'token',
  'newPassword',
  'currentPassword',
  'bio',
  'avatarUrl',
  'time_zone',
  '__proto__',
  'constructor',
];

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@example.com',
    'ß@EXAMPLE.com',
    '  ',
    '\uD800',
    'x'.repeat(300),
  ),
);
const oddValue = fc.oneof(
  oddString,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
);
const oddBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), oddValue, { maxKeys: 6 }),
  fc.jsonValue(),
);

describe.each(DIALECTS)('malformed input on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('never answers 5xx to odd JSON bodies on any account endpoint', async () => {
    const { app } = await apps.make({
      overrides: {
        rateLimits: {
          loginPerAccount: { max: 10_000, windowMs: 60_000 },
          loginPerIp: { max: 10_000, windowMs: 60_000 },
          registerPerIp: { max: 10_000, windowMs: 60_000 },
          mailPerIp: { max: 10_000, windowMs: 60_000 },
        },
      },
    });
    const { token } = await register(app);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), oddBody, async ([method, url], body) => {
        const response = await app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(
          response.statusCode,
          `${method} ${url} ${JSON.stringify(body)}: ${response.body}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
    await app.background.idle();
  });

  it('answers NUL characters in text with 400 rather than a database error', async () => {
    const { app } = await apps.make();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'bad\u0000name', password: 'whatever-123' },
    });
    expect(response.statusCode).toBe(400);
    const url = await app.inject({ method: 'GET', url: '/api/auth/verify-email/abc%00def' });
    expect(url.statusCode).toBe(400);
  });

  it('never answers 5xx to odd paths and headers', async () => {
    const { app } = await apps.make();
    const paths = [
      '/api/auth/verify-email/%',
      '/api/auth/verify-email/%E0%A4%A',
      `/api/auth/verify-reset-token/${'a'.repeat(5000)}`,
      '/api/auth/me?x=%zz',
      '/api/..%2f..%2fetc/passwd',
      '/..%2f..%2fetc/passwd',
    ];
    for (const url of paths) {
      const response = await app.inject({ method: 'GET', url });
      // Outside /api this test app has no web build, which is its own deliberate 503.
      const limit = url.startsWith('/api/') ? 500 : 504;
      expect(response.statusCode, url).toBeLessThan(limit);
      expect(response.statusCode, url).not.toBe(500);
    }
    for (const authorization of [
      'Bearer ' + 'x'.repeat(10_000),
      'Bearer a.b.c',
      'Bearer \u00ff',
      'Bearer ..',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
