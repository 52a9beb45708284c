import {
  MESSAGES,
  addSessionFailedMessage,
  autoRefreshDelay,
  emptyStatsSummary,
  isAutoRefreshDue,
  isRefreshDebounced,
  isServerFailure,
  normalizeFocusSession,
  normalizeStatsSummary,
  optimisticSession,
  saveSessionFailedMessage,
  shouldRetryStatsFetch,
  statsLoadMessage,
  statsRetryDelay,
  withLocalSessions,
  STATS_MESSAGES,
  STATS_REFRESH_THROTTLE_MS,
  type FocusSession,
  type SessionRecord,
  type StatsLoadFailure,
  type StatsSummary,
} from '@focusroom/core';
import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api, isApiError } from './api-client';
import { useAuth } from './auth-context';
import {
  enqueueSession,
  flushOutbox,
  pendingSessions,
  subscribeOutbox,
  type OutboxEvent,
  type PendingSession,
} from './session-outbox';
import { readToken } from './storage';
import { userIdFromToken } from './token-payload';

/**
 * The statistics state of SPEC §4: the summary and the session history from the server
 * (TanStack Query: cache, SPEC §9 retries), with the sessions this browser added on top of them
 * (a zustand store fed by the session outbox, so a session the timer records shows up at once,
 * wherever the person is). The pure rules live in @focusroom/core (stats/normalize).
 */

// ---------------------------------------------------------------------------------------------
// Local sessions: added here, not (yet) part of what the server answered

/**
 * saving: sent, no answer yet. unsaved: the save failed and the outbox will send it again.
 * rejected: the server refused it for good (it left the outbox). saved: the server has it; it
 * stays until a fetch that started after the save has brought it back.
 */
export type LocalSessionPhase = 'saving' | 'unsaved' | 'rejected' | 'saved';

export interface LocalSession {
  clientId: string;
  phase: LocalSessionPhase;
  session: FocusSession;
  /** When the server confirmed it. */
  savedAt?: number;
  /** The last failure, for the badge's title. */
  error?: string;
}

interface StatsStoreState {
  /** The signed-in user these local sessions belong to, once known. */
  userId: string | null;
  local: LocalSession[];
  /** SPEC §8 'Failed to save session: ...', while some session is not saved. */
  saveError: string | null;
  /** SPEC §5/§8 'Please login to save sessions.' or 'An error occurred while adding ...'. */
  addError: string | null;
  /** When the last stats or sessions fetch started (SPEC §9 throttle and debounce). */
  lastRefreshAt: number | null;
  /** The last fetch ended in a server error: automatic refreshes wait 120 s (SPEC §9). */
  afterServerError: boolean;
  /** Start times of the last successful stats and first-page sessions fetches. */
  statsFetchedFrom: number | null;
  sessionsFetchedFrom: number | null;
}

function initialState(): StatsStoreState {
  return {
    userId: null,
    local: [],
    saveError: null,
    addError: null,
    lastRefreshAt: null,
    afterServerError: false,
    statsFetchedFrom: null,
    sessionsFetchedFrom: null,
  };
}

export const statsStore = createStore<StatsStoreState>()(initialState);

let queryClient: QueryClient | null = null;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;
let unsubscribeOutbox: (() => void) | null = null;
let timeZoneSynced = false;

/** Root of every statistics query key; a sign-out clears them with the rest of the cache. */
export const STATS_QUERY_ROOT = 'stats';
export const statsKeys = {
  user: (userId: string | null) => [STATS_QUERY_ROOT, userId] as const,
  summary: (userId: string | null, timeZone: string) =>
    [STATS_QUERY_ROOT, userId, 'summary', timeZone] as const,
  sessions: (userId: string | null) => [STATS_QUERY_ROOT, userId, 'sessions'] as const,
};

