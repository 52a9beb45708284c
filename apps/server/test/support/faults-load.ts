import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { uniqueIdentity } from './accounts.js';

/** One answer over real HTTP: status, parsed JSON body (or the text), and how long it took. */
export interface Answer {
  status: number;
  body: unknown;
  text: string;
  /** The Retry-After header, if any. */
  retryAfter: string | null;
  ms: number;
}

/**
 * A request to a server in another process. A request that gets no answer at all (connection
 * reset, the process killed, or `timeoutMs` passed) answers status 0, so the tests can tell
 * "refused" from "never answered".
 */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(base + path, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text stays as the body, and the test's shape checks will say so.
    }
    return {
      status: response.status,
      body,
      text,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch {
    return {
      status: 0,
      body: undefined,
      text: '',
      retryAfter: null,
      ms: performance.now() - started,
    };
  }
}

export interface LoadUser {
  token: string;
  id: string;
}

/** A new account through the API; its token writes straight away (no verification needed). */
export async function registerUser(base: string): Promise<LoadUser> {
  const answer = await call(base, 'POST', '/api/auth/register', { body: uniqueIdentity('fault') });
  expect(answer.status, answer.text).toBe(201);
  const body = answer.body as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/**
 * A focus session `index` steps back from a fixed hour: several local days per user (so the
 * rollup has more than one row), durations that vary, a few not completed.
 */
export function sessionBody(index: number) {
  const duration = 5 + (index % 7) * 5;
  const start = Date.UTC(2026, 9, 1, 12) - index * 5 * 3_600_000;
  return {
    duration,
    task: `Fault task ${index}`,
    completed: index % 5 !== 4,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + duration * 60_000).toISOString(),
    client_id: randomUUID(),
  };
}

/** The env every fault test's server gets: many registrations from one address allowed. */
export const LOAD_ENV = {
  LOG_LEVEL: 'info',
  RATE_LIMIT_REGISTER_IP: '1000/1h',
  RATE_LIMIT_LOGIN_IP: '1000/15m',
};
