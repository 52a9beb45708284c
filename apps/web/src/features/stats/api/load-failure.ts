import { shouldRetryStatsFetch, type StatsLoadFailure } from '@focusroom/core';
import { isApiError } from '../../../lib/api-client';

/** An answer that arrived but is not what the API promises (not a request failure). */
export class UnexpectedAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * The one place a caught error becomes core's StatsLoadFailure: a request failure keeps its
 * status (none when no answer came), anything else is unexpected. Every rule that reacts to it
 * (retries, the throttle after a server error, the product §8 messages) lives in core.
 */
export function statsLoadFailureOf(error: unknown): StatsLoadFailure {
  if (isApiError(error)) return { status: error.status, message: error.message };
  return {
    unexpected: true,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** TanStack Query's retry option for the statistics queries (product §9). */
export function retryStatsFetch(failuresSoFar: number, error: unknown): boolean {
  return shouldRetryStatsFetch(failuresSoFar, statsLoadFailureOf(error));
}
