import {
  SESSION_HISTORY_PAGE_SIZE,
  normalizeFocusSession,
  type FocusSession,
} from '@focusroom/core';
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { t } from '@lingui/core/macro';
import { api } from '../../../lib/api-client';
import { trackStatsFetch } from '../stats-store';
import { UnexpectedAnswerError } from './load-failure';
import { statsKeys, statsQueryOptions } from './query-keys';

interface SessionsPage {
  sessions: FocusSession[];
  /** The server's `X-Next-Cursor` for the following page; null on the last page. */
  next: string | null;
  /** The page's ETag: sent back on the next refresh, which a 304 answers while nothing changed. */
  etag: string | null;
}

type SessionsData = InfiniteData<SessionsPage, string | null>;

/**
 * A page of the history, newest first, through the API's cursor (product §7); `held` is what
 * the cache has for the same cursor, answered again when the server says it is current (the
 * 60 s refresh, docs/decisions/041).
 */
async function fetchSessionsPage(
  cursor: string | null,
  signal: AbortSignal,
  held: SessionsPage | undefined,
): Promise<SessionsPage> {
  return trackStatsFetch(cursor === null ? 'sessions' : 'more', async () => {
    const query = new URLSearchParams({ limit: String(SESSION_HISTORY_PAGE_SIZE) });
    if (cursor !== null) query.set('cursor', cursor);
    const answer = await api.revalidatePage<unknown>(
      `/pomodoro/sessions?${query.toString()}`,
      held?.etag,
      { signal },
    );
    if (answer.notModified && held) return held;
    const items = answer.notModified ? undefined : answer.items;
    if (!Array.isArray(items)) {
      throw new UnexpectedAnswerError(t`The sessions answer was not a list`);
    }
    return {
      sessions: items.map((item) => normalizeFocusSession(item)),
      next: (!answer.notModified && answer.nextCursor) || null,
      etag: answer.etag,
    };
  });
}

/** The cached page of the history that was fetched with `cursor`, if any. */
function heldPage(
  client: QueryClient,
  key: readonly unknown[],
  cursor: string | null,
): SessionsPage | undefined {
  const data = client.getQueryData<SessionsData>(key);
  const index = data?.pageParams.indexOf(cursor) ?? -1;
  return index === -1 ? undefined : data?.pages[index];
}

/** The session history of the signed-in user, page by page (none while signed out). */
export function useSessionsQuery(userId: string | null) {
  return useInfiniteQuery({
    queryKey: statsKeys.sessions(userId),
    queryFn: ({ pageParam, signal, client, queryKey }) =>
      fetchSessionsPage(pageParam, signal, heldPage(client, queryKey, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SessionsPage) => last.next,
    enabled: userId !== null,
    ...statsQueryOptions,
  });
}

/**
 * Editing a session's task and deleting a session: the history changes in the cache at once,
 * and a deletion reloads the totals.
 */
export function useSessionEdits(userId: string | null, timeZone: string) {
  const client = useQueryClient();

  /** Applies a change to every cached page of the history. */
  const changeHistory = useCallback(
    (change: (sessions: FocusSession[]) => FocusSession[]) =>
      client.setQueryData<SessionsData>(
        statsKeys.sessions(userId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, sessions: change(page.sessions) })),
          },
      ),
    [client, userId],
  );

  const updateSessionTask = useCallback(
    async (id: string, task: string) => {
      const saved = normalizeFocusSession(
        await api.put<unknown>(`/pomodoro/sessions/${encodeURIComponent(id)}`, { task }),
      );
      changeHistory((sessions) => sessions.map((s) => (String(s.id) === id ? saved : s)));
      return saved;
    },
    [changeHistory],
  );

  const deleteSession = useCallback(
    async (id: string) => {
      await api.delete<unknown>(`/pomodoro/sessions/${encodeURIComponent(id)}`);
      changeHistory((sessions) => sessions.filter((s) => String(s.id) !== id));
      // The totals changed: reload them at once.
      await client.invalidateQueries({ queryKey: statsKeys.summary(userId, timeZone) });
    },
    [changeHistory, client, userId, timeZone],
  );

  return { updateSessionTask, deleteSession };
}
