import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/plugins/security.js';
import { tempDir, useTestApps } from './support/app.js';
import { rawExchange, type RawAnswer } from './support/raw-http.js';

/** A web build of one page, so the static files' wildcard is there as in production. */
function webBuild(): string {
  const dir = tempDir('focusroom-web-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Focusroom</title>');
  return dir;
}

const get = (target: string, headers = 'Host: focusroom.test\r\n') =>
  `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
const post = (target: string, type: string, body: string) =>
  `POST ${target} HTTP/1.1\r\nHost: focusroom.test\r\nContent-Type: ${type}\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

/** Every header Helmet sets, with its value; a Referer policy; no-store for API answers. */
function expectSecurityHeaders(answer: RawAnswer, api: boolean, label: string) {
  for (const [name, value] of Object.entries(helmetHeaders())) {
    if (name === 'referrer-policy') continue;
    expect(answer.headers[name], `${label}: ${name}`).toBe(value);
  }
  expect(answer.headers['referrer-policy'], label).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin)$/,
  );
  if (api) expect(answer.headers['cache-control'], label).toBe('no-store');
}

describe('answers refused before any route runs, over a real socket', () => {
  const apps = useTestApps('sqlite');

  async function listening() {
    const { app } = await apps.make({ overrides: { webDistDir: webBuild() } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as AddressInfo).port;
  }

  it('carry every security header, however early they are refused', async () => {
    const port = await listening();
    const longHeader = `X-Filler: ${'f'.repeat(20_000)}\r\n`;
    const cases: [label: string, request: string, status: number, api: boolean][] = [
      ['NUL in the path', get('/api/auth/verify-email/%00'), 400, true],
      ['NUL in the query', get('/api/pomodoro/stats?tz=%00'), 400, true],
      ['NUL in a page path', get('/%00'), 400, false],
      ['undecodable URL', get('/api/users/%zz'), 400, true],
      ['unknown /api path', get('/api/does-not-exist'), 404, true],
      ['invalid JSON', post('/api/auth/login', 'application/json', '{"login":'), 400, true],
      ['unsupported media type', post('/api/auth/login', 'text/plain', 'hello'), 415, true],
      ['no Host header (Node refuses)', get('/api/health', ''), 400, true],
      [
        'an Expect Node does not know',
        get('/api/health', 'Host: focusroom.test\r\nExpect: tea\r\n'),
        417,
        true,
      ],
      ['a malformed header line (parser refuses)', get('/api/health', 'Ho st: x\r\n'), 400, true],
      [
        'headers over the size limit (parser refuses)',
        get('/api/health', `Host: focusroom.test\r\n${longHeader}`),
        431,
        true,
      ],
    ];
    for (const [label, request, status, api] of cases) {
      const answer = await rawExchange(port, request);
      expect(answer.status, label).toBe(status);
      expectSecurityHeaders(answer, api, label);
    }
  });

  it('answers the parser refusals with { message } and closes the connection', async () => {
    const port = await listening();
    const malformed = await rawExchange(port, get('/api/health', 'Ho st: x\r\n'));
    expect(JSON.parse(malformed.body)).toEqual({
      code: expect.any(String),
      message: 'Bad request',
    });
    expect(malformed.headers['content-type']).toMatch(/application\/json/);
    expect(malformed.headers.connection).toBe('close');
    const tooLarge = await rawExchange(
      port,
      get('/api/health', `Host: focusroom.test\r\nX-Filler: ${'f'.repeat(20_000)}\r\n`),
    );
    expect(JSON.parse(tooLarge.body)).toEqual({
      code: expect.any(String),
      message: 'Request headers are too large',
    });
  });

  it('answers an /api path with dot segments 404 JSON, never the static files 403', async () => {
    const port = await listening();
    for (const target of [
      '/api/../api/x',
      '/api/themes/%2e%2e/x',
      '/api/./x',
      '/api/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const answer = await rawExchange(port, get(target));
      expect(answer.status, target).toBe(404);
      expect(answer.headers['content-type'], target).toMatch(/application\/json/);
      expect(JSON.parse(answer.body), target).toEqual({
        code: expect.any(String),
        message: 'Not found',
      });
      expectSecurityHeaders(answer, true, target);
    }
  });

  it('lets a 5,000-character id reach its route, which refuses it with 400 JSON (never 403)', async () => {
    const port = await listening();
    const id = 'a'.repeat(5_000);
    for (const target of [`/api/auth/verify-reset-token/${id}`, `/api/auth/verify-email/${id}`]) {
      const answer = await rawExchange(port, get(target));
      expect(answer.status, target.slice(0, 40)).toBe(400);
      expect(typeof JSON.parse(answer.body).message).toBe('string');
      expect(answer.body).not.toContain(id);
      expectSecurityHeaders(answer, true, target.slice(0, 40));
    }
    // A route that takes any string as an id answers as for any other unknown id.
    const theme = await rawExchange(port, get(`/api/themes/${id}`));
    expect(theme.status).toBe((await rawExchange(port, get('/api/themes/abc'))).status);
    expect(theme.status).not.toBe(403);
  });

  it('carry them through app.inject too, where only the hooks set them (NUL refusal)', async () => {
    const { app } = await apps.make();
    for (const url of ['/api/auth/verify-email/%00', '/api/pomodoro/stats?tz=%00']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      for (const [name, value] of Object.entries(helmetHeaders())) {
        if (name !== 'referrer-policy')
          expect(response.headers[name], `${url}: ${name}`).toBe(value);
      }
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
