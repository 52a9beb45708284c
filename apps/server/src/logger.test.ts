import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  RequestLogController,
  SLOW_REQUEST_LOG_MS,
  formatLogLine,
  loggerOptions,
  type LoggerOptions,
} from './logger.js';

function capture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** The logger Fastify builds from the app's own options. */
function logger(options: LoggerOptions) {
  return Fastify({ logger: loggerOptions(options) }).log;
}

const TIME = new Date(2026, 0, 2, 9, 5, 7).getTime();

describe('the readable log format', () => {
  it('prints a mailed link as one line of its own, with the kind, the address and the file', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: TIME,
        pid: 1,
        hostname: 'h',
        mail: {
          kind: 'verify',
          to: 'ann@example.com',
          file: '/data/outbox/x-verify.eml',
          link: 'http://localhost:3000/verify-email/abc_DEF-123',
        },
        msg: 'Mail written to outbox',
      }),
    );
    expect(line).toBe(
      '09:05:07 MAIL  verify mail to ann@example.com: http://localhost:3000/verify-email/abc_DEF-123   (saved as /data/outbox/x-verify.eml)',
    );
  });

  it('prints a request as time, level, request id, message, method, URL, status and duration', () => {
    const incoming = formatLogLine(
      JSON.stringify({
        level: 30,
        time: TIME,
        reqId: 'req-1',
        req: { method: 'GET', url: '/api/ready', host: 'localhost', remoteAddress: '127.0.0.1' },
        msg: 'incoming request',
      }),
    );
    expect(incoming).toBe('09:05:07 INFO  [req-1] incoming request GET /api/ready');
    const done = formatLogLine(
      JSON.stringify({
        level: 30,
        time: TIME,
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 4.6,
        msg: 'request completed',
      }),
    );
    expect(done).toBe('09:05:07 INFO  [req-1] request completed 200 5 ms');
  });

  it('keeps other fields as key=value and an error stack indented below', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 50,
        time: TIME,
        task: 'mail',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
        msg: 'background task failed',
      }),
    );
    expect(line.split('\n')).toEqual([
      '09:05:07 ERROR background task failed task=mail',
      '    Error: boom',
      '        at x',
    ]);
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });

  it('is what loggerOptions writes when the format is pretty, and JSON lines otherwise', () => {
    const pretty = capture();
    logger({ level: 'info', format: 'pretty', stream: pretty.stream }).info(
      { signal: 'SIGTERM' },
      'shutting down',
    );
    expect(pretty.lines).toHaveLength(1);
    expect(pretty.lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}shutting down signal=SIGTERM$/);

    const json = capture();
    logger({ level: 'info', format: 'json', stream: json.stream }).info('shutting down');
    expect(JSON.parse(json.lines[0] ?? '')).toMatchObject({ level: 30, msg: 'shutting down' });
  });
});

describe('secrets in log entries', () => {
  const SECRET = 'S3CRET-value-never-logged';

  it.each([
    ['a body', { body: { password: SECRET, newPassword: SECRET, currentPassword: SECRET } }],
    ['a reset body', { body: { token: SECRET } }],
    ['an exchange body', { body: { code: SECRET } }],
    ['a request body', { request: { body: { password: SECRET, code: SECRET } } }],
    ['fields of their own', { password: SECRET, token: SECRET, authorization: SECRET }],
    ['a user row', { user: { id: 'u1', password_hash: SECRET } }],
    ['a nested user row', { ctx: { user: { password_hash: SECRET } } }],
    ['token rows', { row: { token_hash: SECRET, code_hash: SECRET } }],
    [
      'request headers',
      { request: { headers: { authorization: `Bearer ${SECRET}`, cookie: SECRET } } },
    ],
    ['headers', { headers: { authorization: SECRET, cookie: SECRET, 'set-cookie': SECRET } }],
    ['reply headers', { reply: { headers: { 'set-cookie': `flow=${SECRET}` } } }],
    ['the config', { config: { jwtSecret: SECRET, youtubeApiKey: SECRET } }],
    ['provider credentials', { config: { oauth: { oidc: { clientSecret: SECRET } } } }],
  ])('censors %s at every level, trace included', (_name, entry) => {
    const { stream, lines } = capture();
    const log = logger({ level: 'trace', stream });
    log.trace(entry, 'trace entry');
    log.error(entry, 'error entry');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(SECRET);
      expect(line).toContain('[redacted]');
    }
  });

  it("writes a request's method and URL and a response's status, never their headers or body", () => {
    const { stream, lines } = capture();
    const log = logger({ level: 'trace', stream });
    log.trace(
      {
        req: {
          method: 'POST',
          url: '/api/auth/login',
          headers: { authorization: `Bearer ${SECRET}`, cookie: SECRET },
          body: { password: SECRET },
        },
        res: { statusCode: 200, headers: { 'set-cookie': SECRET } },
      },
      'request',
    );
    expect(lines[0]).toContain('/api/auth/login');
    expect(lines[0]).not.toContain(SECRET);
  });

  it('keeps what is not a secret', () => {
    const { stream, lines } = capture();
    logger({ level: 'info', stream }).info(
      { user: { id: 'u1', email: 'ann@example.com' }, err: { code: 'FST_ERR_X' } },
      'kept',
    );
    expect(lines[0]).toContain('ann@example.com');
    expect(lines[0]).toContain('FST_ERR_X');
  });
});

describe('what is logged per request (decision 064)', () => {
  async function serve(level: LoggerOptions['level']) {
    const { stream, lines } = capture();
    const app = Fastify({
      logger: loggerOptions({ level, stream }),
      logController: new RequestLogController(),
    });
    app.get('/quick', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, SLOW_REQUEST_LOG_MS + 50));
      return { ok: true };
    });
    app.get('/broken', async () => {
      throw new Error('broken on purpose');
    });
    await app.ready();
    const messages = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    return { app, messages };
  }

  it('at info, a request that answers in time writes no line', async () => {
    const { app, messages } = await serve('info');
    await app.inject({ method: 'GET', url: '/quick' });
    expect(messages()).toEqual([]);
    await app.close();
  });

  it('at debug, each request writes the incoming and completed lines', async () => {
    const { app, messages } = await serve('debug');
    await app.inject({ method: 'GET', url: '/quick' });
    expect(messages().map((m) => [m.level, m.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    await app.close();
  });

  it('a slow request is a warning at info, with its method, URL, status and time', async () => {
    const { app, messages } = await serve('info');
    await app.inject({ method: 'GET', url: '/slow' });
    const [slow] = messages() as unknown as {
      level: number;
      msg: string;
      req: { method: string; url: string };
      res: { statusCode: number };
      responseTime: number;
    }[];
    expect(slow).toMatchObject({
      level: 40,
      msg: 'slow request',
      req: { method: 'GET', url: '/slow' },
      res: { statusCode: 200 },
    });
    expect(slow!.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_LOG_MS);
    await app.close();
  });

  it('a failed request is still an error at info', async () => {
    const { app, messages } = await serve('info');
    await app.inject({ method: 'GET', url: '/broken' });
    expect(messages().some((m) => m.level === 50)).toBe(true);
    await app.close();
  });
});
