import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HTTP_MESSAGES } from '@focusroom/core';
import { databaseFault } from '../db/index.js';
import { HttpError, errorBody } from '../lib/http-errors.js';
import { LogThrottle } from '../lib/log-throttle.js';
import { registerBodyLimit } from './body-limit.js';
import { securityHeadersFor } from './security.js';

/** Seconds a 503 for a database fault asks the client to wait (its Retry-After header). */
export const DATABASE_FAULT_RETRY_AFTER_SECONDS = 5;

/** How often a database fault is logged at most while it lasts. */
const DATABASE_FAULT_LOG_INTERVAL_MS = 10_000;

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

/** Messages for Fastify's own client errors, which are otherwise too technical to show. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: HTTP_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: HTTP_MESSAGES.emptyBody,
  FST_ERR_CTP_BODY_TOO_LARGE: HTTP_MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: HTTP_MESSAGES.unsupportedContentType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: HTTP_MESSAGES.contentLengthMismatch,
  FST_ERR_CTP_INVALID_TYPE: HTTP_MESSAGES.unsupportedContentType,
};

const STATUS_MESSAGES: Record<number, string> = {
  400: HTTP_MESSAGES.badRequest,
  404: HTTP_MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  413: HTTP_MESSAGES.bodyTooLarge,
  415: HTTP_MESSAGES.unsupportedContentType,
  429: HTTP_MESSAGES.tooManyRequests,
};

/**
 * Fastify's `frameworkErrors` option: errors raised before any route runs (a URL whose
 * percent-encoding does not decode, a path parameter over the router's length limit). Fastify's
 * own answer echoes the URL (tokens included) in another shape; this one is `{ message }` like
 * every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No route and none of the app's hooks run here, so the headers they would add come along;
  // the URL may hold a token, so no Referer either.
  void reply.headers(securityHeadersFor(request.url));
  void reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(errorBody(400, HTTP_MESSAGES.badRequest));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody(414, HTTP_MESSAGES.urlTooLong));
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send(errorBody(500, HTTP_MESSAGES.internal));
}

/**
 * The one error handler (product §7): `{ message, code, errors?, fieldCodes? }` for client errors; a generic 500
 * with nothing internal for anything else, which is logged instead.
 */
export function registerErrorHandler(app: FastifyInstance, now: () => number = Date.now): void {
  // An outage fails every request: one warning per interval, with the count left out.
  const faultLog = new LogThrottle(DATABASE_FAULT_LOG_INTERVAL_MS, now);

  // Fastify parses text/plain by default; a JSON API answers 415 to it instead.
  app.removeContentTypeParser(['text/plain']);

  // An empty body sent as JSON (some clients do, e.g. on logout) reads as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, String(body), (error, value) => {
      if (error) done(error, undefined);
      else if (containsNul(value)) done(new HttpError(400, HTTP_MESSAGES.nulCharacter), undefined);
      else done(null, value);
    });
  });

  // An over-limit body is read (up to a bound) before its 413, so the client gets to read it.
  registerBodyLimit(app);

  // PostgreSQL text cannot hold NUL; refuse it up front so no engine ever sees one.
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/i.test(request.url) ? new HttpError(400, HTTP_MESSAGES.nulCharacter) : undefined);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = field || (error.validationContext ?? 'body');
        errors[key] ??= issue.message ?? HTTP_MESSAGES.invalidValue;
      }
      const first = error.validation[0];
      const message = first?.message ?? HTTP_MESSAGES.invalidRequest;
      return reply.code(400).send(errorBody(400, message, { errors }));
    }

    // The database away or full is no bug of ours and no fault of the request: 503, quickly,
    // with a sentence a person can act on (decision 037).
    const fault = databaseFault(error);
    if (fault) {
      const logged = faultLog.take();
      if (logged) {
        request.log.warn(
          { err: error, earlierLeftOut: logged.skipped },
          `database ${fault}: answered 503 (at most one such warning per ${DATABASE_FAULT_LOG_INTERVAL_MS / 1000} s)`,
        );
      }
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_FAULT_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            503,
            fault === 'full' ? HTTP_MESSAGES.storageFull : HTTP_MESSAGES.databaseUnavailable,
          ),
        );
    }

    const status = error.statusCode ?? 500;
    if (error.validation) {
      return reply.code(400).send(errorBody(400, error.message));
    }
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_CLIENT_ERRORS[error.code] ??
        (error instanceof SyntaxError ? HTTP_MESSAGES.invalidJson : undefined) ??
        STATUS_MESSAGES[status] ??
        HTTP_MESSAGES.badRequest;
      return reply.code(status).send(errorBody(status, message));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, HTTP_MESSAGES.internal));
  });
}
