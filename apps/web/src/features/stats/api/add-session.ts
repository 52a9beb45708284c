import type { SessionRecord } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { STATS_MESSAGES, addSessionFailedMessage } from '../messages';
import { enqueueSession, flushOutbox, pendingSessions } from '../session-outbox';
import { readToken } from '../../../lib/storage';
import { userIdFromToken } from '../../../lib/token-payload';
import { setLocal, startStatsOutbox, statsStore } from '../stats-store';

/**
 * Product §4 'Adding a session': requires a signed-in user ('Please login to save sessions.'),
 * completed defaults to true. The session goes through the outbox, which shows it at once
 * (id -1), sends it, and keeps it for another try if the save fails.
 */
export function addSession(
  record: Omit<SessionRecord, 'completed'> & { completed?: boolean },
): { ok: true; clientId: string } | { ok: false; error: string } {
  // The stored token says who is signed in now (the outbox sends with it).
  const userId = userIdFromToken(readToken()) ?? statsStore.getState().userId;
  if (!userId || !readToken()) {
    const error = i18n._(STATS_MESSAGES.loginToSaveSessions);
    statsStore.setState({ addError: error });
    return { ok: false, error };
  }
  // The session shows through the outbox's events: listen before queueing it.
  startStatsOutbox();
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
