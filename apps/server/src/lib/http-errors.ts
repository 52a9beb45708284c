import {
  HTTP_MESSAGES,
  apiErrorCodeOf,
  genericApiErrorCode,
  retryAnswer,
  type ApiErrorCode,
} from '@focusroom/core';

/**
 * The body of every error answer (decision 075): `{ message, code, params?, errors?, fieldCodes? }`.
 * The code is the one given, else the message's own (core's api-errors.ts), else the status's
 * generic one; each field error gets its code the same way.
 */
export function errorBody(
  status: number,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = { message, ...extra };
  const errors = body.errors;
  if (typeof body.code !== 'string') {
    // A refusal with field errors that no registry words (zod's own) is an invalid value.
    body.code =
      apiErrorCodeOf(message) ?? (errors ? 'http.invalidValue' : genericApiErrorCode(status));
  }
  if (errors && typeof errors === 'object' && !('fieldCodes' in body)) {
    const fieldCodes: Record<string, ApiErrorCode> = {};
    for (const [field, text] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof text === 'string') fieldCodes[field] = apiErrorCodeOf(text) ?? 'http.invalidValue';
    }
    body.fieldCodes = fieldCodes;
  }
  return body;
}

/**
 * An error with an HTTP status and a client-safe body. The error handler sends `body` as is;
 * anything else thrown becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): Record<string, unknown> {
    return errorBody(this.statusCode, this.message, this.extra);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors ? { errors } : {});

/** A 400 with one field error whose text is also the message. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { errors: { [field]: message } });

export const unauthorized = (message: string = HTTP_MESSAGES.authenticationRequired) =>
  new HttpError(401, message);
export const forbidden = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(403, message, extra);
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpError(409, message, errors ? { errors } : {});

/**
 * 429 with Retry-After in whole seconds and core's sentence that says when to retry, its code and
 * the count in its words.
 */
export function tooManyRequests(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const { message, code, params } = retryAnswer(seconds);
  return new HttpError(429, message, { code, params }, { 'retry-after': String(seconds) });
}
