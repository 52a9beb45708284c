/**
 * Retry policies of product §7, as pure functions; the web's API client applies them with real
 * timers. `random` is injectable so tests pin the jitter.
 */

export interface BackoffPolicy {
  /** Total attempts including the first. */
  attempts: number;
  baseDelayMs: number;
  factor: number;
  /** Relative jitter: 0.1 means ±10%. */
  jitter: number;
  capMs: number;
}

/** Generic wrapper: 3 attempts, timeouts only, 1000 ms doubled, ±10% jitter. */
export const GENERIC_RETRY_POLICY: BackoffPolicy = {
  attempts: 3,
  baseDelayMs: 1000,
  factor: 2,
  jitter: 0.1,
  capMs: Number.POSITIVE_INFINITY,
};

/** Current-user fetch: 3 retries (4 attempts), 2000 ms growing ×1.5 on network trouble, ≤ 30 s. */
export const CURRENT_USER_RETRY_POLICY: BackoffPolicy = {
  attempts: 4,
  baseDelayMs: 2000,
  factor: 1.5,
  jitter: 0.1,
  capMs: 30_000,
};

/** Applies ±jitter to a delay; random() in [0, 1). */
export function withJitter(delayMs: number, jitter: number, random: () => number): number {
  return Math.round(delayMs * (1 + (random() * 2 - 1) * jitter));
}

/** The delay before retry number `retry` (1 = the first retry) under the policy. */
export function backoffDelay(
  policy: BackoffPolicy,
  retry: number,
  random: () => number = Math.random,
): number {
  const raw = policy.baseDelayMs * policy.factor ** Math.max(0, retry - 1);
  return Math.min(policy.capMs, withJitter(raw, policy.jitter, random));
}

/** What the API client knows about a failure, independent of fetch/axios. */
export interface FailureInfo {
  status?: number;
  /** True when the request was aborted by our own timeout. */
  timedOut?: boolean;
  /** A `code` read from the response body, e.g. ETIMEDOUT. */
  bodyCode?: string;
  /** A network-level failure message, e.g. 'Network Error' or 'net::ERR_INSUFFICIENT_RESOURCES'. */
  networkMessage?: string;
}

/** Generic wrapper rule: retry only timeouts (ours or ETIMEDOUT in the body); never 401/404. */
export function isRetryableByGenericPolicy(failure: FailureInfo): boolean {
  if (failure.status === 401 || failure.status === 404) return false;
  return failure.timedOut === true || failure.bodyCode === 'ETIMEDOUT';
}

/** product §7: errors containing ERR_INSUFFICIENT_RESOURCES or Network Error back off longer. */
export function isResourceOrNetworkError(failure: FailureInfo): boolean {
  const message = failure.networkMessage ?? '';
  return (
    failure.status === undefined &&
    (message.includes('ERR_INSUFFICIENT_RESOURCES') ||
      message.includes('Network Error') ||
      message.includes('Failed to fetch'))
  );
}

/**
 * Current-user fetch schedule: retries anything but 401/404 up to the policy's attempts; the
 * delay starts at 2000 ms and grows ×1.5 (with jitter, capped) only after network trouble.
 * Returns the delay before the next attempt, or null to stop.
 */
export function nextCurrentUserDelay(
  attemptsMade: number,
  previousDelayMs: number | null,
  failure: FailureInfo,
  random: () => number = Math.random,
  policy: BackoffPolicy = CURRENT_USER_RETRY_POLICY,
): number | null {
  if (failure.status === 401 || failure.status === 404) return null;
  if (attemptsMade >= policy.attempts) return null;
  if (previousDelayMs === null) return policy.baseDelayMs;
  if (!isResourceOrNetworkError(failure)) return previousDelayMs;
  return Math.min(policy.capMs, withJitter(previousDelayMs * policy.factor, policy.jitter, random));
}

/**
 * An answer that says when to come back: 503 or 429 with Retry-After (decision 063). Product §7's
 * generic wrapper retries only timeouts; an overloaded or briefly unavailable server asks for a
 * retry in its own words, and the client honours it, spread out so that the clients turned away
 * in the same second do not all come back in the same second (a second herd).
 */
export const RETRY_AFTER_POLICY = {
  /** Retries after the first attempt. */
  retries: 4,
  /** A longer Retry-After (a sign-in lockout) is not waited for: the failure is shown. */
  maxRetryAfterSeconds: 60,
  /** The longest single wait. */
  capMs: 120_000,
} as const;

/**
 * The `code` of a 503 an overloaded instance answers before any work on the request (decision
 * 063): nothing was done, so the request is safe to repeat whatever it is.
 */
export const OVERLOADED_CODE = 'OVERLOADED';

/** What a retry after Retry-After looks at. */
export interface RetryAfterFailure {
  status?: number;
  bodyCode?: string;
  retryAfterSeconds?: number;
}

/**
 * Whether a failure asks to be repeated later: a 503 or 429 with Retry-After, for a request whose
 * repeat is harmless (`mayRepeat`: reads and idempotent writes, decision 008) or that the server
 * refused before any work (OVERLOADED_CODE).
 */
export function asksForRetryAfter(failure: RetryAfterFailure, mayRepeat: boolean): boolean {
  if (failure.status !== 503 && failure.status !== 429) return false;
  if (failure.retryAfterSeconds === undefined) return false;
  if (failure.retryAfterSeconds > RETRY_AFTER_POLICY.maxRetryAfterSeconds) return false;
  return mayRepeat || (failure.status === 503 && failure.bodyCode === OVERLOADED_CODE);
}

/**
 * The wait before retry number `retry` (1 = the first) after an answer with Retry-After
 * `retryAfterSeconds`, or null when no retry is left: never sooner than asked, and spread over a
 * window as long as the wait itself, doubling with each retry ("full jitter" on top of the
 * server's floor): retry n waits a uniform time in [s·2^(n-1), s·2^n) seconds, s the Retry-After
 * (at least 1 s). Clients turned away together come back spread over s seconds, then 2s, ...
 */
export function retryAfterDelay(
  retryAfterSeconds: number,
  retry: number,
  random: () => number = Math.random,
  policy: typeof RETRY_AFTER_POLICY = RETRY_AFTER_POLICY,
): number | null {
  if (retry < 1 || retry > policy.retries) return null;
  if (retryAfterSeconds > policy.maxRetryAfterSeconds) return null;
  const floorMs = Math.max(1, retryAfterSeconds) * 1000 * 2 ** (retry - 1);
  return Math.min(policy.capMs, Math.round(floorMs * (1 + random())));
}
