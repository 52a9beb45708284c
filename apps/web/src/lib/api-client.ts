import {
  ERROR_WORDS_LOAD_TIMEOUT_MS,
  GENERIC_RETRY_POLICY,
  REQUEST_TIMEOUT_MS,
  SOURCE_LOCALE,
  asksForRetryAfter,
  backoffDelay,
  isLocale,
  isRetryableByGenericPolicy,
  retryAfterDelay,
  type FailureInfo,
} from '@focusroom/core';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { isNoSessionExpiredRedirectPath } from '../app/paths';
import type { AnswerWords } from '../i18n/api-error-text';
import { importWithTimeout } from './lazy-with-timeout';
import { loginPathReturningTo } from './return-path';
import { readToken, removeToken } from './storage';

/**
 * The single API client: fetch with a 60 s timeout, the bearer token from storage, the generic
 * retry wrapper of product §7, the server's Retry-After on 503 and 429 (decision 063), the
 * HTML-as-empty-list rule of product §5 and the one place where a 401 ends the session
 * (product §2, §8), as in bulletproof-react.
 */

export const API_BASE = '/api';

interface ApiErrorInit {
  status?: number | undefined;
  code?: string | undefined;
  errors?: Record<string, string> | undefined;
  body?: unknown;
  timedOut?: boolean;
  networkMessage?: string | undefined;
  retryAfterSeconds?: number | undefined;
}

/** Any failed call: `status` is undefined when the server never answered (network, timeout). */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly errors: Record<string, string> | undefined;
  readonly body: unknown;
  readonly timedOut: boolean;
  readonly networkMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, init: ApiErrorInit = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.body = init.body;
    this.timedOut = init.timedOut ?? false;
    this.networkMessage = init.networkMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** True when no HTTP answer arrived: offline, unreachable, or our own timeout. */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }

  get failure(): FailureInfo {
    const failure: FailureInfo = { timedOut: this.timedOut };
    if (this.status !== undefined) failure.status = this.status;
    if (this.code !== undefined) failure.bodyCode = this.code;
    if (this.networkMessage !== undefined) failure.networkMessage = this.networkMessage;
    return failure;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's message for an answered request (in the reader's language where its code names
 * it, decision 075), else the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== undefined && readMessage(error.body)) {
    return error.message;
  }
  return fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to product §9's 60 s. */
  timeoutMs?: number;
  /**
   * The generic timeout retry of product §7 and the wait-and-retry on a 503 or 429 with
   * Retry-After; on by default. Off for writes whose repeat changes the answer (decision 008):
   * those are repeated only after a 503 that says the server did nothing (OVERLOADED).
   */
  retry?: boolean;
  /**
   * Let the request outlive the page (fetch keepalive), for a save sent as the tab closes.
   * Browsers cap such bodies at 64 KB in all, so a larger one goes as a normal request.
   */
  keepalive?: boolean;
  /** Product §5: an HTML page where a list is expected reads as an empty list. */
  expectList?: boolean;
  /** An explicit token; undefined means the stored one, null means none. */
  token?: string | null;
  /**
   * Off for the calls whose 401 says nothing about the current session: login (bad
   * credentials, product §7) and logout (it sends the token it is discarding).
   */
  handleUnauthorized?: boolean;
  /**
   * Sent as If-None-Match: the ETag of the answer the caller already holds. A 304 then ends
   * the call as "not modified" (see `api.revalidate`) rather than as an error.
   */
  ifNoneMatch?: string;
}

interface ClientHooks {
  random: () => number;
  navigate: (to: string) => void;
}

const hooks: ClientHooks = {
  random: Math.random,
  navigate: (to) => window.location.assign(to),
};

/** The router registers its navigate so the redirect stays inside the SPA. */
export function setApiNavigator(navigate: ((to: string) => void) | null): void {
  hooks.navigate = navigate ?? ((to) => window.location.assign(to));
}

/** Tests pin the jitter. */
export function setApiRandom(random: (() => number) | null): void {
  hooks.random = random ?? Math.random;
}

/** A 401 ended the session; `sendsToLogin`: the person is being sent to log in again. */
export interface UnauthorizedEvent {
  sendsToLogin: boolean;
}

type UnauthorizedListener = (event: UnauthorizedEvent) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * The auth state subscribes here so a 401 anywhere clears it and, when the person is sent to log
 * in, marks the session expired. Returns the unsubscribe.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Product §8: remove the token, tell the auth state, and send the user to log in again, except
 * on login and register and on the public email-link pages, which keep their page (the routes'
 * `keepPageOn401` in app/paths.ts, docs/decisions/007). The path is judged now, but the redirect
 * waits a task: clearing the auth state makes a protected page redirect to plain /login first,
 * and the session-expired address must be the last word.
 */
