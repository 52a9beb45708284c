import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stalledFetch } from '../../test/stalled-fetch';
import { jsonResponse } from '../../test/render';
import { OVERLOADED_CODE, RETRY_AFTER_POLICY, USER_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { API_ERROR_WORDS } from '../i18n/api-error-words';
import { activateLocale } from '../i18n/runtime';
import {
  ApiError,
  api,
  onUnauthorized,
  serverMessage,
  setApiNavigator,
  setApiRandom,
} from './api-client';

type FetchArgs = [string, RequestInit];

describe('the API client', () => {
  let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

  beforeEach(() => {
    navigate = vi.fn<(to: string) => void>();
    setApiNavigator(navigate);
  });

  afterEach(() => {
    setApiNavigator(null);
    setApiRandom(null);
    vi.useRealTimers();
  });

  it('sends the stored token as a bearer header under /api', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await api.get('/settings');

    const [url, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect(url).toBe('/api/settings');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/themes');
    const [, init] = fetchMock.mock.calls[0] as unknown as FetchArgs;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('on a 401 removes the token, tells listeners and redirects to the session-expired login', async () => {
    window.history.replaceState(null, '', '/dashboard');
    localStorage.setItem('token', 't');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Expired' }, 401)),
    );

    await expect(api.get('/settings')).rejects.toMatchObject({ status: 401, message: 'Expired' });

    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?session_expired=true'));
    unsubscribe();
  });

  it.each(['/login', '/register'])('does not redirect on a 401 while on %s', async (path) => {
    window.history.replaceState(null, '', path);
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Bad credentials' }, 401)),
    );

    await expect(api.post('/auth/login', {})).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem('token')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['/reset-password/abc123', '/verify-email/abc123', '/resend-verification'])(
    'on a 401 on %s clears the session but keeps the page',
    async (path) => {
      window.history.replaceState(null, '', path);
      localStorage.setItem('token', 'expired');
      const listener = vi.fn();
      const unsubscribe = onUnauthorized(listener);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ message: 'Token expired' }, 401)),
      );

      await expect(api.get('/auth/me', { retry: false })).rejects.toMatchObject({ status: 401 });

      expect(localStorage.getItem('token')).toBeNull();
      expect(listener).toHaveBeenCalledOnce();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(navigate).not.toHaveBeenCalled();
      unsubscribe();
    },
  );

  it.each([
    ['/forgot-password', '/login?session_expired=true'],
    ['/reset-password', '/login?session_expired=true'],
    ['/', '/login?session_expired=true&next=%2F'],
  ])('still redirects on a 401 on %s, to %s', async (path, target) => {
    window.history.replaceState(null, '', path);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Token expired' }, 401)),
    );
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(target));
  });

  it('on a 401 names the page the user was on, so signing in again returns there', async () => {
    window.history.replaceState(null, '', '/stats?range=30');
    localStorage.setItem('token', 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Expired' }, 401)),
    );
    await expect(api.get('/pomodoro/stats')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/login?session_expired=true&next=%2Fstats%3Frange%3D30',
      ),
    );
  });

  it('retries a timeout three times in all, waiting 1000 ms then 2000 ms within ±10%', async () => {
    vi.useFakeTimers();
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    // The smallest jitter: 0.9 × the base delay.
    setApiRandom(() => 0);

    const result = api.get('/pomodoro/stats').catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(899);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(60_000 + 1799);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).timedOut).toBe(true);
    // No fourth attempt, however long we wait.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps the largest jitter within +10% of the base delay', async () => {
    vi.useFakeTimers();
    const fetchMock = stalledFetch();
    vi.stubGlobal('fetch', fetchMock);
    setApiRandom(() => 0.999_999);

    const result = api.get('/pomodoro/stats').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000 + 1099);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000 + 2200 + 60_000);
    await result;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('retries when the body carries ETIMEDOUT', async () => {
    vi.useFakeTimers();
    setApiRandom(() => 0.5);
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse({ message: 'Upstream timed out', code: 'ETIMEDOUT' }, 504),
      )
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    const result = api.get<{ ok: boolean }>('/settings');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([401, 404, 500])('never retries a %i answer', async (status) => {
    window.history.replaceState(null, '', '/login');
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'No' }, status));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/x')).rejects.toMatchObject({ status });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads an HTML page where a list is expected as an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<!doctype html><html><body>app</body></html>', {
            status: 200,
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }),
      ),
    );
    await expect(api.getList('/playlists')).resolves.toEqual([]);
  });

  it('gives a page of a list with its next cursor and ETag, null on the last page, or a 304', async () => {
    const pages = [
      new Response('[{"id":"a"}]', {
        headers: { 'content-type': 'application/json', 'x-next-cursor': 'abc', etag: 'W/"p1"' },
      }),
      new Response('[{"id":"b"}]', { headers: { 'content-type': 'application/json' } }),
      new Response(null, { status: 304, headers: { etag: 'W/"p1"' } }),
    ];
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => pages.shift());
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.revalidatePage('/pomodoro/sessions?limit=1', null)).resolves.toEqual({
      notModified: false,
      items: [{ id: 'a' }],
      nextCursor: 'abc',
      etag: 'W/"p1"',
    });
    await expect(
      api.revalidatePage('/pomodoro/sessions?limit=1&cursor=abc', undefined),
    ).resolves.toEqual({ notModified: false, items: [{ id: 'b' }], nextCursor: null, etag: null });
    await expect(api.revalidatePage('/pomodoro/sessions?limit=1', 'W/"p1"')).resolves.toEqual({
      notModified: true,
      etag: 'W/"p1"',
    });
    const [, init] = fetchMock.mock.calls[2]!;
    expect((init.headers as Record<string, string>)['If-None-Match']).toBe('W/"p1"');
  });

  it('revalidates: sends the held ETag as If-None-Match and reads a 304 as not modified', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(null, { status: 304, headers: { etag: 'W/"v1"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.revalidate('/pomodoro/stats', 'W/"v1"')).resolves.toEqual({
      notModified: true,
      etag: 'W/"v1"',
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>)['If-None-Match']).toBe('W/"v1"');
  });

  it('revalidates: a 200 gives the new body and its ETag, and nothing held sends no header', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"n":2}', {
          headers: { 'content-type': 'application/json', etag: 'W/"v2"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.revalidate('/pomodoro/stats', null)).resolves.toEqual({
      notModified: false,
      body: { n: 2 },
      etag: 'W/"v2"',
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers as Record<string, string>).not.toHaveProperty('If-None-Match');
  });

  it('keeps a 304 that no If-None-Match asked for a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 304 })),
    );
    await expect(api.revalidate('/pomodoro/stats', undefined)).rejects.toMatchObject({
      status: 304,
    });
    await expect(api.get('/pomodoro/stats')).rejects.toBeInstanceOf(ApiError);
  });

  it('asks for keepalive only for a body the browser can keep alive', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('[]', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/pomodoro/todos', { todos: [] }, { keepalive: true });
    expect(fetchMock.mock.calls[0]?.[1]?.keepalive).toBe(true);
    const large = Array.from({ length: 200 }, () => ({ text: 'x'.repeat(500), completed: false }));
    await api.post('/pomodoro/todos', { todos: large }, { keepalive: true });
    expect(fetchMock.mock.calls[1]?.[1]?.keepalive).toBeUndefined();
    await api.post('/pomodoro/todos', { todos: [] });
    expect(fetchMock.mock.calls[2]?.[1]?.keepalive).toBeUndefined();
  });

  it('rejects an HTML page where an object is expected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    await expect(api.get('/settings')).rejects.toBeInstanceOf(ApiError);
  });

  it('reports a failed connection as a network error with no status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await api.get('/settings').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.networkMessage).toContain('Network Error');
  });

  it('keeps field errors, code and Retry-After from an error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'Too many attempts', code: 'RATE_LIMITED', errors: { email: 'Slow down' } },
          429,
          { 'retry-after': '42' },
        ),
      ),
    );
    const sent = api.post('/auth/forgot-password', { email: 'a@b.co' }, { retry: false });
    await expect(sent).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts',
      code: 'RATE_LIMITED',
      errors: { email: 'Slow down' },
      retryAfterSeconds: 42,
    });
  });

  it('answers undefined for a 204', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });
  describe('a 503 or 429 with Retry-After (decision 063)', () => {
    const busy = (retryAfter = '5', code?: string) =>
      jsonResponse({ message: 'Busy', ...(code ? { code } : {}) }, 503, {
        'retry-after': retryAfter,
      });

    it('waits at least Retry-After, then tries a read again', async () => {
      vi.useFakeTimers();
      setApiRandom(() => 0);
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy('5'))
        .mockResolvedValueOnce(jsonResponse({ ok: true }));
      vi.stubGlobal('fetch', fetchMock);

      const result = api.get<{ ok: boolean }>('/settings');
      await vi.advanceTimersByTimeAsync(4_999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await expect(result).resolves.toEqual({ ok: true });
    });

    it('spreads the wait over a window as long as Retry-After, doubling on each retry', async () => {
      vi.useFakeTimers();
      setApiRandom(() => 0.999);
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy('5'))
        .mockResolvedValueOnce(jsonResponse({ message: 'Slow down' }, 429, { 'retry-after': '5' }))
        .mockResolvedValueOnce(jsonResponse({ ok: true }));
      vi.stubGlobal('fetch', fetchMock);

      const result = api.get('/settings');
      // First retry: 5 s x (1 + 0.999).
      await vi.advanceTimersByTimeAsync(9_994);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      // Second: 10 s x (1 + 0.999).
      await vi.advanceTimersByTimeAsync(19_989);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      await expect(result).resolves.toEqual({ ok: true });
    });

    it('brings clients turned away in the same instant back spread out, not as a second herd', async () => {
      vi.useFakeTimers();
      let seed = 7;
      setApiRandom(() => {
        seed = (seed * 16807) % 2147483647;
        return (seed - 1) / 2147483646;
      });
      const retriedAt: number[] = [];
      const start = Date.now();
      const seen = new Set<string>();
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          if (!seen.has(url)) {
            seen.add(url);
            return busy('5');
          }
          retriedAt.push(Date.now() - start);
          return jsonResponse({ ok: true });
        }),
      );
      const calls = Array.from({ length: 500 }, (_, i) => api.get(`/settings?tab=${i}`));
      await vi.advanceTimersByTimeAsync(10_000);
      await Promise.all(calls);
      expect(retriedAt).toHaveLength(500);
      const perSecond = [0, 0, 0, 0, 0];
      for (const at of retriedAt) perSecond[Math.floor(at / 1000) - 5]!++;
      // Each second of the 5 s window gets about a fifth of them; none gets them all.
      for (const count of perSecond) expect(count).toBeGreaterThan(70);
      for (const count of perSecond) expect(count).toBeLessThan(130);
    });

    it(`gives up after ${RETRY_AFTER_POLICY.retries} retries and rejects with the 503`, async () => {
      vi.useFakeTimers();
      setApiRandom(() => 0);
      const fetchMock = vi.fn(async () => busy('1'));
      vi.stubGlobal('fetch', fetchMock);

      const result = api.get('/settings').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(fetchMock).toHaveBeenCalledTimes(RETRY_AFTER_POLICY.retries + 1);
      await expect(result).resolves.toMatchObject({ status: 503, retryAfterSeconds: 1 });
    });

    it('does not wait for a Retry-After over a minute (a sign-in lockout)', async () => {
      const fetchMock = vi.fn(async () =>
        jsonResponse({ message: 'Too many attempts' }, 429, { 'retry-after': '900' }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(api.get('/settings')).rejects.toMatchObject({ status: 429 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('never repeats a write that may not be repeated (decision 008) after a 503 or 429', async () => {
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy('5'))
        .mockResolvedValueOnce(jsonResponse({ message: 'Slow down' }, 429, { 'retry-after': '5' }));
      vi.stubGlobal('fetch', fetchMock);
      await expect(
        api.post('/auth/register', { name: 'Ada' }, { retry: false }),
      ).rejects.toMatchObject({ status: 503 });
      await expect(
        api.post('/auth/register', { name: 'Ada' }, { retry: false }),
      ).rejects.toMatchObject({ status: 429 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('repeats any request the server refused before doing anything (OVERLOADED)', async () => {
      vi.useFakeTimers();
      setApiRandom(() => 0);
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(busy('2', OVERLOADED_CODE))
        .mockResolvedValueOnce(jsonResponse({ token: 't' }));
      vi.stubGlobal('fetch', fetchMock);

      const result = api.post('/auth/login', { email: 'a@b.co' }, { retry: false });
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(result).resolves.toEqual({ token: 't' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('stops waiting when the caller aborts', async () => {
      vi.useFakeTimers();
      setApiRandom(() => 0);
      const fetchMock = vi.fn(async () => busy('5'));
      vi.stubGlobal('fetch', fetchMock);
      const controller = new AbortController();

      const result = api.get('/settings', { signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1_000);
      controller.abort();
      await expect(result).resolves.toMatchObject({ status: 503 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});

describe("the API client in the reader's language (decision 075)", () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  const refusal = {
    message: USER_MESSAGES.emailTaken,
    code: 'user.emailTaken',
    errors: { email: USER_MESSAGES.emailTaken },
    fieldCodes: { email: 'user.emailTaken' },
  };

  it("keeps the server's English for an English reader", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(refusal, 409)),
    );
    const error = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(USER_MESSAGES.emailTaken);
    expect(error.errors).toEqual({ email: USER_MESSAGES.emailTaken });
    expect(serverMessage(error, 'fallback')).toBe(USER_MESSAGES.emailTaken);
  });

  it('says the message and field errors by their codes in another language', async () => {
    await activateLocale('de');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(refusal, 409)),
    );
    const error = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    const german = i18n._(API_ERROR_WORDS['user.emailTaken']);
    expect(german).not.toBe(USER_MESSAGES.emailTaken);
    expect(error.message).toBe(german);
    expect(error.errors).toEqual({ email: german });
    expect(serverMessage(error, 'fallback')).toBe(german);
    // What the server sent stays readable as sent.
    expect((error.body as { message: string }).message).toBe(USER_MESSAGES.emailTaken);
  });

  it('keeps English words it has no code for', async () => {
    await activateLocale('de');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'A newer refusal', code: 'future.thing' }, 400)),
    );
    const error = (await api.get('/settings').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('A newer refusal');
  });
});
