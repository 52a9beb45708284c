import {
  emptyStatsSummary,
  isRefreshDebounced,
  withLocalSessions,
  type FocusSession,
  type StatsSummary,
} from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { STATS_MESSAGES, statsLoadMessage } from './messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useAuth } from '../../lib/auth-context';
import { flushOutbox, pendingSessions } from './session-outbox';
import { browserTimeZone } from '../../lib/time-zone';
import { addSession, retryUnsavedSessions } from './api/add-session';
import { statsLoadFailureOf } from './api/load-failure';
import { statsKeys } from './api/query-keys';
import { setStatsQueryClient } from './api/reload';
import { useSessionEdits, useSessionsQuery } from './api/sessions';
import { useSummaryQuery } from './api/summary';
import {
  bindStatsUser,
  dismissLocalSession,
  startStatsOutbox,
  statsStore,
  type LocalSessionPhase,
} from './stats-store';
import { useAutoRefresh } from './use-auto-refresh';

/**
 * The statistics state of product §4: the summary and the session history from the server
 * (TanStack Query: cache, product §9 retries), with the sessions this browser added on top of
 * them (the store, fed by the session outbox). The pure rules live in @focusroom/core (stats).
 */

type StatsStatus = 'loading' | 'loaded' | 'error';

/** A row of the history: a server session or a local one, with how far its save got. */
export interface HistoryItem {
  key: string;
  session: FocusSession;
  phase: LocalSessionPhase | 'server';
  error?: string;
}

export interface StatsState {
  status: StatsStatus;
  /** Product §8's message for the last load, or the not-signed-in message; null when all is well. */
  error: string | null;
  /** 'Failed to save session: ...' while a session is not saved. */
  saveError: string | null;
  addError: string | null;
  stats: StatsSummary;
  sessions: HistoryItem[];
  /** True once stats came from the server at least once (for "no data yet" versus "empty"). */
  hasServerStats: boolean;
  hasMoreSessions: boolean;
  loadingMoreSessions: boolean;
  refreshing: boolean;
  lastRefreshAt: number | null;
  /** Product §9 debounced refresh: false when skipped because the last one was too recent. */
  refresh(): boolean;
  loadMoreSessions(): void;
  addSession: typeof addSession;
  retryUnsaved(): Promise<void>;
  dismiss(clientId: string): void;
  updateSessionTask(id: string, task: string): Promise<FocusSession>;
  deleteSession(id: string): Promise<void>;
}

function keyOf(session: FocusSession): string {
  return session.client_id ?? String(session.id);
}

/**
 * The statistics state for the signed-in user. Automatic refreshes (an interval, the window
 * regaining focus) obey product §9's throttle; refresh() obeys its debounce; saves, edits and
 * deletions reload at once.
 */
