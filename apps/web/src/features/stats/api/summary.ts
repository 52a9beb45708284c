import { normalizeStatsSummary, type StatsSummary } from '@focusroom/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trackStatsFetch } from '../stats-store';
import { UnexpectedAnswerError } from './load-failure';
import { statsKeys, statsQueryOptions } from './query-keys';

/** GET /pomodoro/stats for the browser's zone, read through product §3's fallbacks. */
async function fetchSummary(timeZone: string, signal: AbortSignal): Promise<StatsSummary> {
  return trackStatsFetch('stats', async () => {
    const raw = await api.get<unknown>(`/pomodoro/stats?tz=${encodeURIComponent(timeZone)}`, {
      signal,
    });
    if (typeof raw !== 'object' || raw === null) {
      throw new UnexpectedAnswerError('The statistics answer was not an object');
    }
    return normalizeStatsSummary(raw);
  });
}

/** The summary of the signed-in user (none while signed out). */
export function useSummaryQuery(userId: string | null, timeZone: string) {
  return useQuery({
    queryKey: statsKeys.summary(userId, timeZone),
    queryFn: ({ signal }) => fetchSummary(timeZone, signal),
    enabled: userId !== null,
    ...statsQueryOptions,
  });
}
