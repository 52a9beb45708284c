/**
 * The one model of a failed statistics or sessions fetch: the web maps whatever it caught onto
 * StatsLoadFailure (one function), and every rule that reacts to a failure (retries, the
 * throttle after a server error, the product §8 messages) reads it through classifyStatsFailure.
 */

/** What the statistics state knows about a failed fetch. */
export interface StatsLoadFailure {
  /** HTTP status; undefined when no answer arrived (offline, timeout). */
  status?: number | undefined;
  message?: string | undefined;
  /** A failure that is not a request failure (a bug, a malformed answer). */
  unexpected?: boolean | undefined;
}

/**
 * - unexpected: not a request failure; its status, if any, means nothing.
 * - no-answer: offline or timed out.
 * - unauthorized: 401, the session has ended and the person is being sent to log in.
 * - server-error: exactly 500, which product §8 answers with a fixed text at once.
 * - server-trouble: any other 5xx.
 * - not-now: 408 or 429, "try again later".
 * - client-error: any other answer, which would only fail again.
 */
export type StatsFailureKind =
  | 'unexpected'
  | 'no-answer'
  | 'unauthorized'
  | 'server-error'
  | 'server-trouble'
  | 'not-now'
  | 'client-error';

export function classifyStatsFailure(failure: StatsLoadFailure): StatsFailureKind {
  if (failure.unexpected) return 'unexpected';
  const { status } = failure;
  if (status === undefined) return 'no-answer';
  if (status === 401) return 'unauthorized';
  if (status === 500) return 'server-error';
  if (status > 500) return 'server-trouble';
  if (status === 408 || status === 429) return 'not-now';
  return 'client-error';
}

/** True for answers that mean the server is in trouble (5xx). */
export function isServerFailure(failure: StatsLoadFailure): boolean {
  const kind = classifyStatsFailure(failure);
  return kind === 'server-error' || kind === 'server-trouble';
}
