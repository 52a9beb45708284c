import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubAuth } from '../../../test/render';
import { OUTBOX_STORAGE_KEY, flushOutbox, pendingSessions } from './session-outbox';
import { addSession } from './api/add-session';
import {
  POST,
  RECORD,
  SERVER_STATS,
  SESSIONS,
  STATS,
  USER_ID,
  loaded,
  renderState,
  serve,
  serverSession,
  setUpStatsStateTests,
  signedIn,
} from './stats-test-kit';
import { statsStore } from './stats-store';
import type { StatsState } from './use-stats-state';

/** A refresh past the throttle; waits until `count` reached `calls` and the refresh is over. */
async function refreshAndWait(
  result: { current: StatsState },
  count: () => number,
  calls: number,
): Promise<void> {
  statsStore.setState({ lastRefreshAt: Date.now() - 30_000 });
  act(() => {
    expect(result.current.refresh()).toBe(true);
  });
  await waitFor(() => expect(count()).toBe(calls));
  await waitFor(() => expect(result.current.refreshing).toBe(false));
}
describe('the statistics state', () => {
  setUpStatsStateTests();

  it('clears everything and asks to log in when nobody is signed in', () => {
    localStorage.removeItem('token');
    const { result } = renderState(stubAuth({ status: 'unauthenticated' }));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe('Please login to view your statistics.');
    expect(result.current.stats.totalSessions).toBe(0);
    expect(result.current.sessions).toEqual([]);
  });

  it('loads the summary and the history, and reads the summary through its fallbacks', async () => {
    const {
      heatmapData,
      activityHeatmap: _omitted,
      averageDailySessions: _a,
      ...partial
    } = SERVER_STATS;
    const api = serve({
      [STATS]: (url) => {
        expect(url.searchParams.get('tz')).toBeTruthy();
        return jsonResponse({ ...partial, heatmapData });
      },
      [SESSIONS]: () => jsonResponse([serverSession(2), serverSession(1)]),
    });
    const { result } = renderState(signedIn());
    expect(result.current.status).toBe('loading');
    await loaded(result);
    expect(result.current.error).toBeNull();
    expect(result.current.stats.totalSessions).toBe(3);
    expect(result.current.stats.totalFocusTime).toBe(50);
    // averageDailySessions missing: totalSessions / 7 with two decimals.
    expect(result.current.stats.averageDailySessions).toBe(0.43);
    expect(result.current.stats.activityHeatmap).toHaveLength(365);
    expect(result.current.sessions.map((s) => s.session.task)).toEqual(['Task 2', 'Task 1']);
    expect(api.count(STATS)).toBe(1);
  });

  it('shows an added session at once with id -1 and raises the local totals', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve({
      [STATS]: () => jsonResponse(SERVER_STATS),
      [SESSIONS]: () => jsonResponse([]),
      // The save has not answered yet: the session stays optimistic.
      [POST]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    act(() => {
      expect(addSession({ ...RECORD, completed: undefined }).ok).toBe(true);
    });
    const [first] = result.current.sessions;
    expect(first?.session.id).toBe(-1);
    expect(first?.session.task).toBe('Read a chapter');
    expect(first?.session.completed).toBe(true);
    expect(first?.phase).toBe('saving');
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.stats.totalSessions).toBe(4);
    expect(result.current.stats.completedSessions).toBe(3);
    expect(result.current.stats.totalFocusTime).toBe(75);
    expect(result.current.stats.totalFocusTimeMinutes).toBe(75);
    // Let the outbox finish, so the next test starts with no flush under way.
    await act(async () => {
      answer(jsonResponse({ message: 'Service unavailable' }, 503));
      await flushOutbox(USER_ID);
    });
  });

  it('flags a session whose save failed, keeps it in the outbox, and clears the flag once saved', async () => {
    let online = false;
    let saved: Record<string, unknown> | null = null;
    const api = serve({
      [STATS]: () => jsonResponse(saved ? { ...SERVER_STATS, totalSessions: 4 } : SERVER_STATS),
      [SESSIONS]: () => jsonResponse(saved ? [saved] : []),
      [POST]: (_url, init) => {
        if (!online) throw new TypeError('Failed to fetch');
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        saved = serverSession(30, { ...body });
        return jsonResponse(saved, 201);
      },
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    act(() => void addSession(RECORD));
    await waitFor(() => expect(result.current.sessions[0]?.phase).toBe('unsaved'));
    const [unsaved] = result.current.sessions;
    expect(unsaved?.session.potentiallyUnsaved).toBe(true);
    expect(unsaved?.session.id).toBe(-1);
    expect(result.current.saveError).toBe(
      'Failed to save session: Network Error. Local changes will be lost on reload.',
    );
    expect(pendingSessions(USER_ID)).toHaveLength(1);
    expect(result.current.stats.totalSessions).toBe(4);

    online = true;
    const statsCalls = api.count(STATS);
    await act(() => result.current.retryUnsaved());
    // Saved: the flag and the message clear, and the data reloads at once.
    await waitFor(() => expect(api.count(STATS)).toBe(statsCalls + 1));
    await waitFor(() => expect(result.current.sessions).toHaveLength(1));
    const [row] = result.current.sessions;
    expect(row?.phase).toBe('server');
    expect(row?.session.potentiallyUnsaved).toBeUndefined();
    expect(row?.session.client_id).toBe(unsaved?.key);
    expect(result.current.saveError).toBeNull();
    expect(pendingSessions(USER_ID)).toEqual([]);
    // Counted once: the server's total, no local extra.
    expect(result.current.stats.totalSessions).toBe(4);
  });

  it('shows sessions still waiting in the outbox after a reload as unsaved', async () => {
    localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify({
        [USER_ID]: [{ ...RECORD, client_id: 'c1', queuedAt: 1, attempts: 2, lastError: 'x' }],
      }),
    );
    serve({
      [STATS]: () => jsonResponse(SERVER_STATS),
      [SESSIONS]: () => jsonResponse([]),
      [POST]: () => jsonResponse({ message: 'Service unavailable' }, 503),
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    await waitFor(() => expect(result.current.sessions[0]?.phase).toBe('unsaved'));
    expect(result.current.sessions[0]?.session.potentiallyUnsaved).toBe(true);
    expect(result.current.sessions[0]?.key).toBe('c1');
  });

  it('keeps cached data when a later fetch fails, and says which half may be incomplete', async () => {
    let failing = false;
    serve({
      [STATS]: () =>
        failing ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(SERVER_STATS),
      [SESSIONS]: () => jsonResponse([serverSession(1)]),
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    failing = true;
    // Product §9 debounce: a refresh right after the last one is skipped.
    let ran = true;
    act(() => {
      ran = result.current.refresh();
    });
    expect(ran).toBe(false);
    statsStore.setState({ lastRefreshAt: Date.now() - 30_000 });
    act(() => {
      ran = result.current.refresh();
    });
    expect(ran).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(
      'Stats data may be incomplete: Server error (500): The API is currently experiencing issues',
    );
    expect(result.current.stats.totalSessions).toBe(3);
    expect(result.current.sessions).toHaveLength(1);
  });

  it('revalidates the summary with its ETag and keeps what it has on a 304', async () => {
    let current = { etag: 'W/"one"', stats: SERVER_STATS };
    const sent: (string | null)[] = [];
    const api = serve({
      [STATS]: (_url, init) => {
        const held = new Headers(init.headers).get('if-none-match');
        sent.push(held);
        if (held === current.etag) return new Response(null, { status: 304 });
        const response = jsonResponse(current.stats);
        response.headers.set('etag', current.etag);
        return response;
      },
      [SESSIONS]: () => jsonResponse([serverSession(1)]),
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    const shown = result.current.stats;
    expect(shown.totalSessions).toBe(3);

    const refreshNow = (calls: number) => refreshAndWait(result, () => api.count(STATS), calls);
    await refreshNow(2);
    expect(result.current.status).toBe('loaded');
    expect(result.current.error).toBeNull();
    expect(result.current.stats).toBe(shown);

    current = { etag: 'W/"two"', stats: { ...SERVER_STATS, totalSessions: 4 } };
    await refreshNow(3);
    expect(result.current.stats.totalSessions).toBe(4);
    await refreshNow(4);
    expect(result.current.stats.totalSessions).toBe(4);
    expect(sent).toEqual([null, 'W/"one"', 'W/"one"', 'W/"two"']);
  });

  it('revalidates each history page with its own ETag and keeps the pages on a 304', async () => {
    const all = Array.from({ length: 25 }, (_, i) => serverSession(50 - i));
    let version = 'one';
    const sent: [string | null, string | null][] = [];
    const api = serve({
      [STATS]: () => jsonResponse(SERVER_STATS),
      [SESSIONS]: (url, init) => {
        const cursor = url.searchParams.get('cursor');
        const held = new Headers(init.headers).get('if-none-match');
        sent.push([cursor, held]);
        const etag = `W/"${version}-${cursor ?? 'first'}"`;
        if (held === etag) return new Response(null, { status: 304, headers: { etag } });
        const from = cursor ? Number(atob(cursor)) : 0;
        const next: Record<string, string> =
          from + 20 < all.length ? { 'x-next-cursor': btoa(String(from + 20)) } : {};
        return jsonResponse(all.slice(from, from + 20), 200, { ...next, etag });
      },
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    act(() => result.current.loadMoreSessions());
    await waitFor(() => expect(result.current.sessions).toHaveLength(25));
    const shown = result.current.sessions;

    const refreshNow = (calls: number) => refreshAndWait(result, () => api.count(SESSIONS), calls);
    await refreshNow(4);
    expect(result.current.sessions).toEqual(shown);
    expect(result.current.hasMoreSessions).toBe(false);
    version = 'two';
    all.unshift(serverSession(51));
    await refreshNow(6);
    expect(result.current.sessions[0]?.key).not.toBe(shown[0]?.key);
    expect(sent).toEqual([
      [null, null],
      [btoa('20'), null],
      [null, 'W/"one-first"'],
      [btoa('20'), `W/"one-${btoa('20')}"`],
      [null, 'W/"one-first"'],
      [btoa('20'), `W/"one-${btoa('20')}"`],
    ]);
  });

  it('uses the empty summary when the first fetch fails, and never retries a 500', async () => {
    const api = serve({
      [STATS]: () => jsonResponse({ message: 'boom' }, 500),
      [SESSIONS]: () => jsonResponse({ message: 'boom' }, 500),
    });
    const { result } = renderState(signedIn());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(
      'Could not load all data: Server error (500): The API is currently experiencing issues and Server error (500): The API is currently experiencing issues',
    );
    expect(result.current.stats.totalSessions).toBe(0);
    expect(result.current.stats.activityHeatmap).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.count(STATS)).toBe(1);
    expect(api.count(SESSIONS)).toBe(1);
    expect(statsStore.getState().afterServerError).toBe(true);
  });

  it('retries other failures twice with backoff before giving up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = serve({
      [STATS]: () => jsonResponse({ message: 'Bad gateway' }, 502),
      [SESSIONS]: () => jsonResponse([]),
    });
    const { result } = renderState(signedIn());
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(api.count(STATS)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.count(STATS)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.count(STATS)).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.count(STATS)).toBe(3);
    expect(result.current.error).toBe('Stats data may be incomplete: Bad gateway');
  });

  it('pages the history with the server cursor, without repeating a session', async () => {
    const all = Array.from({ length: 25 }, (_, i) => serverSession(50 - i));
    const asked: (string | null)[] = [];
    serve({
      [STATS]: () => jsonResponse(SERVER_STATS),
      [SESSIONS]: (url) => {
        // An opaque cursor: the offset of the next page, as a server might encode anything.
        const cursor = url.searchParams.get('cursor');
        asked.push(cursor);
        const from = cursor ? Number(atob(cursor)) : 0;
        const limit = Number(url.searchParams.get('limit'));
        const next: Record<string, string> =
          from + limit < all.length ? { 'x-next-cursor': btoa(String(from + limit)) } : {};
        return jsonResponse(all.slice(from, from + limit), 200, next);
      },
    });
    const { result } = renderState(signedIn());
    await loaded(result);
    expect(result.current.sessions).toHaveLength(20);
    expect(result.current.hasMoreSessions).toBe(true);
    act(() => result.current.loadMoreSessions());
    await waitFor(() => expect(result.current.sessions).toHaveLength(25));
    expect(new Set(result.current.sessions.map((s) => s.key)).size).toBe(25);
    expect(result.current.hasMoreSessions).toBe(false);
    expect(asked).toEqual([null, btoa('20')]);
  });
});
