import { Writable } from 'node:stream';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { LogFormat, LogLevel } from './config.js';
import { redactUrl } from './lib/redact-url.js';

export interface LoggerOptions {
  level?: LogLevel;
  /** `json` (default) or `pretty`: one readable line per entry (config's LOG_FORMAT). */
  format?: LogFormat;
  /** Where the lines go (default stdout); tests pass a stream to read them. */
  stream?: NodeJS.WritableStream;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every pino line has, or that the readable line shows in its own place. */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
  'mail',
]);

function clockTime(time: unknown): string {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return date.toTimeString().slice(0, 8);
}

/**
 * One pino JSON line as one readable line: `HH:MM:SS LEVEL message`, a request's method, URL,
 * status and time, other fields as key=value, an error's stack indented below. A mail written
 * to the outbox becomes `MAIL <kind> mail to <address>: <link>` so the link stands on its own.
 * (pino-pretty does the general job; this covers our few shapes without another dependency.)
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return line.trimEnd();
    entry = parsed as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const time = clockTime(entry.time);
  const mail = entry.mail as { kind?: unknown; to?: unknown; link?: unknown; file?: unknown };
  if (mail && typeof mail === 'object' && typeof mail.link === 'string') {
    const to = typeof mail.to === 'string' ? ` to ${mail.to}` : '';
    const file = typeof mail.file === 'string' ? `   (saved as ${mail.file})` : '';
    return `${time} MAIL  ${String(mail.kind ?? 'a')} mail${to}: ${mail.link}${file}`;
  }
  const level = (LEVEL_NAMES[Number(entry.level)] ?? 'LOG').padEnd(5);
  const parts: string[] = [`${time} ${level}`];
  if (typeof entry.reqId === 'string') parts.push(`[${entry.reqId}]`);
  parts.push(String(entry.msg ?? ''));
  const req = entry.req as { method?: unknown; url?: unknown } | undefined;
  if (req && typeof req === 'object') parts.push(`${String(req.method)} ${String(req.url)}`);
  const res = entry.res as { statusCode?: unknown } | undefined;
  if (res && typeof res === 'object') parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  let out = parts.filter((part) => part !== '').join(' ');
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const detail = typeof err.stack === 'string' ? err.stack : String(err.message ?? '');
    out += `\n${detail.replace(/^/gm, '    ')}`;
  }
  return out;
}

/** A stream that takes pino's JSON lines and writes readable ones to `out`. */
export function prettyStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = String(chunk);
      for (const line of text.split('\n')) {
        if (line.trim() !== '') out.write(`${formatLogLine(line)}\n`);
      }
      done();
    },
  });
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  host?: string;
}

export const REDACTED = '[redacted]';

/** Fields that hold a secret wherever they are logged: as the entry's own field or one level down. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'password_hash',
  'token',
  'token_hash',
  'code_hash',
  'authorization',
  'cookie',
  'jwtSecret',
  'youtubeApiKey',
  'clientSecret',
];

/**
 * What pino censors (secrets never logged; decision 034): each secret field at the top
 * and one level down (a body, a user row, a config object), and the credential headers of a
 * request or response however it is nested.
 */
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'request.headers.authorization',
  'request.headers.cookie',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'reply.headers["set-cookie"]',
  '*.body.password',
  '*.body.newPassword',
  '*.body.currentPassword',
  '*.body.token',
  '*.body.code',
  'body.code',
  '*.user.password_hash',
  '*.config.jwtSecret',
  '*.config.youtubeApiKey',
  '*.*.*.clientSecret',
];

/**
 * Structured pino logs that never hold a password or a token: bodies are never logged, request
 * lines carry no headers (and authorization/cookie are redacted should anything log them), and
 * token URLs show a placeholder.
 */
export function loggerOptions(options: LoggerOptions): FastifyServerOptions['logger'] {
  const stream =
    options.format === 'pretty' ? prettyStream(options.stream ?? process.stdout) : options.stream;
  return {
    level: options.level ?? 'info',
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req(request: RequestLike) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** A request slower than this is logged at warn, whatever the level (decision 064). */
export const SLOW_REQUEST_LOG_MS = 1000;

/**
 * What is logged per request (decision 064): Fastify's two lines per request ("incoming
 * request", "request completed") at debug instead of info, so production's info level carries
 * what someone acts on (start, warnings, errors, mails, slow requests) and not one line per
 * request (a pair run wrote 129 MB in 13 minutes, and the lines cost CPU on every request). A
 * request over SLOW_REQUEST_LOG_MS is logged at warn; one that errored stays an error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
    } else if (responseTime >= SLOW_REQUEST_LOG_MS) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }
}