/** The browser's IANA zone: statistics are local days in it (DESIGN §4, §5 item 5). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function localFromPending(pending: PendingSession, phase: LocalSessionPhase): LocalSession {
  const session = optimisticSession(pending, pending.queuedAt);
  if (phase === 'unsaved') session.potentiallyUnsaved = true;
  const local: LocalSession = { clientId: pending.client_id, phase, session };
  if (pending.lastError) local.error = pending.lastError;
  return local;
}

function anyUnsaved(local: readonly LocalSession[]): boolean {
  return local.some((l) => l.phase === 'unsaved' || l.phase === 'rejected');
}

function setLocal(change: (local: LocalSession[]) => LocalSession[]): void {
  statsStore.setState((state) => {
    const local = change(state.local);
    return { local, saveError: anyUnsaved(local) ? state.saveError : null };
  });
}

/**
 * Binds the state to the signed-in user (null when signed out). A different user starts from
 * their own outbox: sessions waiting there from an earlier visit show again, flagged unsaved.
 */
export function bindStatsUser(userId: string | null): void {
  const state = statsStore.getState();
  if (state.userId === userId) return;
  if (userId === null) {
    statsStore.setState({ ...initialState() });
    return;
  }
  // From "unknown" to a user, keep what arrived meanwhile (it was this user's timer).
  const kept = state.userId === null ? state.local : [];
  const known = new Set(kept.map((l) => l.clientId));
  const waiting = pendingSessions(userId)
    .filter((p) => !known.has(p.client_id))
    .map((p) => localFromPending(p, 'unsaved'));
  statsStore.setState({
    ...(state.userId === null ? state : initialState()),
    userId,
    local: [...kept, ...waiting],
  });
}

function handleOutboxEvent(event: OutboxEvent): void {
  const now = Date.now();
  if (event.type === 'queued') {
    const clientId = event.session.client_id;
    statsStore.setState({ addError: null });
    setLocal((local) =>
      local.some((l) => l.clientId === clientId)
        ? local
        : [...local, localFromPending(event.session, 'saving')],
    );
    return;
  }
  if (event.type === 'saved') {
    const saved = normalizeFocusSession(event.session, now);
    setLocal((local) =>
      local.map((l) =>
        l.clientId === event.clientId
          ? { clientId: l.clientId, phase: 'saved', savedAt: now, session: saved }
          : l,
      ),
    );
    // DESIGN §4a: the reload after a save is immediate (a burst of saves makes one reload).
    reloadSoon();
    return;
  }
  // 'failed': the outbox keeps what can succeed later, and drops what never will.
  const userId = userIdFromToken(readToken()) ?? statsStore.getState().userId;
  const pending = userId ? pendingSessions(userId) : [];
  const stillPending = pending.find((p) => p.client_id === event.clientId);
  const phase: LocalSessionPhase = stillPending || !userId ? 'unsaved' : 'rejected';
  setLocal((local) => {
    const known = local.some((l) => l.clientId === event.clientId);
    const list =
      known || !stillPending ? local : [...local, localFromPending(stillPending, 'unsaved')];
    return list.map((l) =>
      l.clientId === event.clientId
        ? {
            ...l,
            phase,
            error: event.error,
            session: { ...l.session, potentiallyUnsaved: true },
          }
        : l,
    );
  });
  statsStore.setState({ saveError: saveSessionFailedMessage(event.error) });
}

/** The outbox is listened to from the first import on, page open or not. */
function ensureOutboxSubscription(): void {
  if (!unsubscribeOutbox) unsubscribeOutbox = subscribeOutbox(handleOutboxEvent);
}
ensureOutboxSubscription();

/** Refetches (or, for a page that is not open, marks stale) every statistics query now. */
export function reloadStats(): Promise<void> {
  if (!queryClient) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: [STATS_QUERY_ROOT] });
}

function reloadSoon(): void {
  if (reloadTimer) return;
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    void reloadStats();
  }, 50);
}

