import { classifyStatsFailure, type StatsLoadFailure } from '@focusroom/core';

/** The statistics messages of product §8, word for word, and the sentences built from them. */

export const STATS_MESSAGES = {
  loginToView: 'Please login to view your statistics.',
  serverError: 'Server error (500): The API is currently experiencing issues',
  statsFailed: 'Failed to load statistics data',
  sessionsFailed: 'Failed to load session history',
} as const;

/** A message without its closing full stop, so a sentence can follow it. */
function detail(value: string): string {
  return value.trim().replace(/[.\s]+$/, '') || 'Unknown error';
}

/** The text for one failed fetch: the 500 message, else the error's message, else `fallback`. */
function describeStatsFailure(failure: StatsLoadFailure, fallback: string): string {
  if (classifyStatsFailure(failure) === 'server-error') return STATS_MESSAGES.serverError;
  const message = failure.message?.trim();
  return message ? message : fallback;
}

/**
 * Product §8: the one message for the outcome of loading stats and sessions together, or null
 * when there is nothing to say (both loaded, or a 401, which shows no message because the
 * person is being sent to log in). Failures that are not request failures read
 * 'Failed to load initial data: ...' on the first load and 'An unexpected error occurred: ...'
 * later.
 */
export function statsLoadMessage(input: {
  stats: StatsLoadFailure | null;
  sessions: StatsLoadFailure | null;
  initial: boolean;
}): string | null {
  const { stats, sessions, initial } = input;
  const kinds = [stats, sessions].map((f) => (f ? classifyStatsFailure(f) : null));
  if (kinds.includes('unauthorized')) return null;
  const unexpected = [stats, sessions].find((_, i) => kinds[i] === 'unexpected');
  if (unexpected) {
    const message = describeStatsFailure(
      unexpected,
      unexpected === stats ? STATS_MESSAGES.statsFailed : STATS_MESSAGES.sessionsFailed,
    );
    return initial ? initialLoadFailedMessage(message) : unexpectedErrorMessage(message);
  }
  if (stats && sessions) {
    return `Could not load all data: ${describeStatsFailure(stats, STATS_MESSAGES.statsFailed)} and ${describeStatsFailure(sessions, STATS_MESSAGES.sessionsFailed)}`;
  }
  if (stats) {
    return `Stats data may be incomplete: ${describeStatsFailure(stats, STATS_MESSAGES.statsFailed)}`;
  }
  if (sessions) {
    return `Session history may be incomplete: ${describeStatsFailure(sessions, STATS_MESSAGES.sessionsFailed)}`;
  }
  return null;
}

/** Product §8: 'An unexpected error occurred: ...'. */
function unexpectedErrorMessage(message: string): string {
  return `An unexpected error occurred: ${message}`;
}

/** Product §8: 'Failed to load initial data: ...'. */
function initialLoadFailedMessage(message: string): string {
  return `Failed to load initial data: ${message}`;
}

/** Product §8: 'Failed to save session: ... Local changes will be lost on reload.' */
export function saveSessionFailedMessage(message: string): string {
  return `Failed to save session: ${detail(message)}. Local changes will be lost on reload.`;
}

/** Product §8: 'An error occurred while adding the session: ...'. */
export function addSessionFailedMessage(message: string): string {
  return `An error occurred while adding the session: ${message}`;
}
