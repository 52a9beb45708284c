import { autoRefreshDelay, isAutoRefreshDue } from '@focusroom/core';
import { useEffect } from 'react';
import { statsStore } from './stats-store';

/**
 * Product §9 throttle: automatic refreshes (a timer, the window regaining focus, the tab
 * becoming visible) at most every 60 s, 120 s after a server error, and only while someone can
 * see the page. `refetch(false)` lets a fetch under way finish instead of restarting it.
 */
export function useAutoRefresh(
  userId: string | null,
  refetch: (cancelRefetch: boolean) => Promise<void>,
): void {
  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = () => document.visibilityState === 'visible';
    const runIfDue = () => {
      const { lastRefreshAt, afterServerError } = statsStore.getState();
      if (visible() && isAutoRefreshDue(Date.now(), lastRefreshAt, afterServerError)) {
        void refetch(false);
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
    window.addEventListener('focus', runIfDue);
    document.addEventListener('visibilitychange', runIfDue);
    schedule();
    return () => {
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('focus', runIfDue);
      document.removeEventListener('visibilitychange', runIfDue);
    };
  }, [userId, refetch]);
}