/** Saved local sessions that a later fetch already brought back are dropped. */
function forgetReflected(): void {
  const { statsFetchedFrom, sessionsFetchedFrom } = statsStore.getState();
  if (statsFetchedFrom === null || sessionsFetchedFrom === null) return;
  const since = Math.min(statsFetchedFrom, sessionsFetchedFrom);
  setLocal((local) => {
    const next = local.filter((l) => !(l.phase === 'saved' && (l.savedAt ?? 0) < since));
    return next.length === local.length ? local : next;
  });
}

/**
 * SPEC §4 'Adding a session': requires a signed-in user ('Please login to save sessions.'),
 * completed defaults to true. The session goes through the outbox, which shows it at once
 * (id -1), sends it, and keeps it for another try if the save fails.
 */
export function addSession(
  record: Omit<SessionRecord, 'completed'> & { completed?: boolean },
): { ok: true; clientId: string } | { ok: false; error: string } {
  // The stored token says who is signed in now (the outbox sends with it).
  const userId = userIdFromToken(readToken()) ?? statsStore.getState().userId;
  if (!userId || !readToken()) {
    statsStore.setState({ addError: MESSAGES.loginToSaveSessions });
    return { ok: false, error: MESSAGES.loginToSaveSessions };
  }
  try {
    const pending = enqueueSession(userId, { ...record, completed: record.completed ?? true });
    statsStore.setState({ addError: null });
    return { ok: true, clientId: pending.client_id };
  } catch (error) {
    const message = addSessionFailedMessage(error instanceof Error ? error.message : String(error));
    statsStore.setState({ addError: message });
    return { ok: false, error: message };
  }
}

/** Sends the sessions waiting in the outbox again (the "Retry" button). */
export async function retryUnsavedSessions(): Promise<void> {
  const userId = statsStore.getState().userId;
  if (!userId) return;
  setLocal((local) =>
    local.map((l) => (l.phase === 'unsaved' ? { ...l, phase: 'saving' as const } : l)),
  );
  await flushOutbox(userId);
  // A flush that could not send (no token for this user) leaves them waiting: say so again.
  const waiting = new Set(pendingSessions(userId).map((p) => p.client_id));
  setLocal((local) =>
    local.map((l) =>
      l.phase === 'saving' && l.session.potentiallyUnsaved && waiting.has(l.clientId)
        ? { ...l, phase: 'unsaved' as const }
        : l,
    ),
  );
}

/** Forgets a session the server refused for good. */
export function dismissLocalSession(clientId: string): void {
  setLocal((local) => local.filter((l) => l.clientId !== clientId));
}

export function clearStatsMessages(): void {
  statsStore.setState({ addError: null, saveError: null });
}

/** Tests start from a clean module state. */
export function resetStatsStateForTests(): void {
  statsStore.setState(initialState(), true);
  queryClient = null;
  timeZoneSynced = false;
  if (reloadTimer) clearTimeout(reloadTimer);
  reloadTimer = null;
  unsubscribeOutbox?.();
  unsubscribeOutbox = null;
  ensureOutboxSubscription();
}

// ---------------------------------------------------------------------------------------------
// Fetching

class UnexpectedAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedAnswerError';
  }
}

/** What SPEC §8's messages need to know about a failure. */
export function failureOf(error: unknown): StatsLoadFailure {
  if (isApiError(error)) return { status: error.status, message: error.message };
  return {
    unexpected: true,
    message: error instanceof Error ? error.message : String(error),
  };
}

function retry(failuresSoFar: number, error: unknown): boolean {
  return shouldRetryStatsFetch(failuresSoFar, failureOf(error));
}

async function tracked<T>(
  which: 'stats' | 'sessions' | 'more',
  load: () => Promise<T>,
): Promise<T> {
  const startedAt = Date.now();
  if (which !== 'more') statsStore.setState({ lastRefreshAt: startedAt });
  try {
    const value = await load();
    if (which === 'stats') statsStore.setState({ statsFetchedFrom: startedAt });
    if (which === 'sessions') statsStore.setState({ sessionsFetchedFrom: startedAt });
    if (which !== 'more') {
      statsStore.setState({ afterServerError: false });
      forgetReflected();
    }
    return value;
  } catch (error) {
    if (isApiError(error) && isServerFailure(failureOf(error))) {
      statsStore.setState({ afterServerError: true });
    }
    throw error;
  }
}

