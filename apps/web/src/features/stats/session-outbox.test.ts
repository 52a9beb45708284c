import type { SessionRecord } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { setApiNavigator } from '../../lib/api-client';
import {
  OUTBOX_STORAGE_KEY,
  enqueueSession,
  flushOutbox,
  pendingSessions,
  subscribeOutbox,
  type OutboxEvent,
} from './session-outbox';

/** A JWT-shaped token whose payload names the user (the outbox checks it, never verifies). */
function tokenFor(userId: string): string {
  const payload = btoa(JSON.stringify({ id: userId, sub: userId }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

const record: SessionRecord = {
  duration: 25,
  task: 'Write the report',
  completed: true,
  start_time: '2026-11-22T09:00:00.000Z',
  end_time: '2026-11-22T09:25:00.000Z',
};

function savedFrom(body: Record<string, unknown>) {
  return {
    id: '0195f0a4-0000-7000-8000-000000000001',
    created_at: '2026-11-22T09:25:01.000Z',
    ...body,
  };
}

type FetchCall = [string, RequestInit];

describe('the session outbox', () => {
  let events: OutboxEvent[];
  let unsubscribe: () => void;

  beforeEach(() => {
    setApiNavigator(() => undefined);
    events = [];
    unsubscribe = subscribeOutbox((event) => events.push(event));
  });

  afterEach(() => {
    unsubscribe();
    setApiNavigator(null);
  });

  it('queues a record with a fresh client id, persists it and sends it at once', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      jsonResponse(savedFrom(JSON.parse(String(init.body)) as Record<string, unknown>), 201),
    );
    vi.stubGlobal('fetch', fetchMock);

    const pending = enqueueSession('user-a', record);
    expect(pending.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(events[0]).toEqual({ type: 'queued', session: pending });
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY)!)['user-a']).toHaveLength(1);

    await flushOutbox('user-a');

    const [url, init] = fetchMock.mock.calls[0] as unknown as FetchCall;
    expect(url).toBe('/api/pomodoro/sessions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ ...record, client_id: pending.client_id });
    expect(events.at(-1)).toMatchObject({ type: 'saved', clientId: pending.client_id });
    expect(pendingSessions('user-a')).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('keeps a record when the network fails and sends it with the same client id later', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const pending = enqueueSession('user-a', record);
    await flushOutbox('user-a');

    expect(events.at(-1)).toMatchObject({ type: 'failed', clientId: pending.client_id });
    const kept = pendingSessions('user-a');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ client_id: pending.client_id, attempts: 1 });
    expect(kept[0]!.lastError).toMatch(/Network Error/);

    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      jsonResponse(savedFrom(JSON.parse(String(init.body)) as Record<string, unknown>), 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    await flushOutbox('user-a');

    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as FetchCall)[1].body));
    expect(body.client_id).toBe(pending.client_id);
    expect(pendingSessions('user-a')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'saved', clientId: pending.client_id });
  });

  it('keeps a record on a server error', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Internal Server Error' }, 500)),
    );
    enqueueSession('user-a', record);
    await flushOutbox('user-a');
    expect(pendingSessions('user-a')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'failed', error: '500: Internal Server Error' });
  });

  it('drops a record the server refuses as invalid, since it can never succeed', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'End time must not be before the start time' }, 400),
      ),
    );
    const pending = enqueueSession('user-a', record);
    await flushOutbox('user-a');
    expect(pendingSessions('user-a')).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'failed',
      clientId: pending.client_id,
      error: '400: End time must not be before the start time',
    });
  });

  it('keeps a record after a 401 for when the user signs in again', async () => {
    window.history.replaceState(null, '', '/dashboard');
    localStorage.setItem('token', tokenFor('user-a'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Session expired' }, 401)),
    );
    enqueueSession('user-a', record);
    await flushOutbox('user-a');
    expect(pendingSessions('user-a')).toHaveLength(1);
    // The API client's one 401 handling ran: the token is gone.
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps each user apart and never sends one user’s sessions with another’s token', async () => {
    localStorage.setItem('token', tokenFor('user-b'));
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      jsonResponse(savedFrom(JSON.parse(String(init.body)) as Record<string, unknown>), 201),
    );
    vi.stubGlobal('fetch', fetchMock);

    enqueueSession('user-a', record);
    await flushOutbox('user-a');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pendingSessions('user-a')).toHaveLength(1);
    expect(pendingSessions('user-b')).toEqual([]);

    enqueueSession('user-b', { ...record, task: 'B' });
    await flushOutbox('user-b');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pendingSessions('user-b')).toEqual([]);
    expect(pendingSessions('user-a')).toHaveLength(1);
  });

  it('queues a record that brings its own client id only once', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const clientId = '11111111-2222-4333-8444-555555555555';
    const first = enqueueSession('user-a', { ...record, client_id: clientId }, { origin: 'timer' });
    const second = enqueueSession('user-a', { ...record, client_id: clientId });
    await flushOutbox('user-a');
    expect(second).toEqual(first);
    expect(first.origin).toBe('timer');
    expect(pendingSessions('user-a')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'queued')).toHaveLength(1);
  });

  it('sends records queued during a flush in one more pass', async () => {
    localStorage.setItem('token', tokenFor('user-a'));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      await gate;
      return jsonResponse(savedFrom(JSON.parse(String(init.body)) as Record<string, unknown>), 201);
    });
    vi.stubGlobal('fetch', fetchMock);

    enqueueSession('user-a', record);
    enqueueSession('user-a', { ...record, task: 'Second' });
    release();
    await flushOutbox('user-a');
    await flushOutbox('user-a');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(pendingSessions('user-a')).toEqual([]);
    expect(events.filter((e) => e.type === 'saved')).toHaveLength(2);
  });

  it('ignores unreadable storage', () => {
    localStorage.setItem(OUTBOX_STORAGE_KEY, '{not json');
    expect(pendingSessions('user-a')).toEqual([]);
    localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify({ 'user-a': [{ nope: 1 }] }));
    expect(pendingSessions('user-a')).toEqual([]);
  });
});