export function useStatsState(): StatsState {
  const { status: authStatus, user } = useAuth();
  const userId = authStatus === 'authenticated' && user ? user.id : null;
  const client = useQueryClient();
  const timeZone = useMemo(browserTimeZone, []);
  // The messages below are in the reader's language: a change of language renders them again.
  const { i18n } = useLingui();

  // First, so that the sessions sent below are seen; it keeps listening after the page closes.
  useEffect(() => {
    startStatsOutbox();
  }, []);

  useEffect(() => {
    setStatsQueryClient(client);
  }, [client]);

  useEffect(() => {
    if (authStatus !== 'loading') bindStatsUser(userId);
    // Sessions waiting from an earlier visit go out again now that the page is open.
    if (userId && pendingSessions(userId).length > 0) void flushOutbox(userId);
  }, [authStatus, userId]);

  // ... and again whenever the connection comes back.
  useEffect(() => {
    if (!userId) return;
    const onOnline = () => void flushOutbox(userId);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [userId]);

  const summaryQuery = useSummaryQuery(userId, timeZone);
  const sessionsQuery = useSessionsQuery(userId);
  const { updateSessionTask, deleteSession } = useSessionEdits(userId, timeZone);
  const store = useStore(statsStore);

  const refetchAll = useCallback(
    (cancelRefetch: boolean) => {
      if (!userId) return Promise.resolve();
      return client.refetchQueries({ queryKey: statsKeys.user(userId) }, { cancelRefetch });
    },
    [client, userId],
  );
  useAutoRefresh(userId, refetchAll);

  const statsFailure = summaryQuery.isError ? statsLoadFailureOf(summaryQuery.error) : null;
  const sessionsFailure =
    sessionsQuery.isError && !sessionsQuery.isFetchNextPageError
      ? statsLoadFailureOf(sessionsQuery.error)
      : null;
  const loadMessage = statsLoadMessage({
    stats: statsFailure,
    sessions: sessionsFailure,
    initial: summaryQuery.data === undefined && sessionsQuery.data === undefined,
  });
  // A further page that failed says so too (nothing on a 401: the person is being sent away).
  const moreMessage = sessionsQuery.isFetchNextPageError
    ? statsLoadMessage({
        stats: null,
        sessions: statsLoadFailureOf(sessionsQuery.error),
        initial: false,
      })
    : null;

  const refresh = useCallback(() => {
    const { lastRefreshAt } = statsStore.getState();
    if (isRefreshDebounced(Date.now(), lastRefreshAt, loadMessage !== null)) return false;
    void refetchAll(true);
    return true;
  }, [refetchAll, loadMessage]);

  const signedOut = authStatus === 'unauthenticated';
  const local = useMemo(() => (signedOut ? [] : store.local), [signedOut, store.local]);
  const serverSessions = useMemo(() => {
    const seen = new Set<string>();
    const list: FocusSession[] = [];
    for (const page of sessionsQuery.data?.pages ?? []) {
      for (const session of page.sessions) {
        const id = String(session.id);
        if (seen.has(id)) continue;
        seen.add(id);
        list.push(session);
      }
    }
    return list;
  }, [sessionsQuery.data]);

  const sessions = useMemo<HistoryItem[]>(() => {
    const serverKeys = new Set(serverSessions.map(keyOf));
    const fetchedFrom = store.sessionsFetchedFrom ?? -1;
    const shownLocal = local.filter(
      (l) =>
        !serverKeys.has(l.clientId) && !(l.phase === 'saved' && (l.savedAt ?? 0) < fetchedFrom),
    );
    shownLocal.sort((a, b) => b.session.start_time.localeCompare(a.session.start_time));
    return [
      ...shownLocal.map((l) => {
        const item: HistoryItem = { key: l.clientId, session: l.session, phase: l.phase };
        if (l.error) item.error = l.error;
        return item;
      }),
      ...serverSessions.map((session) => ({
        key: keyOf(session),
        session,
        phase: 'server' as const,
      })),
    ];
  }, [local, serverSessions, store.sessionsFetchedFrom]);

  const stats = useMemo(() => {
    if (signedOut) return emptyStatsSummary();
    const base = summaryQuery.data ?? emptyStatsSummary();
    const fetchedFrom = store.statsFetchedFrom ?? -1;
    // A saved session counts locally until a stats fetch that started after its save.
    const notInTotals = local.filter((l) => l.phase !== 'saved' || (l.savedAt ?? 0) >= fetchedFrom);
    return withLocalSessions(
      base,
      notInTotals.map((l) => l.session),
    );
  }, [signedOut, summaryQuery.data, local, store.statsFetchedFrom]);

  let status: StatsStatus;
  let error: string | null;
  if (signedOut) {
    status = 'error';
    error = i18n._(STATS_MESSAGES.loginToView);
  } else if (authStatus === 'loading' || (summaryQuery.isPending && sessionsQuery.isPending)) {
    status = loadMessage ? 'error' : 'loading';
    error = loadMessage;
  } else {
    error = loadMessage ?? moreMessage;
    status = loadMessage ? 'error' : 'loaded';
  }

  return {
    status,
    error,
    saveError: signedOut ? null : store.saveError,
    addError: store.addError,
    stats,
    sessions: signedOut ? [] : sessions,
    hasServerStats: summaryQuery.data !== undefined,
    hasMoreSessions: !signedOut && sessionsQuery.hasNextPage,
    loadingMoreSessions: sessionsQuery.isFetchingNextPage,
    refreshing: summaryQuery.isFetching || sessionsQuery.isFetching,
    lastRefreshAt: store.lastRefreshAt,
    refresh,
    loadMoreSessions: () => void sessionsQuery.fetchNextPage(),
    addSession,
    retryUnsaved: retryUnsavedSessions,
    dismiss: dismissLocalSession,
    updateSessionTask,
    deleteSession,
  };
}