async function fetchSummary(timeZone: string, signal: AbortSignal): Promise<StatsSummary> {
  return tracked('stats', async () => {
    const raw = await api.get<unknown>(`/pomodoro/stats?tz=${encodeURIComponent(timeZone)}`, {
      signal,
    });
    if (typeof raw !== 'object' || raw === null) {
      throw new UnexpectedAnswerError('The statistics answer was not an object');
    }
    return normalizeStatsSummary(raw);
  });
}

/** Sessions per page of the history. */
export const SESSIONS_PAGE_SIZE = 20;

export interface SessionsPage {
  sessions: FocusSession[];
  /** The server's `X-Next-Cursor` for the following page; null on the last page. */
  next: string | null;
}

/** A page of the history, newest first, through the API's cursor (DESIGN §4). */
async function fetchSessionsPage(
  cursor: string | null,
  signal: AbortSignal,
): Promise<SessionsPage> {
  return tracked(cursor === null ? 'sessions' : 'more', async () => {
    const query = new URLSearchParams({ limit: String(SESSIONS_PAGE_SIZE) });
    if (cursor !== null) query.set('cursor', cursor);
    const page = await api.getPage<unknown>(`/pomodoro/sessions?${query.toString()}`, { signal });
    if (!Array.isArray(page.items)) {
      throw new UnexpectedAnswerError('The sessions answer was not a list');
    }
    return {
      sessions: page.items.map((item) => normalizeFocusSession(item)),
      next: page.nextCursor || null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The hook

export type StatsStatus = 'loading' | 'loaded' | 'error';

/** A row of the history: a server session or a local one, with how far its save got. */
export interface HistoryItem {
  key: string;
  session: FocusSession;
  phase: LocalSessionPhase | 'server';
  error?: string;
}

export interface StatsState {
  status: StatsStatus;
  /** SPEC §8's message for the last load, or the not-signed-in message; null when all is well. */
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
  /** SPEC §9 debounced refresh: false when skipped because the last one was too recent. */
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
 * regaining focus) obey SPEC §9's throttle; refresh() obeys its debounce; saves, edits and
 * deletions reload at once.
 */
export function useStatsState(): StatsState {
  const { status: authStatus, user, updateProfile } = useAuth();
  const userId = authStatus === 'authenticated' && user ? user.id : null;
  const client = useQueryClient();
  const timeZone = useMemo(browserTimeZone, []);

  useEffect(() => {
    queryClient = client;
  }, [client]);

  useEffect(() => {
    if (authStatus !== 'loading') bindStatsUser(userId);
    // Sessions waiting from an earlier visit go out again now that the page is open.
    if (userId && pendingSessions(userId).length > 0) void flushOutbox(userId);
  }, [authStatus, userId]);

  // DESIGN §4: the profile keeps the person's zone; set it from the browser once per load.
  const storedZone = user?.time_zone;
  useEffect(() => {
    if (!userId || timeZoneSynced || storedZone === undefined) return;
    timeZoneSynced = true;
    if (storedZone !== timeZone) void updateProfile({ time_zone: timeZone });
  }, [userId, storedZone, timeZone, updateProfile]);

  const summaryQuery = useQuery({
    queryKey: statsKeys.summary(userId, timeZone),
    queryFn: ({ signal }) => fetchSummary(timeZone, signal),
    enabled: userId !== null,
    retry,
    retryDelay: statsRetryDelay,
    // A visit within the throttle shows the cache; a save, edit or deletion invalidates it.
    staleTime: STATS_REFRESH_THROTTLE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const sessionsQuery = useInfiniteQuery({
    queryKey: statsKeys.sessions(userId),
    queryFn: ({ pageParam, signal }) => fetchSessionsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SessionsPage) => last.next,
    enabled: userId !== null,
    retry,
    retryDelay: statsRetryDelay,
    // A visit within the throttle shows the cache; a save, edit or deletion invalidates it.
    staleTime: STATS_REFRESH_THROTTLE_MS,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const store = useStore(statsStore);

  const refetchAll = useCallback(
    (cancelRefetch: boolean) => {
      if (!userId) return Promise.resolve();
      return client.refetchQueries({ queryKey: statsKeys.user(userId) }, { cancelRefetch });
    },
    [client, userId],
  );

  // SPEC §9 throttle: automatic refreshes at most every 60 s, 120 s after a server error, and
  // only while someone can see the page.
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = () => document.visibilityState === 'visible';
    const runIfDue = () => {
      const { lastRefreshAt, afterServerError } = statsStore.getState();
      if (visible() && isAutoRefreshDue(Date.now(), lastRefreshAt, afterServerError)) {
        void refetchAll(false);
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      const { lastRefreshAt, afterServerError } = statsStore.getState();
      const delay = autoRefreshDelay(Date.now(), lastRefreshAt, afterServerError);
      timer = setTimeout(
        () => {
          runIfDue();
          schedule();
        },
        Math.max(delay, 1000),
      );
    };
    const unsubscribe = statsStore.subscribe((next, previous) => {
      if (
        next.lastRefreshAt !== previous.lastRefreshAt ||
        next.afterServerError !== previous.afterServerError
      ) {
        schedule();
      }
    });
    const onOnline = () => void flushOutbox(userId);
    window.addEventListener('focus', runIfDue);
    document.addEventListener('visibilitychange', runIfDue);
    window.addEventListener('online', onOnline);
    schedule();
    return () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('focus', runIfDue);
      document.removeEventListener('visibilitychange', runIfDue);
      window.removeEventListener('online', onOnline);
    };
  }, [userId, refetchAll]);

  const statsFailure = summaryQuery.isError ? failureOf(summaryQuery.error) : null;
  const sessionsFailure =
    sessionsQuery.isError && !sessionsQuery.isFetchNextPageError
      ? failureOf(sessionsQuery.error)
      : null;
  const loadMessage = statsLoadMessage({
    stats: statsFailure,
    sessions: sessionsFailure,
    initial: summaryQuery.data === undefined && sessionsQuery.data === undefined,
  });
  const moreFailure = sessionsQuery.isFetchNextPageError ? failureOf(sessionsQuery.error) : null;
  const moreMessage =
    moreFailure && moreFailure.status !== 401
      ? statsLoadMessage({ stats: null, sessions: moreFailure, initial: false })
      : null;

  const refresh = useCallback(() => {
    const { lastRefreshAt } = statsStore.getState();
    if (isRefreshDebounced(Date.now(), lastRefreshAt, loadMessage !== null)) return false;
    void refetchAll(true);
    return true;
  }, [refetchAll, loadMessage]);

  const updateSessionTask = useCallback(
    async (id: string, task: string) => {
      const saved = normalizeFocusSession(
        await api.put<unknown>(`/pomodoro/sessions/${encodeURIComponent(id)}`, { task }),
      );
      client.setQueryData<InfiniteData<SessionsPage, string | null>>(
        statsKeys.sessions(userId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              sessions: page.sessions.map((s) => (String(s.id) === id ? saved : s)),
            })),
          },
      );
      return saved;
    },
    [client, userId],
  );

  const deleteSession = useCallback(
    async (id: string) => {
      await api.delete<unknown>(`/pomodoro/sessions/${encodeURIComponent(id)}`);
      client.setQueryData<InfiniteData<SessionsPage, string | null>>(
        statsKeys.sessions(userId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              sessions: page.sessions.filter((s) => String(s.id) !== id),
            })),
          },
      );
      // The totals changed: reload them at once.
      await client.invalidateQueries({ queryKey: statsKeys.summary(userId, timeZone) });
    },
    [client, userId, timeZone],
  );

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
    error = STATS_MESSAGES.loginToView;
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
