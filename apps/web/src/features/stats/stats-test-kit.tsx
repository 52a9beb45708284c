import { computeStats, type SessionRecord } from '@focusroom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { stubAuth } from '../../../test/render';
import { setApiNavigator } from '../../lib/api-client';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { resetStatsStateForTests } from './stats-store';
import { useStatsState, type StatsState } from './use-stats-state';
import { makeUser } from '../../../test/fixtures';

/** What the statistics state's tests share: a signed-in user, server answers, a fetch stub. */

export const USER_ID = '0195f0a4-0000-7000-8000-00000000000a';
export const USER = makeUser({ id: USER_ID, time_zone: 'UTC' });

/** A JWT-shaped token whose payload names the user (the outbox reads it, never verifies). */
export function tokenFor(userId: string): string {
  const payload = btoa(JSON.stringify({ id: userId, sub: userId })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

export const SERVER_STATS = computeStats({
  days: [{ date: '2026-11-20', count: 2, minutes: 50 }],
  totalSessions: 3,
  today: '2026-11-22',
});

export function serverSession(n: number, extra: Record<string, unknown> = {}) {
  const start = new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString();
  return {
    id: `0195f0a4-0000-7000-8000-${String(n).padStart(12, '0')}`,
    duration: 25,
    task: `Task ${n}`,
    completed: true,
    created_at: start,
    start_time: start,
    end_time: start,
    client_id: null,
    ...extra,
  };
}

export const RECORD: SessionRecord = {
  duration: 25,
  task: 'Read a chapter',
  completed: true,
  start_time: '2026-11-22T09:00:00.000Z',
  end_time: '2026-11-22T09:25:00.000Z',
};

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A fetch stub that routes by method and path and counts the calls. */
export function serve(handlers: Record<string, Handler>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const handler = handlers[key];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (key: string) => calls.filter((c) => c === key).length };
}

export const STATS = 'GET /api/pomodoro/stats';
export const SESSIONS = 'GET /api/pomodoro/sessions';
export const POST = 'POST /api/pomodoro/sessions';

export function renderState(auth: AuthContextValue) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthContext value={auth}>{children}</AuthContext>
    </QueryClientProvider>
  );
  return renderHook(() => useStatsState(), { wrapper });
}

export const signedIn = () =>
  stubAuth({ status: 'authenticated', user: USER, token: tokenFor(USER_ID) });

export async function loaded(result: { current: StatsState }) {
  await waitFor(() => expect(result.current.status).toBe('loaded'));
}

/** Each test starts signed in (a stored token), with a clean statistics state. */
export function setUpStatsStateTests(): void {
  beforeEach(() => {
    setApiNavigator(() => undefined);
    localStorage.setItem('token', tokenFor(USER_ID));
    resetStatsStateForTests();
  });

  afterEach(() => {
    setApiNavigator(null);
    vi.useRealTimers();
  });
}
