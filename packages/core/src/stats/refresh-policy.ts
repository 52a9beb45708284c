import { classifyStatsFailure, type StatsLoadFailure } from './load-failure.js';

/**
 * When the statistics reload (product §9): the throttle of automatic refreshes, the debounce of
 * requested ones, and the retries of a failed fetch. Pure functions of the clock; the web's
 * statistics state runs them with real timers.
 */

/** Automatic refreshes (interval, focus) come at least this far apart. */
export const STATS_REFRESH_THROTTLE_MS = 60_000;
/** ... and this far after a server error. */
const STATS_REFRESH_THROTTLE_AFTER_SERVER_ERROR_MS = 120_000;
/** A requested refresh is skipped when the last one was under this long ago... */
const STATS_REFRESH_DEBOUNCE_MS = 30_000;
/** ... or under this long ago when an error is shown. */
const STATS_REFRESH_DEBOUNCE_WITH_ERROR_MS = 10_000;
/** Retries of a failed stats or sessions fetch (never for a 500). */
const STATS_RETRY_COUNT = 2;
const STATS_RETRY_BASE_DELAY_MS = 1000;
const STATS_RETRY_MAX_DELAY_MS = 30_000;

/** Milliseconds until an automatic refresh is due (0: now). */
export function autoRefreshDelay(
  now: number,
  lastRefreshAt: number | null,
  afterServerError: boolean,
): number {
  if (lastRefreshAt === null) return 0;
  const gap = afterServerError
    ? STATS_REFRESH_THROTTLE_AFTER_SERVER_ERROR_MS
    : STATS_REFRESH_THROTTLE_MS;
  return Math.max(0, lastRefreshAt + gap - now);
}

/** Product §9 throttle: may an automatic refresh (interval, focus) run now? */
export function isAutoRefreshDue(
  now: number,
  lastRefreshAt: number | null,
  afterServerError: boolean,
): boolean {
  return autoRefreshDelay(now, lastRefreshAt, afterServerError) === 0;
}

/** Product §9 debounce: is a requested refresh skipped because the last one was too recent? */
export function isRefreshDebounced(
  now: number,
  lastRefreshAt: number | null,
  errorShown: boolean,
): boolean {
  if (lastRefreshAt === null) return false;
  const gap = errorShown ? STATS_REFRESH_DEBOUNCE_WITH_ERROR_MS : STATS_REFRESH_DEBOUNCE_MS;
  return now - lastRefreshAt < gap;
}

/**
 * Product §9 retry count 2, never for a 500 (which product §8 shows at once). `failuresSoFar`
 * counts the failures before this decision, from 0, as TanStack Query's retry function does.
 * Network trouble, timeouts and other server errors are retried; a client error (4xx) other
 * than 408 and 429 would only fail again, and a 401 has already ended the session.
 */
export function shouldRetryStatsFetch(failuresSoFar: number, failure: StatsLoadFailure): boolean {
  if (failuresSoFar >= STATS_RETRY_COUNT) return false;
  const kind = classifyStatsFailure(failure);
  return kind === 'no-answer' || kind === 'server-trouble' || kind === 'not-now';
}

/** Exponential backoff before retry number `failuresSoFar + 1`: 1 s, 2 s, ... at most 30 s. */
export function statsRetryDelay(failuresSoFar: number): number {
  return Math.min(
    STATS_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, failuresSoFar),
    STATS_RETRY_MAX_DELAY_MS,
  );
}
