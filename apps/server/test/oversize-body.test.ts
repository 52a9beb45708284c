import { HTTP_MESSAGES, THEME_API_MESSAGES } from '@focusroom/core';
import { OVERSIZE_BODY_DISCARD_MAX_BYTES } from '../src/plugins/body-limit.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueIdentity } from './support/accounts.js';
import { tempDir } from './support/app.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { rawExchange } from './support/raw-http.js';

const ROUNDS = 30;

function upload(target: string, body: Buffer, headers: string, chunked: boolean) {
  const head =
    `POST ${target} HTTP/1.1\r\nHost: focusroom.test\r\nContent-Type: application/json\r\n` +
    headers +
    (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${body.length}\r\n\r\n`);
  return chunked ? [head, `${body.length.toString(16)}\r\n`, body, '\r\n0\r\n\r\n'] : [head, body];
}

// The race (the server closing while the client still writes) shows only between two
// processes: in one, the client reads the answer before the server's close is processed.
describe('an over-limit body, over a real socket to a server process', () => {
  let server: ChildServer;
  let token = '';

  beforeAll(async () => {
    server = startChildServer({ DATA_DIR: tempDir(), LOG_LEVEL: 'info' });
    const base = await server.listening;
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...uniqueIdentity('oversize'), password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    token = ((await response.json()) as { token: string }).token;
  });
  afterAll(() => server.stop());

  it(`is read to its end and answered 413 with Connection: close, never reset (${ROUNDS} times each)`, async () => {
    // A theme image of 3 MB as a data URL (the theme route's limit is about 2.8 MB), and the
    // same bytes to a route with a small limit; each with a declared length and chunked.
    const image = `data:image/png;base64,${Buffer.alloc(3 * 1024 * 1024).toString('base64')}`;
    const theme = Buffer.from(JSON.stringify({ name: 'Too big', image_url: image }));
    const cases = [
      [
        '/api/themes/custom',
        `Authorization: Bearer ${token}\r\n`,
        THEME_API_MESSAGES.imageTooLarge,
      ],
      ['/api/auth/login', '', HTTP_MESSAGES.bodyTooLarge],
    ] as const;
    const failures: string[] = [];
    for (const [target, headers, message] of cases) {
      for (const chunked of [false, true]) {
        for (let round = 0; round < ROUNDS; round += 1) {
          const label = `${target} ${chunked ? 'chunked' : 'with Content-Length'} #${round}`;
          try {
            const answer = await rawExchange(
              server.port(),
              upload(target, theme, headers, chunked),
            );
            expect(answer.ending, label).toBe('end');
            expect(answer.status, label).toBe(413);
            expect(answer.headers.connection, label).toBe('close');
            expect(JSON.parse(answer.body), label).toEqual({ code: expect.any(String), message });
            expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a length past anything it would read at once, without waiting for the body', async () => {
    const authLimit = 16 * 1024;
    const bound = authLimit + OVERSIZE_BODY_DISCARD_MAX_BYTES;
    const auth = `Authorization: Bearer ${token}\r\n`;
    const cases: [method: string, target: string, headers: string, declared: number][] = [
      ['POST', '/api/auth/login', '', 1e9],
      ['POST', '/api/auth/login', '', bound + 1],
      ['POST', '/api/auth/register', '', 1e9],
      ['PUT', '/api/users/me', auth, 1e9],
      ['POST', '/api/users/password', auth, 1e9],
      ['POST', '/api/pomodoro/sessions', auth, 1e9],
      ['POST', '/api/pomodoro/sessions', auth, 1024 * 1024 + OVERSIZE_BODY_DISCARD_MAX_BYTES + 1],
    ];
    for (const [method, target, headers, declared] of cases) {
      const label = `${method} ${target} announcing ${declared} bytes`;
      const started = performance.now();
      // Two bytes of the body, then nothing: the client waits for the answer.
      const answer = await rawExchange(
        server.port(),
        `${method} ${target} HTTP/1.1\r\nHost: focusroom.test\r\n` +
          `Content-Type: application/json\r\n${headers}Content-Length: ${declared}\r\n\r\n{"`,
        1_000,
      );
      expect(performance.now() - started, label).toBeLessThan(1_000);
      expect(answer.ending, label).toBe('end');
      expect(answer.status, label).toBe(413);
      expect(answer.headers.connection, label).toBe('close');
      expect(JSON.parse(answer.body), label).toEqual({
        code: expect.any(String),
        message: HTTP_MESSAGES.bodyTooLarge,
      });
    }
  });

  it('still waits for, and reads, a body it announced within what it reads past the limit', async () => {
    // Over the login limit but within the discard bound: read to its end, then the 413.
    const body = Buffer.alloc(64 * 1024, 'a');
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: focusroom.test\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const early = await rawExchange(server.port(), head, 500).catch((error: Error) => error);
    expect(early).toBeInstanceOf(Error);
    expect((early as Error).message).toBe('no answer (timeout)');
    const answer = await rawExchange(server.port(), [head, body]);
    expect(answer.status).toBe(413);
    expect(answer.ending).toBe('end');
  });

  it('still takes a body within the limit on the same route', async () => {
    const body = Buffer.from(JSON.stringify({ login: 'nobody', password: 'wrong-password-1' }));
    for (const chunked of [false, true]) {
      const answer = await rawExchange(
        server.port(),
        upload('/api/auth/login', body, 'Connection: close\r\n', chunked),
      );
      expect(answer.status).toBe(401);
    }
  });
});
