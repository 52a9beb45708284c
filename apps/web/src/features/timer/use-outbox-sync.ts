import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { notify } from '../../lib/notify';
import { flushOutbox, pendingSessions, subscribeOutbox } from '../stats';
import { TIMER_RECORD_ORIGIN } from './timer-effects';

export const OUTBOX_RETRY_INTERVAL_MS = 30_000;

/**
 * Sends waiting sessions when they can go (product §4 outbox): at start when signed in, when the
 * network returns, when the tab is visible again, and every 30 s while any wait. The server's
 * acceptance of a timer session shows product §8's 'Session recorded!' (core's
 * MESSAGES.sessionRecorded, in the reader's language).
 */
export function useOutboxSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    const timerSessions = new Set(
      pendingSessions(userId)
        .filter((p) => p.origin === TIMER_RECORD_ORIGIN)
        .map((p) => p.client_id),
    );
    const unsubscribe = subscribeOutbox((event) => {
      if (event.type === 'queued' && event.session.origin === TIMER_RECORD_ORIGIN) {
        timerSessions.add(event.session.client_id);
      } else if (event.type === 'saved' && timerSessions.delete(event.clientId)) {
        notify({ message: t`Session recorded!`, tone: 'success' });
      } else if (event.type === 'failed') {
        // Refused for good (a 4xx): it is gone from the outbox, so no more toast for it.
        if (!pendingSessions(userId).some((p) => p.client_id === event.clientId)) {
          timerSessions.delete(event.clientId);
        }
      }
    });
    const flush = () => void flushOutbox(userId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(() => {
      if (pendingSessions(userId).length > 0) flush();
    }, OUTBOX_RETRY_INTERVAL_MS);
    return () => {
      unsubscribe();
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
    };
  }, [userId]);
}
