import {
  API_ERROR_PARAM_CODES,
  API_ERROR_TEXTS,
  genericApiErrorCode,
  isApiErrorCode,
  retryAnswer,
  type ApiErrorTextCode,
} from '@focusroom/core';
import { afterAll } from 'vitest';

/**
 * Zod's own sentences for a value of the wrong type or shape, which only a client that skips our
 * forms sends (a number for a string, an unknown enum value): answered with the status's generic
 * code. Every sentence of ours has a code of its own in core's api-errors.ts.
 */
const ZOD_OWN_TEXT =
  /^(Invalid input|Invalid option|Invalid (string|number|type|date|UUID|email|url|element|key)|Too (big|small)|Unrecognized key|Expected |Required$|Invalid $)/;

function isTextCode(code: string): code is ApiErrorTextCode {
  return Object.hasOwn(API_ERROR_TEXTS, code);
}

/** How a message and its code disagree (empty when they agree), for `message` or a field error. */
function codeMismatch(status: number, text: string, code: unknown, where: string): string[] {
  if (!isApiErrorCode(code)) return [`${where}: code ${JSON.stringify(code)} is not one of ours`];
  if ((API_ERROR_PARAM_CODES as readonly string[]).includes(code)) return [];
  if (!isTextCode(code)) return [];
  if (API_ERROR_TEXTS[code] === text) return [];
  const generic = code === genericApiErrorCode(status) || code === 'http.invalidValue';
  if (generic && ZOD_OWN_TEXT.test(text)) return [];
  // The upstream video service's own refusal keeps its words; its code says what they mean.
  if (code === 'music.searchAccessDenied') return [];
  return [`${where}: ${JSON.stringify(text)} has no code of its own (sent as ${code})`];
}

/**
 * Every problem of one error answer's codes (decision 075): a `code` that is ours and means what
 * `message` says, `params` that give the sentence's count, and a code for every field error.
 */
export function errorCodeProblems(status: number, body: Record<string, unknown>): string[] {
  const { message, code, params, errors, fieldCodes } = body;
  if (typeof message !== 'string') return [];
  const problems = codeMismatch(status, message, code, 'message');
  if (code === 'http.retryInSeconds' || code === 'http.retryInMinutes') {
    const count = (params as { count?: unknown } | undefined)?.count;
    const seconds = code === 'http.retryInSeconds' ? Number(count) : Number(count) * 60;
    if (typeof count !== 'number' || retryAnswer(seconds).message !== message)
      problems.push(`params ${JSON.stringify(params)} do not say ${JSON.stringify(message)}`);
  }
  if (errors && typeof errors === 'object') {
    if (!fieldCodes || typeof fieldCodes !== 'object') {
      problems.push('errors without fieldCodes');
    } else {
      for (const [field, text] of Object.entries(errors as Record<string, string>)) {
        const fieldCode = (fieldCodes as Record<string, unknown>)[field];
        problems.push(...codeMismatch(status, text, fieldCode, `errors.${field}`));
      }
    }
  }
  return problems;
}

const seen: string[] = [];

/**
 * Every error answer `app.inject` returns in this test file is checked as it arrives; the file
 * fails after its tests when any of them lacked its code (the whole run covers every route's
 * refusals this way, not only the ones a test names).
 */
export function checkErrorCodesOf<A extends { inject: (...args: never[]) => unknown }>(app: A): A {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = (...args: unknown[]): unknown => {
    const result = inject(...args);
    // inject(options) answers light-my-request's Chain: awaitable, but no Promise.
    if (args.length !== 1 || typeof (result as PromiseLike<unknown>)?.then !== 'function') {
      return result;
    }
    return Promise.resolve(result as PromiseLike<never>).then(
      (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
        record(response);
        return response;
      },
    );
  };
  Object.defineProperty(app, 'inject', { value: checked, configurable: true, writable: true });
  return app;
}

function record(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (response.statusCode < 400) return;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return;
  }
  if (!body || typeof body !== 'object' || !('message' in body)) return;
  for (const problem of errorCodeProblems(response.statusCode, body as Record<string, unknown>)) {
    seen.push(`${response.statusCode} ${problem}`);
  }
}

/** The problems seen since the last call, each once (and forgotten). */
export function takeErrorCodeProblems(): string[] {
  return [...new Set(seen.splice(0))];
}

afterAll(() => {
  const problems = takeErrorCodeProblems();
  if (problems.length > 0) {
    throw new Error(`error answers without their codes (decision 075):\n${problems.join('\n')}`);
  }
});
