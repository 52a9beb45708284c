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
