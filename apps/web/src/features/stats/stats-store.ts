import {
  isServerFailure,
  normalizeFocusSession,
  optimisticSession,
  type FocusSession,
} from '@focusroom/core';
import { saveSessionFailedMessage } from './messages';
import { createStore } from 'zustand/vanilla';
import {
  pendingSessions,
  subscribeOutbox,
  type OutboxEvent,
  type PendingSession,
} from './session-outbox';
import { readToken } from '../../lib/storage';
import { userIdFromToken } from '../../lib/token-payload';
import { statsLoadFailureOf } from './api/load-failure';
import { reloadStatsSoon, resetReloadForTests } from './api/reload';

/**
 * What the statistics state keeps beside the query cache (product §4): the sessions this
 * browser added that the server's answers do not show yet (fed by the session outbox, so a
 * session the timer records shows up at once), the add and save messages, and when the last
 * fetches ran (product §9 throttle and debounce).
 */

/**
 * saving: sent, no answer yet. unsaved: the save failed and the outbox will send it again.
 * rejected: the server refused it for good (it left the outbox). saved: the server has it; it
 * stays until a fetch that started after the save has brought it back.
 */
export type LocalSessionPhase = 'saving' | 'unsaved' | 'rejected' | 'saved';

interface LocalSession {
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
  /** Product §8 'Failed to save session: ...', while some session is not saved. */
  saveError: string | null;
  /** Product §5/§8 'Please login to save sessions.' or 'An error occurred while adding ...'. */
  addError: string | null;
  /** When the last stats or sessions fetch started (product §9 throttle and debounce). */
  lastRefreshAt: number | null;
  /** The last fetch ended in a server error: automatic refreshes wait 120 s (product §9). */
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

let unsubscribeOutbox: (() => void) | null = null;

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

/** Changes the local sessions; the save message goes once none is left unsaved. */
export function setLocal(change: (local: LocalSession[]) => LocalSession[]): void {
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
    reloadStatsSoon();
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

/**
 * Starts listening to the outbox; later calls do nothing. Called on first use (the statistics
 * hook's mount, an added session), never on import: from then on, page open or not, a session
 * the timer records shows here at once. This module only loads with the lazily loaded
 * statistics page, so that is when the old import-time subscription started too.
 */
export function startStatsOutbox(): void {
  if (!unsubscribeOutbox) unsubscribeOutbox = subscribeOutbox(handleOutboxEvent);
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
 * Runs a stats ('stats'), first-page ('sessions') or next-page ('more') fetch and records when
 * it started and how it ended: the throttle and debounce count from the start, and a saved
 * session counts locally until a fetch that started after its save has brought it back.
 */
export async function trackStatsFetch<T>(
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
    if (isServerFailure(statsLoadFailureOf(error))) {
      statsStore.setState({ afterServerError: true });
    }
    throw error;
  }
}

/** Forgets a session the server refused for good. */
export function dismissLocalSession(clientId: string): void {
  setLocal((local) => local.filter((l) => l.clientId !== clientId));
}

/** Tests start from a clean module state, with nobody listening to the outbox. */
export function resetStatsStateForTests(): void {
  statsStore.setState(initialState(), true);
  resetReloadForTests();
  unsubscribeOutbox?.();
  unsubscribeOutbox = null;
}
