import { ACCOUNT_DATA_STALE_MS, SESSIONS_PAGE_MAX, localDayKey } from '@focusroom/core';
import type { Session } from '@focusroom/core/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { api } from '../../lib/api-client';
import { pendingSessions, subscribeOutbox } from '../stats';
import { setAccountCount } from './daily-count';

/** The local day's bounds as ISO instants (a session counts on the local day of its start). */
function dayBounds(day: string): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(y, m - 1, d).toISOString(),
    to: new Date(y, m - 1, d + 1).toISOString(),
  };
}

/**
 * A signed-in user's pomodoros completed today, for the daily goal: today's completed sessions
 * from GET /pomodoro/sessions plus the finished ones still waiting in the outbox (matched by
 * client_id, so a session is never counted twice). Refreshed whenever the outbox saves one.
 */
export function useAccountTodayCount(userId: string): void {
  const queryClient = useQueryClient();
  const [day, setDay] = useState(() => localDayKey(Date.now()));
  const [outboxVersion, outboxChanged] = useReducer((n: number) => n + 1, 0);
  const bounds = useMemo(() => dayBounds(day), [day]);
  const queryKey = useMemo(() => ['pomodoro', 'today', userId, day] as const, [userId, day]);

  const today = useQuery({
    queryKey,
    queryFn: () => {
      const query = new URLSearchParams({ ...bounds, limit: String(SESSIONS_PAGE_MAX) });
      return api.getList<Session>(`/pomodoro/sessions?${query.toString()}`);
    },
    staleTime: ACCOUNT_DATA_STALE_MS,
  });

  useEffect(() => {
    // A new day starts a new count.
    const timer = window.setInterval(() => setDay(localDayKey(Date.now())), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(
    () =>
      subscribeOutbox((event) => {
        if (event.type === 'saved') {
          // The saved session joins the list at once (the pending copy is gone from the outbox
          // already); the refetch then brings the server's own list.
          queryClient.setQueryData<Session[]>(queryKey, (list) =>
            list && !list.some((s) => s.id === event.session.id) ? [...list, event.session] : list,
          );
          void queryClient.invalidateQueries({ queryKey });
        }
        outboxChanged();
      }),
    [queryClient, queryKey],
  );

  useEffect(() => {
    if (!today.data) return;
    const from = Date.parse(bounds.from);
    const to = Date.parse(bounds.to);
    const isToday = (startTime: string) => {
      const at = Date.parse(startTime);
      return at >= from && at < to;
    };
    // A session saved from elsewhere (logged by hand for another day) may have joined the list.
    const completed = today.data.filter((s) => s.completed && isToday(s.start_time));
    const known = new Set(completed.map((s) => s.client_id).filter(Boolean));
    const waiting = pendingSessions(userId).filter(
      (p) => p.completed !== false && isToday(p.start_time) && !known.has(p.client_id),
    );
    setAccountCount(completed.length + waiting.length);
  }, [today.data, outboxVersion, userId, bounds]);

  useEffect(() => () => setAccountCount(null), [userId]);
}
