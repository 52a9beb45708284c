import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUSH_ACTION_START, TIMER_NOTIFICATION_TAG, type PushAlarmPayload } from '@focusroom/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * public/push-sw.js, the push handlers the generated service worker imports (it lives in public/
 * as plain JavaScript, so its test is here, with the feature that subscribes). The file runs
 * against a fake worker scope: its registration, its clients and fetch.
 */
const SOURCE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../public/push-sw.js'),
  'utf8',
);
const ORIGIN = 'https://focusroom.example';

interface FakeClient {
  url: string;
  visibilityState: DocumentVisibilityState;
  focus: ReturnType<typeof vi.fn>;
}

function worker(windows: string[] = [], visibility: DocumentVisibilityState = 'hidden') {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const clients: FakeClient[] = windows.map((url) => ({
    url,
    visibilityState: visibility,
    focus: vi.fn(async () => undefined),
  }));
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', SOURCE)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const kept: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (work: Promise<unknown>) => kept.push(work) });
    await Promise.all(kept);
    return kept.length;
  };
  return { self, shown, clients, dispatch };
}

const PHASE_END: PushAlarmPayload = {
  kind: 'phase-end',
  title: 'Focus complete',
  body: 'Time for a short break.',
  tag: TIMER_NOTIFICATION_TAG,
  lang: 'en',
  dir: 'ltr',
  actions: [{ action: PUSH_ACTION_START, title: 'Start break' }],
  actionToken: 'signed.token',
};

function pushEvent(payload: unknown) {
  return { data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } };
}

function clickEvent(action: string, data: unknown) {
  return { action, notification: { data, close: vi.fn() } };
}

function answer(outcome: string | null, status = 200) {
  const fetchMock = vi.fn(async () =>
    outcome === null
      ? new Response(JSON.stringify({ message: 'expired' }), { status: 400 })
      : new Response(JSON.stringify({ outcome }), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('public/push-sw.js', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a push as the timer notification, with its button and the token for it', async () => {
    const { shown, dispatch } = worker();
    expect(await dispatch('push', pushEvent(PHASE_END))).toBe(1);
    expect(shown).toEqual([
      {
        title: 'Focus complete',
        options: expect.objectContaining({
          body: 'Time for a short break.',
          tag: TIMER_NOTIFICATION_TAG,
          lang: 'en',
          dir: 'ltr',
          icon: '/icons/icon-192.png',
          actions: [{ action: 'start', title: 'Start break' }],
          data: { actionToken: 'signed.token', kind: 'phase-end' },
          renotify: true,
        }),
      },
    ]);
  });

  it("leaves a phase's end to the app when a window of it is in view, but always shows a test", async () => {
    const inView = worker([`${ORIGIN}/dashboard`], 'visible');
    await inView.dispatch('push', pushEvent(PHASE_END));
    expect(inView.shown).toEqual([]);
    await inView.dispatch('push', pushEvent({ ...PHASE_END, kind: 'test', actions: [] }));
    expect(inView.shown).toHaveLength(1);
    // A tab in the background may be asleep: the alarm shows.
    const behind = worker([`${ORIGIN}/dashboard`], 'hidden');
    await behind.dispatch('push', pushEvent(PHASE_END));
    expect(behind.shown).toHaveLength(1);
  });

  it('shows nothing for a push that is not an alarm', async () => {
    const { shown, dispatch } = worker();
    await dispatch('push', { data: { json: () => JSON.parse('not json') } });
    await dispatch('push', pushEvent({ hello: 'world' }));
    expect(shown).toEqual([]);
  });

  it('starts the next phase from the button, without opening the app', async () => {
    const fetchMock = answer('applied');
    const { self, dispatch } = worker();
    const event = clickEvent('start', { actionToken: 'signed.token', kind: 'phase-end' });
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith('/api/push/actions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'signed.token' }),
    });
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it.each([
    ['the timer changed since the alarm', () => answer('stale')],
    ['the token expired', () => answer(null)],
    [
      'the network is down',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => Promise.reject(new TypeError('offline'))),
        ),
    ],
  ])('opens the app when %s', async (_case, arrange) => {
    arrange();
    const { self, dispatch } = worker();
    await dispatch(
      'notificationclick',
      clickEvent('start', { actionToken: 't', kind: 'phase-end' }),
    );
    expect(self.clients.openWindow).toHaveBeenCalledWith('/');
  });

  it("focuses the app's timer page on a click on the notification itself", async () => {
    const fetchMock = answer('applied');
    const { self, clients, dispatch } = worker([
      'https://elsewhere.example/',
      `${ORIGIN}/stats`,
      `${ORIGIN}/dashboard`,
    ]);
    await dispatch('notificationclick', clickEvent('', { actionToken: 't', kind: 'phase-end' }));
    expect(clients[2]!.focus).toHaveBeenCalled();
    expect(clients[1]!.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('works on an event whose waitUntil throws (one a script dispatched)', async () => {
    const fetchMock = answer('applied');
    const listeners = new Map<string, (event: unknown) => void>();
    const self = {
      location: new URL(ORIGIN),
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        listeners.set(type, listener),
      registration: { showNotification: vi.fn(async () => undefined) },
      clients: { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) },
    };
    new Function('self', SOURCE)(self);
    const untrusted = {
      ...clickEvent('start', { actionToken: 'signed.token' }),
      waitUntil: () => {
        throw new DOMException('The event is not trusted', 'InvalidStateError');
      },
    };
    expect(() => listeners.get('notificationclick')!(untrusted)).not.toThrow();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  });
});
