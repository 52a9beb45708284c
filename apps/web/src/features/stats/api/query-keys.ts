/** Root of every statistics query key; a sign-out clears them with the rest of the cache. */
const STATS_QUERY_ROOT = 'stats';

export const statsKeys = {
  all: [STATS_QUERY_ROOT] as const,
  user: (userId: string | null) => [STATS_QUERY_ROOT, userId] as const,
  summary: (userId: string | null, timeZone: string) =>
    [STATS_QUERY_ROOT, userId, 'summary', timeZone] as const,
  sessions: (userId: string | null) => [STATS_QUERY_ROOT, userId, 'sessions'] as const,
};
