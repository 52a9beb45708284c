import { classifyStatsFailure, type StatsLoadFailure } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

/**
 * The statistics messages of product §8, word for word, and the sentences built from them, in
 * the reader's language (decision 076). Each function reads the active language when it is
 * called (a render, or the moment a save fails); a message the server sent stays as it came.
 */

export const STATS_MESSAGES = {
  loginToView: msg`Please login to view your statistics.`,
  serverError: msg`Server error (500): The API is currently experiencing issues`,
  statsFailed: msg`Failed to load statistics data`,
  sessionsFailed: msg`Failed to load session history`,
  /** Core's MESSAGES.loginToSaveSessions (product §5), said by the web app itself. */
  loginToSaveSessions: msg`Please login to save sessions.`,
};

/** A message without its closing full stop, so a sentence can follow it. */
function detail(value: string): string {
  return value.trim().replace(/[.\s]+$/, '') || t`Unknown error`;
}

/** The text for one failed fetch: the 500 message, else the error's message, else `fallback`. */
function describeStatsFailure(failure: StatsLoadFailure, fallback: string): string {
  if (classifyStatsFailure(failure) === 'server-error') return i18n._(STATS_MESSAGES.serverError);
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
      i18n._(unexpected === stats ? STATS_MESSAGES.statsFailed : STATS_MESSAGES.sessionsFailed),
    );
    return initial ? initialLoadFailedMessage(message) : unexpectedErrorMessage(message);
  }
  const statsError = stats && describeStatsFailure(stats, i18n._(STATS_MESSAGES.statsFailed));
  const sessionsError =
    sessions && describeStatsFailure(sessions, i18n._(STATS_MESSAGES.sessionsFailed));
  if (statsError && sessionsError) {
    return t`Could not load all data: ${statsError} and ${sessionsError}`;
  }
  if (statsError) return t`Stats data may be incomplete: ${statsError}`;
  if (sessionsError) return t`Session history may be incomplete: ${sessionsError}`;
  return null;
}

/** Product §8: 'An unexpected error occurred: ...'. */
function unexpectedErrorMessage(message: string): string {
  return t`An unexpected error occurred: ${message}`;
}

/** Product §8: 'Failed to load initial data: ...'. */
function initialLoadFailedMessage(message: string): string {
  return t`Failed to load initial data: ${message}`;
}

/** Product §8: 'Failed to save session: ... Local changes will be lost on reload.' */
export function saveSessionFailedMessage(message: string): string {
  const reason = detail(message);
  return t`Failed to save session: ${reason}. Local changes will be lost on reload.`;
}

/** Product §8: 'An error occurred while adding the session: ...'. */
export function addSessionFailedMessage(message: string): string {
  return t`An error occurred while adding the session: ${message}`;
}
