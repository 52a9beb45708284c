import { STORAGE_KEYS, type SessionRecord } from '@focusroom/core';
import type { Session } from '@focusroom/core/schemas';
import { api, isApiError } from '../../lib/api-client';
import { readItem, readToken, writeItem } from '../../lib/storage';
import { userIdFromToken } from '../../lib/token-payload';

/**
 * The session outbox (product §4 Statistics: no finished session is lost). A finished session is
 * written to local storage first and sent afterwards; a send that fails for a reason that can
 * pass (offline, timeout, 5xx, a signed-out tab) keeps it for the next try. Every record carries
 * a client_id, which makes POST /pomodoro/sessions idempotent (product §7), so a retry after a
 * lost answer, or two tabs sending the same record, still yields exactly one session.
 */

export interface PendingSession extends SessionRecord {
  client_id: string;
  queuedAt: number;
  attempts: number;
  lastError?: string;
  /** Who queued it ('timer' for the timer's completions); the timer toasts only its own. */
  origin?: string;
}

export type OutboxEvent =
  | { type: 'queued'; session: PendingSession }
  | { type: 'saved'; clientId: string; session: Session }
  | { type: 'failed'; clientId: string; error: string };

export const OUTBOX_STORAGE_KEY = STORAGE_KEYS.sessionOutbox;

/** Pending sessions per user id: one account's sessions are never sent with another's token. */
type OutboxStore = Record<string, PendingSession[]>;

const listeners = new Set<(event: OutboxEvent) => void>();
/** The flush under way per user, and users whose list grew while it ran. */
const running = new Map<string, Promise<void>>();
const again = new Set<string>();

function emit(event: OutboxEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One broken listener must not stop the others or the flush.
      console.warn('Outbox listener failed', error);
    }
  }
}

function isPending(value: unknown): value is PendingSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.client_id === 'string' &&
    typeof v.duration === 'number' &&
    typeof v.task === 'string' &&
    typeof v.start_time === 'string' &&
    typeof v.end_time === 'string'
  );
}

/** Always read from storage: another tab may have queued or sent something meanwhile. */
function readStore(): OutboxStore {
  const raw = readItem(OUTBOX_STORAGE_KEY);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: OutboxStore = {};
    for (const [userId, list] of Object.entries(value as Record<string, unknown>)) {
      if (Array.isArray(list)) out[userId] = list.filter(isPending);
    }
    return out;
  } catch {
    return {};
  }
}

function writeStore(store: OutboxStore): void {
  const compact: OutboxStore = {};
  for (const [userId, list] of Object.entries(store)) if (list.length > 0) compact[userId] = list;
  writeItem(OUTBOX_STORAGE_KEY, Object.keys(compact).length > 0 ? JSON.stringify(compact) : null);
}

function update(userId: string, change: (list: PendingSession[]) => PendingSession[]): void {
  const store = readStore();
  store[userId] = change(store[userId] ?? []);
  writeStore(store);
}

function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  // Old browsers without randomUUID: a v4-shaped id from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Adds a record (a client_id = crypto.randomUUID() is made here unless the record brings one),
 * persists it (localStorage key `focusroom_session_outbox`, scoped per user id so accounts never
 * mix), emits 'queued', then tries to send it at once. A record whose client_id is already
 * pending is not queued twice.
 */
export function enqueueSession(
  userId: string,
  record: SessionRecord,
  options: { origin?: string } = {},
): PendingSession {
  const clientId = record.client_id ?? newClientId();
  const existing = pendingSessions(userId).find((p) => p.client_id === clientId);
  if (existing) {
    void flushOutbox(userId);
    return existing;
  }
  const session: PendingSession = {
    duration: record.duration,
    task: record.task,
    completed: record.completed,
    start_time: record.start_time,
    end_time: record.end_time,
    client_id: clientId,
    queuedAt: Date.now(),
    attempts: 0,
    ...(options.origin ? { origin: options.origin } : {}),
  };
  update(userId, (list) => [...list, session]);
  emit({ type: 'queued', session });
  // A flush already under way read the list before this record: give it one more pass.
  if (running.has(userId)) again.add(userId);
  void flushOutbox(userId);
  return session;
}

export function pendingSessions(userId: string): PendingSession[] {
  return readStore()[userId] ?? [];
}

/** Transient answers: the same request can succeed later. */
function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === undefined) return true; // network error or our timeout
  if (error.status === 401) return true; // kept for when this user signs in again
  // 408 and 429 say "not now", not "never"; everything else below 500 can never succeed.
  if (error.status === 408 || error.status === 429) return true;
  return error.status >= 500;
}

function errorText(error: unknown): string {
  if (isApiError(error)) {
    return error.status === undefined ? error.message : `${error.status}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * POSTs every pending record of that user (POST /api/pomodoro/sessions with its client_id;
 * idempotent on the server). 2xx: removed + 'saved'. Network error/timeout/5xx (and 408/429):
 * kept + 'failed' (retried later). Other 4xx except 401: removed + 'failed' (it can never
 * succeed). 401: kept. A call made while a flush runs joins it; a record queued meanwhile gets
 * one more pass.
 */
export function flushOutbox(userId: string): Promise<void> {
  const current = running.get(userId);
  if (current) return current;
  const run = (async () => {
    try {
      do {
        again.delete(userId);
        await flushOnce(userId);
      } while (again.has(userId));
    } finally {
      running.delete(userId);
    }
  })();
  running.set(userId, run);
  return run;
}

async function flushOnce(userId: string): Promise<void> {
  // The client sends the stored token: never send this user's sessions with someone else's.
  const token = readToken();
  if (!token || userIdFromToken(token) !== userId) return;

  for (const session of pendingSessions(userId)) {
    // Another tab may have sent it while we were busy with the previous one.
    if (!pendingSessions(userId).some((p) => p.client_id === session.client_id)) continue;
    try {
      const saved = await api.post<Session>(
        '/pomodoro/sessions',
        {
          duration: session.duration,
          task: session.task,
          completed: session.completed,
          start_time: session.start_time,
          end_time: session.end_time,
          client_id: session.client_id,
        },
        // The outbox is the retry: one attempt per flush, and a shorter wait than 60 s so a
        // dead connection does not hold the queue.
        { retry: false, timeoutMs: 20_000 },
      );
      update(userId, (list) => list.filter((p) => p.client_id !== session.client_id));
      emit({ type: 'saved', clientId: session.client_id, session: saved });
    } catch (error) {
      const message = errorText(error);
      if (isRetryable(error)) {
        update(userId, (list) =>
          list.map((p) =>
            p.client_id === session.client_id
              ? { ...p, attempts: p.attempts + 1, lastError: message }
              : p,
          ),
        );
        emit({ type: 'failed', clientId: session.client_id, error: message });
        // The rest would fail the same way (offline, server down, signed out): try later.
        return;
      }
      update(userId, (list) => list.filter((p) => p.client_id !== session.client_id));
      emit({ type: 'failed', clientId: session.client_id, error: message });
    }
  }
}

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
