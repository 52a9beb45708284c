import { STATS_REFRESH_THROTTLE_MS, statsRetryDelay } from '@focusroom/core';
import { retryStatsFetch } from './load-failure';

/** Root of every statistics query key; a sign-out clears them with the rest of the cache. */
const STATS_QUERY_ROOT = 'stats';

export const statsKeys = {
  all: [STATS_QUERY_ROOT] as const,
  user: (userId: string | null) => [STATS_QUERY_ROOT, userId] as const,
  summary: (userId: string | null, timeZone: string) =>
    [STATS_QUERY_ROOT, userId, 'summary', timeZone] as const,
  sessions: (userId: string | null) => [STATS_QUERY_ROOT, userId, 'sessions'] as const,
};

/** What the summary and the history queries share (product §9). */
export const statsQueryOptions = {
  retry: retryStatsFetch,
  retryDelay: statsRetryDelay,
  // A visit within the throttle shows the cache; a save, edit or deletion invalidates it.
  staleTime: STATS_REFRESH_THROTTLE_MS,
  // Focus and reconnection refresh through the throttle (use-auto-refresh), not on their own.
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
