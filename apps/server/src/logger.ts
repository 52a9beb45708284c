import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config.js';
import { redactUrl } from './lib/redact-url.js';

export interface LoggerOptions {
  level?: LogLevel;
  /** Where JSON lines go (default stdout); tests pass a stream to read them. */
  stream?: NodeJS.WritableStream;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  host?: string;
}

/**
 * Structured pino logs that never hold a password or a token: bodies are never logged, request
 * lines carry no headers (and authorization/cookie are redacted should anything log them), and
 * token URLs show a placeholder.
 */
export function loggerOptions(options: LoggerOptions): FastifyServerOptions['logger'] {
  return {
    level: options.level ?? 'info',
    ...(options.stream ? { stream: options.stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'password',
        'newPassword',
        'currentPassword',
        'token',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
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
