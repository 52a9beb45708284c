import { HTTP_MESSAGES, retryMessage } from '@focusroom/core';

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
    return { message: this.message, ...this.extra };
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

/** 429 with Retry-After in whole seconds and core's sentence that says when to retry. */
export function tooManyRequests(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, retryMessage(seconds), {}, { 'retry-after': String(seconds) });
}
