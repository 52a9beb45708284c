import { normalizeStatsSummary, type StatsSummary } from '@focusroom/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { api } from '../../../lib/api-client';
import { trackStatsFetch } from '../stats-store';
import { UnexpectedAnswerError } from './load-failure';
import { statsKeys, statsQueryOptions } from './query-keys';

/**
 * What the summary query keeps: the summary and the ETag it came with, so the next refresh
 * (every 60 s while the page shows, product §9) sends If-None-Match and the server answers a
 * 304 instead of the ~35 KB again while nothing changed (docs/decisions/040).
 */
export interface SummaryEntry {
  summary: StatsSummary;
  etag: string | null;
}

/**
 * GET /pomodoro/stats for the browser's zone, read through product §3's fallbacks; `held` is
 * what the cache has for the same user and zone, answered again when the server says it is
 * current.
 */
export async function fetchSummary(
  timeZone: string,
  signal: AbortSignal,
  held: SummaryEntry | undefined,
): Promise<SummaryEntry> {
  return trackStatsFetch('stats', async () => {
    const answer = await api.revalidate<unknown>(
      `/pomodoro/stats?tz=${encodeURIComponent(timeZone)}`,
      held?.etag,
      { signal },
    );
    if (answer.notModified && held) return held;
    const raw = answer.notModified ? undefined : answer.body;
    if (typeof raw !== 'object' || raw === null) {
      throw new UnexpectedAnswerError(t`The statistics answer was not an object`);
    }
    return { summary: normalizeStatsSummary(raw), etag: answer.etag };
  });
}

function heldEntry(client: QueryClient, key: readonly unknown[]): SummaryEntry | undefined {
  return client.getQueryData<SummaryEntry>(key);
}

const selectSummary = (entry: SummaryEntry): StatsSummary => entry.summary;

/** The summary of the signed-in user (none while signed out). */
export function useSummaryQuery(userId: string | null, timeZone: string) {
  return useQuery({
    queryKey: statsKeys.summary(userId, timeZone),
    queryFn: ({ signal, client, queryKey }) =>
      fetchSummary(timeZone, signal, heldEntry(client, queryKey)),
    select: selectSummary,
    enabled: userId !== null,
    ...statsQueryOptions,
  });
}
