import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PASSWORD, bearer, register, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/index.js';

describe.each(DIALECTS)('HTTP behaviour on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('errors', () => {
    it('answers malformed JSON with 400 and a message', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.co", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: 'Request body is not valid JSON',
      });
    });

    it('answers wrong types with 400, a readable message and field errors', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 42, username: ['x'], email: true, password: null },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'name', 'password', 'username']);
      expect(body.message).toMatch(/expected string/i);
    });

    it('answers a body that is not an object with 400', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { 'content-type': 'application/json' },
        payload: '[1, 2, 3]',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: expect.any(String),
        errors: { body: expect.any(String) },
      });
    });

    it('answers a body over 16 KiB on account routes with 413', async () => {
      const { app } = await apps.make();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'x'.repeat(17 * 1024) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: 'Request body is too large',
      });
    });

    it('answers a body over the global 1 MiB limit with 413', async () => {
      const { app } = await apps.make();
      app.post('/api/test-echo', async (request) => ({
        size: JSON.stringify(request.body).length,
      }));
      const small = await app.inject({
        method: 'POST',
        url: '/api/test-echo',
        payload: { x: 'y'.repeat(100_000) },
      });
      expect(small.statusCode).toBe(200);
      const huge = await app.inject({
        method: 'POST',
        url: '/api/test-echo',
        payload: { x: 'y'.repeat(1_100_000) },
      });
      expect(huge.statusCode).toBe(413);
    });

    it('answers a non-JSON content type with 415', async () => {
      const { app } = await apps.make();
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': contentType },
          payload: 'email=a@b.co&password=x',
        });
        expect(response.statusCode, contentType).toBe(415);
        expect(response.json()).toEqual({
          message: 'Unsupported content type: send application/json',
          code: 'http.unsupportedContentType',
        });
      }
    });

    it('answers an unknown /api path with a JSON 404 for every method', async () => {
      const { app } = await apps.make();
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const response = await app.inject({ method, url: '/api/does-not-exist?x=1' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json()).toEqual({ code: expect.any(String), message: 'Not found' });
      }
    });

    it('answers a URL that does not decode with 400 { message }, never echoing the URL', async () => {
      const { app } = await apps.make();
      for (const url of [
        '/api/auth/verify-email/%ff',
        '/api/auth/verify-reset-token/abc%E0%A4%A',
        '/api/users/%c0%af',
        '/%ff',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['content-type'], url).toMatch(/application\/json/);
        expect(response.json(), url).toEqual({ code: expect.any(String), message: 'Bad request' });
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.body).not.toContain('FST_');
        expect(response.body).not.toContain('%');
      }
    });

    it('lets an over-long path parameter reach its route, which refuses it with 400 { message } and never echoes it', async () => {
      const { app } = await apps.make();
      const secret = 's'.repeat(5_000);
      const response = await app.inject({
        method: 'GET',
        url: `/api/auth/verify-reset-token/${secret}`,
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
      expect(response.body).not.toContain(secret);
    });

    it('hides the internals of an unexpected error behind a generic 500 and logs it', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const { app } = await apps.make({ logger: { level: 'info', stream } });
      app.get('/api/test-boom', async () => {
        throw new Error('database password is hunter2 at /srv/secret.ts:42');
      });
      const response = await app.inject({ method: 'GET', url: '/api/test-boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: 'Internal server error',
      });
      expect(response.body).not.toContain('hunter2');
      expect(lines.join('')).toContain('hunter2');
    });
  });

  describe('headers', () => {
    it('sends a Content-Security-Policy with scripts from our origin only, nosniff and a strict referrer policy', async () => {
      const { app } = await apps.make();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const [name, ...values] = d.split(/\s+/);
            return [name, values.join(' ')];
          }),
      );
      expect(directives).toEqual({
        'default-src': "'self'",
        'script-src': "'self' https://www.youtube.com https://s.ytimg.com",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: https:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'media-src': "'self' blob: https:",
        'frame-src': 'https://www.youtube.com https://www.youtube-nocookie.com',
        'worker-src': "'self' blob:",
        'manifest-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'frame-ancestors': "'none'",
        'form-action': "'self'",
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('sends no referrer from every /api/auth answer, including errors', async () => {
      const { app } = await apps.make();
      for (const [method, url] of [
        ['GET', '/api/auth/verify-email/abc'],
        ['GET', '/api/auth/verify-reset-token/abc'],
        ['GET', '/api/auth/me'],
        ['POST', '/api/auth/login'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          payload: method === 'POST' ? {} : undefined,
        });
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    });
  });

  describe('health, readiness and docs', () => {
    it('answers /api/health and /api/ready with 200', async () => {
      const { app } = await apps.make();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
    });

    it('answers /api/ready with 503 when the database does not answer', async () => {
      const { config } = await apps.make();
      // Nothing listens on port 1: every query fails as with a database that is down.
      const handle = openDatabase({
        kind: 'postgres',
        url: 'postgres://postgres@127.0.0.1:1/none',
      });
      const app = await buildApp({ config, db: handle.db });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await app.close();
      await handle.close();
    });

    it('serves OpenAPI JSON with every account route and its responses, and the docs UI', async () => {
      const { app } = await apps.make();
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      const routes = [
        ['post', '/api/auth/register', ['201', '400', '409', '429']],
        ['post', '/api/auth/login', ['200', '400', '401', '403', '429']],
        ['get', '/api/auth/me', ['200', '401']],
        ['post', '/api/auth/logout', ['204', '401']],
        ['get', '/api/auth/verification-status', ['200', '401']],
        ['get', '/api/auth/verify-email/{token}', ['200', '400']],
        ['post', '/api/auth/resend-verification', ['200', '429']],
        ['post', '/api/auth/forgot-password', ['200', '429']],
        ['get', '/api/auth/verify-reset-token/{token}', ['200', '400']],
        ['post', '/api/auth/reset-password', ['200', '400']],
        ['put', '/api/users/me', ['200', '400', '401', '409']],
        ['delete', '/api/users/me/pending-email', ['200', '401']],
        ['post', '/api/users/me/pending-email/resend', ['200', '401', '409', '429']],
        ['post', '/api/auth/email-change/confirm', ['200', '400', '409']],
        ['post', '/api/auth/email-change/undo', ['200', '400', '409']],
        ['post', '/api/users/password', ['200', '400', '401']],
        ['delete', '/api/users/delete', ['200', '400', '401']],
        ['get', '/api/health', ['200']],
        ['get', '/api/ready', ['200', '503']],
      ] as const;
      for (const [method, path, statuses] of routes) {
        const operation = doc.paths[path]?.[method];
        expect(operation, `${method} ${path}`).toBeDefined();
        for (const status of statuses)
          expect(operation.responses, `${path} ${status}`).toHaveProperty(status);
      }
      // Whatever may fail with a 500 works with the database: its 503 (decision 037) is listed.
      const operations = Object.entries(
        doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>,
      ).flatMap(([path, methods]) =>
        Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op]),
      );
      const with500 = operations.filter(
        ([, op]) => typeof op === 'object' && '500' in op.responses,
      );
      expect(with500.length).toBeGreaterThan(40);
      for (const [name, op] of with500) {
        expect(typeof op === 'object' && op.responses, String(name)).toHaveProperty('503');
      }
      const userSchema =
        doc.paths['/api/auth/me'].get.responses['200'].content['application/json'].schema;
      expect(Object.keys(userSchema.properties).sort()).toContain('is_admin');
      const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toMatch(/text\/html/);
      const docsCsp = String(ui.headers['content-security-policy']);
      expect(docsCsp).toContain("script-src 'self'");
      expect(docsCsp).not.toContain('upgrade-insecure-requests');
      expect(docsCsp).not.toContain("'unsafe-eval'");
    });
  });

  describe('logs', () => {
    it('never log passwords or tokens, and show token URLs with a placeholder', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const { app, mailer } = await apps.make({ logger: { level: 'trace', stream } });
      const identity = uniqueIdentity('logs');
      await register(app, identity);
      const verifyToken = mailer.lastToken(identity.email, 'verify');
      await app.inject({ method: 'GET', url: `/api/auth/verify-email/${verifyToken}` });
      const { token } = await verifiedUser(app, mailer);
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: identity.email },
      });
      await app.background.idle();
      const resetToken = mailer.lastToken(identity.email, 'reset');
      await app.inject({ method: 'GET', url: `/api/auth/verify-reset-token/${resetToken}` });
      await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetToken, newPassword: 'log-safe-password-5' },
      });

      const output = lines.join('');
      expect(output.length).toBeGreaterThan(0);
      for (const secret of [PASSWORD, 'log-safe-password-5', verifyToken, resetToken, token]) {
        expect(output).not.toContain(secret);
      }
      expect(output).toContain('/api/auth/verify-email/[token]');
      expect(output).toContain('/api/auth/verify-reset-token/[token]');
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    });

    it('never log the query of /oauth-callback, which carries the token, code and state', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const { app } = await apps.make({ logger: { level: 'trace', stream } });
      const secrets = ['eyJhbGciOiJIUzI1NiJ9.sekrit.sig', 'oauth-code-4f9a', 'state-77b1'];
      const query = `token=${secrets[0]}&code=${secrets[1]}&state=${secrets[2]}`;
      for (const path of ['/oauth-callback', '/oauth-callback/', '/OAuth-Callback']) {
        await app.inject({ method: 'GET', url: `${path}?${query}` });
      }
      const output = lines.join('');
      for (const secret of secrets) expect(output).not.toContain(secret);
      expect(output).toContain('/oauth-callback?[redacted]');
      expect(output).toContain('/OAuth-Callback?[redacted]');
    });
  });
});