function handleUnauthorized(): void {
  const { pathname, search, hash } = window.location;
  const redirect = !isNoSessionExpiredRedirectPath(pathname);
  // Signing in again returns to this page (product §2).
  const target = loginPathReturningTo(`${pathname}${search}${hash}`, true);
  removeToken();
  for (const listener of [...unauthorizedListeners]) listener({ sendsToLogin: redirect });
  if (redirect) setTimeout(() => hooks.navigate(target), 0);
}

function readMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function readCode(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = (body as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function readFieldErrors(body: unknown): Record<string, string> | undefined {
  if (body && typeof body === 'object' && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      const out: Record<string, string> = {};
      for (const [field, message] of Object.entries(errors)) {
        if (typeof message === 'string') out[field] = message;
      }
      return out;
    }
  }
  return undefined;
}

/**
 * An error answer's message and field errors in the reader's language, by their codes (decision
 * 075). English is as the server wrote it; other languages load the codes' words, a chunk and
 * a catalog of their own fetched on the first error only. Where that chunk does not load within
 * ERROR_WORDS_LOAD_TIMEOUT_MS (offline, a stalled network), the server's English stands.
 */
async function answerWords(body: unknown): Promise<AnswerWords> {
  if (i18n.locale === SOURCE_LOCALE || readCode(body) === undefined) return {};
  try {
    const locale = i18n.locale;
    const words = await importWithTimeout(async () => {
      const module = await import('../i18n/api-error-text');
      await module.loadApiErrorWords(locale);
      return module;
    }, ERROR_WORDS_LOAD_TIMEOUT_MS);
    return words.answerInReaderLanguage(body);
  } catch {
    return {};
  }
}

function looksLikeHtml(contentType: string | null, text: string): boolean {
  if (contentType?.includes('text/html')) return true;
  const start = text.trimStart().slice(0, 15).toLowerCase();
  return start.startsWith('<!doctype') || start.startsWith('<html');
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits `ms`, or less when `signal` aborts (the caller then stops). */
function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Under the browsers' 64 KB keepalive budget, leaving room for the headers. */
const KEEPALIVE_MAX_BYTES = 60_000;

/** A successful answer: the body read as JSON, and the response headers. */
interface Answer<T> {
  body: T;
  headers: Headers;
  /** A 304 to a request that sent If-None-Match: no body, the caller's copy is current. */
  notModified?: boolean;
}

/** The answer to a GET that may revalidate: a fresh body, or "what you hold is current". */
export type Revalidated<T> =
  { notModified: false; body: T; etag: string | null } | { notModified: true; etag: string };

/** The same for one page of a paged list. */
export type RevalidatedPage<T> =
  | { notModified: false; items: T[]; nextCursor: string | null; etag: string | null }
  | { notModified: true; etag: string };

/** One attempt: fetch, our timeout, then the body read as JSON (or an HTML list fallback). */
async function attempt<T>(path: string, options: RequestOptions): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.ifNoneMatch !== undefined) headers['If-None-Match'] = options.ifNoneMatch;
  // The language the app speaks, for what the server writes to the person (a mail it sends).
  if (isLocale(i18n.locale)) headers['Accept-Language'] = i18n.locale;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = (): void => controller.abort(outer?.reason);
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', forwardAbort, { once: true });
  }

  let response: Response;
  let text: string;
  const payload = options.body === undefined ? null : JSON.stringify(options.body);
  const keepalive =
    options.keepalive === true && new Blob([payload ?? '']).size <= KEEPALIVE_MAX_BYTES;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: payload,
      signal: controller.signal,
      credentials: 'same-origin',
      ...(keepalive ? { keepalive: true } : {}),
    });
    text = await response.text();
  } catch (error) {
    if (timedOut) throw new ApiError(t`Request timed out`, { timedOut: true });
    // The caller cancelled: surface the abort as-is so callers can ignore it.
    if (outer?.aborted) throw error;
    const networkMessage = error instanceof Error ? error.message : String(error);
    // `networkMessage` stays English: the retry policy reads it (core's isRetryableByGenericPolicy).
    throw new ApiError(t`Network Error`, { networkMessage: `Network Error: ${networkMessage}` });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }

  // Only an answer to our own If-None-Match: a 304 nobody asked for stays a failure below.
  if (response.status === 304 && options.ifNoneMatch !== undefined) {
    return { body: undefined as T, headers: response.headers, notModified: true };
  }

  const contentType = response.headers.get('content-type');
  if (text && looksLikeHtml(contentType, text)) {
    if (response.ok && options.expectList) return { body: [] as T, headers: response.headers };
    if (response.status === 401 && options.handleUnauthorized !== false) handleUnauthorized();
    const status = response.status;
    throw new ApiError(
      response.ok ? t`Unexpected response from the server` : t`Request failed (${status})`,
      { status: response.ok ? undefined : response.status, body: text },
    );
  }

  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && options.handleUnauthorized !== false) handleUnauthorized();
    const status = response.status;
    const words = await answerWords(body);
    throw new ApiError(words.message ?? readMessage(body) ?? t`Request failed (${status})`, {
      status: response.status,
      code: readCode(body),
      errors: words.errors ?? readFieldErrors(body),
      body,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    });
  }

  if (body === undefined && options.expectList) return { body: [] as T, headers: response.headers };
  return { body: body as T, headers: response.headers };
}

/**
 * Product §7 generic wrapper: up to 3 attempts, retrying only timeouts (ours, or ETIMEDOUT in the
 * body), 1000 ms doubling with ±10% jitter; 401 and 404 are never retried. Besides it (decision
 * 063): a 503 or 429 with Retry-After is tried again after at least that long, spread over a
 * window as long and doubling (core's retryAfterDelay), up to RETRY_AFTER_POLICY.retries times,
 * for reads and idempotent writes, and for any request the server refused as OVERLOADED.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).body;
}

async function requestWithHeaders<T>(path: string, options: RequestOptions): Promise<Answer<T>> {
  const policy = GENERIC_RETRY_POLICY;
  const attempts = options.retry === false ? 1 : policy.attempts;
  let timeoutAttempts = 0;
  let waitsAfterRetryAfter = 0;
  for (;;) {
    try {
      return await attempt<T>(path, options);
    } catch (error) {
      if (!isApiError(error) || options.signal?.aborted) throw error;
      const retryAfter = error.retryAfterSeconds;
      const failure = { ...error.failure, retryAfterSeconds: retryAfter };
      if (retryAfter !== undefined && asksForRetryAfter(failure, options.retry !== false)) {
        const wait = retryAfterDelay(retryAfter, ++waitsAfterRetryAfter, hooks.random);
        if (wait === null) throw error;
        await sleepUnlessAborted(wait, options.signal);
        if (options.signal?.aborted) throw error;
        continue;
      }
      timeoutAttempts += 1;
      if (timeoutAttempts >= attempts || !isRetryableByGenericPolicy(error.failure)) throw error;
      await sleep(backoffDelay(policy, timeoutAttempts, hooks.random));
    }
  }
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

/**
 * A GET that sends `etag` (the caller's copy's, if any) as If-None-Match: the fresh answer, or
 * "not modified" with the ETag the copy now carries. `api.revalidate` and `api.revalidatePage`
 * read the fresh answer each their way.
 */
async function revalidating<T>(
  path: string,
  etag: string | null | undefined,
  options?: Omit<RequestOptions, 'method' | 'body' | 'ifNoneMatch'>,
): Promise<Answer<T> | { notModified: true; etag: string }> {
  const answer = await requestWithHeaders<T>(path, {
    ...options,
    method: 'GET',
    ...(etag ? { ifNoneMatch: etag } : {}),
  });
  if (answer.notModified && etag) {
    return { notModified: true, etag: answer.headers.get('etag') ?? etag };
  }
  return answer;
}

export const api = {
  get: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** A list endpoint: an HTML page instead of JSON reads as []. */
  getList: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T[]>(path, { ...options, method: 'GET', expectList: true }),
  /**
   * One page of a paged list, revalidated as `revalidate` does: its items and the
   * `X-Next-Cursor` header (null on the last page) with its ETag, or notModified.
   */
  revalidatePage: async <T>(
    path: string,
    etag: string | null | undefined,
    options?: Omit<BodyOptions, 'ifNoneMatch'>,
  ): Promise<RevalidatedPage<T>> => {
    const answer = await revalidating<T[]>(path, etag, { ...options, expectList: true });
    if ('etag' in answer) return answer;
    return {
      notModified: false,
      items: answer.body,
      nextCursor: answer.headers.get('x-next-cursor'),
      etag: answer.headers.get('etag'),
    };
  },
  /**
   * A GET that sends `etag` (the ETag of the copy the caller holds, if any) as If-None-Match:
   * either a new body with its ETag, or notModified when the server says the copy is current.
   */
  revalidate: async <T>(
    path: string,
    etag: string | null | undefined,
    options?: Omit<BodyOptions, 'ifNoneMatch'>,
  ): Promise<Revalidated<T>> => {
    const answer = await revalidating<T>(path, etag, options);
    if ('etag' in answer) return answer;
    return { notModified: false, body: answer.body, etag: answer.headers.get('etag') };
  },
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
