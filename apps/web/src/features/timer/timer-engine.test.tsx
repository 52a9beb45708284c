import { DEFAULT_TIMER_SETTINGS, STORAGE_KEYS, type SessionRecord } from '@focusroom/core';
import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { useDocumentTitle } from '../../components/use-document-title';
import type { CompletionEffects } from './timer-effects';
import { TimerEngine } from './timer-engine';
import { createTimerController, type TimerController } from './timer-store';
import { makeUser } from '../../../test/fixtures';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

const USER = makeUser({ id: 'user-1', name: 'Ada' });

function spyEffects() {
  const recorded: SessionRecord[] = [];
  const effects: CompletionEffects = {
    playSound: vi.fn(),
    showNotification: vi.fn(),
    recordSession: vi.fn((_user: string, record: SessionRecord) => {
      recorded.push(record);
    }),
    announce: vi.fn(),
    claimChime: () => true,
  };
  return { effects, recorded };
}

/** The server of a signed-in user: default settings, an empty list, sessions accepted. */
function stubServer(settings: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/settings') return jsonResponse({ ...DEFAULT_TIMER_SETTINGS, ...settings });
    if (url === '/api/pomodoro/todos') return jsonResponse([]);
    if (url === '/api/pomodoro/sessions' && init?.method === 'POST') {
      return jsonResponse({ id: 's1', ...JSON.parse(String(init.body)) }, 201);
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the timer engine', () => {
  let controller: TimerController;

  // The signed-in part loads on demand; loaded once here so fake time never outruns the import.
  beforeAll(async () => {
    await import('./timer-account-sync');
  });

  beforeEach(() => {
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    document.title = 'Focusroom · Focus timer';
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets the lazily loaded signed-in sync mount (React reveals it after a short timer). */
  async function settle() {
    await advance(500);
  }

  function mount(options: { signedIn?: boolean } = {}) {
    const { effects, recorded } = spyEffects();
    controller = createTimerController();
    const auth = options.signedIn
      ? stubAuth({ status: 'authenticated', user: USER, token: 't' })
      : stubAuth();
    const view = renderWithProviders(<TimerEngine controller={controller} effects={effects} />, {
      auth,
    });
    return { effects, recorded, view };
  }

  it('completes a pomodoro at its due time from the page’s own pulse and rings', async () => {
    const { effects, recorded } = mount();
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    await advance(25 * MINUTE - 1);
    expect(controller.store.getState().timer.status).toBe('running');
    expect(effects.playSound).not.toHaveBeenCalled();

    await advance(1);
    expect(controller.store.getState().timer).toMatchObject({
      status: 'completed',
      type: 'short_break',
    });
    expect(effects.playSound).toHaveBeenCalledTimes(1);
    expect(effects.showNotification).toHaveBeenCalledWith(
      'Time for a break!',
      expect.stringContaining('Pomodoro complete'),
    );
    expect(effects.announce).toHaveBeenCalledWith('Pomodoro complete. Short break next.');
    // A visitor's pomodoro is never recorded (product §5).
    expect(recorded).toEqual([]);
  });

  it('starts its pulse worker only once something is due, and ends it with the engine', () => {
    const created: { messages: unknown[]; terminated: boolean }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: (() => void) | null = null;
        record = { messages: [] as unknown[], terminated: false };
        constructor() {
          created.push(this.record);
        }
        postMessage(message: unknown) {
          this.record.messages.push(message);
        }
        terminate() {
          this.record.terminated = true;
        }
      },
    );
    const { view } = mount();
    // A visitor who only reads the page pays for no worker (decision 039).
    expect(created).toHaveLength(0);
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    expect(created).toHaveLength(1);
    expect(created[0]!.messages).toEqual([{ type: 'run', anchor: T0 + 25 * MINUTE }]);
    act(() => {
      controller.dispatch({ type: 'pause' });
    });
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    expect(created).toHaveLength(1);
    view.unmount();
    expect(created[0]!.terminated).toBe(true);
  });

  it('auto-starts the break one second after the pomodoro when the setting says so', async () => {
    localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ ...DEFAULT_TIMER_SETTINGS, auto_start_breaks: true }),
    );
    mount();
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    await advance(25 * MINUTE);
    expect(controller.store.getState().timer.status).toBe('completed');
    await advance(999);
    expect(controller.store.getState().timer.status).toBe('completed');
    await advance(1);
    expect(controller.store.getState().timer).toMatchObject({
      status: 'running',
      type: 'short_break',
      startedAt: T0 + 25 * MINUTE + 1000,
    });
  });

  it('titles the tab with the time while running, marks a pause, and gives it back when done', async () => {
    mount();
    expect(document.title).toBe('Focusroom · Focus timer');
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    expect(document.title).toBe('25:00 · Focus');
    await advance(61_000);
    expect(document.title).toBe('23:59 · Focus');
    act(() => {
      controller.dispatch({ type: 'pause' });
    });
    expect(document.title).toBe('⏸ 23:59 · Focus');
    act(() => {
      controller.dispatch({ type: 'resume' });
    });
    expect(document.title).toBe('23:59 · Focus');
    act(() => {
      controller.dispatch({ type: 'skip' });
    });
    expect(document.title).toBe('Focusroom · Focus timer');
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    expect(document.title).toBe('05:00 · Break');
    // A finished break leaves the timer completed (nothing under way): the tab says so.
    await advance(5 * MINUTE);
    expect(controller.store.getState().timer.status).toBe('completed');
    expect(document.title).toBe('Focusroom · Focus timer');
  });

  it('shows the page’s own name whenever the timer is not under way, on any page', async () => {
    function StatsPage() {
      useDocumentTitle('Stats');
      return null;
    }
    mount();
    const page = renderWithProviders(<StatsPage />);
    expect(document.title).toBe('Stats · Focusroom');
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    expect(document.title).toBe('25:00 · Focus');
    act(() => {
      controller.dispatch({ type: 'reset' });
    });
    expect(document.title).toBe('Stats · Focusroom');
    page.unmount();
    expect(document.title).toBe('Focusroom · Focus timer');
  });

  it('saves when the page is hidden and recomputes when it is visible again', async () => {
    mount();
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    vi.setSystemTime(T0 + 2 * MINUTE + 300);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.timer)!) as {
      lastTimestamp: number;
    };
    expect(saved.lastTimestamp).toBe(T0 + 2 * MINUTE + 300);

    // The page's timers were throttled: no pulse ran, then the tab comes back.
    vi.setSystemTime(T0 + 26 * MINUTE);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(controller.store.getState().timer.status).toBe('completed');
  });

  it('saves on pagehide', () => {
    mount();
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    vi.setSystemTime(T0 + 3000);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.timer)!) as {
      lastTimestamp: number;
    };
    expect(saved.lastTimestamp).toBe(T0 + 3000);
  });

  it('records a signed-in user’s pomodoro with the product §5 duration and task label', async () => {
    stubServer();
    const { recorded } = mount({ signedIn: true });
    await settle();
    vi.setSystemTime(T0);
    act(() => {
      controller.setCurrentTask('Write the report');
      controller.dispatch({ type: 'start' });
    });
    await advance(10 * MINUTE);
    act(() => {
      controller.dispatch({ type: 'pause' });
    });
    await advance(3 * MINUTE);
    act(() => {
      controller.dispatch({ type: 'resume' });
    });
    await advance(15 * MINUTE);
    expect(recorded).toEqual([
      expect.objectContaining({
        duration: 25,
        task: 'Write the report',
        completed: true,
        start_time: new Date(T0).toISOString(),
        end_time: new Date(T0 + 28 * MINUTE).toISOString(),
      }),
    ]);
  });

  it('applies the server’s settings to the idle display for a signed-in user', async () => {
    stubServer({ pomodoro_duration: 40 });
    mount({ signedIn: true });
    await settle();
    expect(controller.store.getState().settings.pomodoro_duration).toBe(40);
    expect(controller.store.getState().timer.durationMs).toBe(40 * MINUTE);
  });

  it('falls back silently to the local settings when the server cannot be reached', async () => {
    localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 30 }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    mount({ signedIn: true });
    await settle();
    expect(controller.store.getState().settings.pomodoro_duration).toBe(30);
  });

  it('records a pomodoro that ran out while the page was closed, without a late chime', async () => {
    stubServer();
    const first = createTimerController();
    first.setCurrentTask('Deep work');
    first.dispatch({ type: 'start' });
    vi.setSystemTime(T0 + 2 * 60 * MINUTE);

    const { effects, recorded } = mount({ signedIn: true });
    expect(controller.store.getState().timer.status).toBe('completed');
    expect(recorded).toEqual([
      expect.objectContaining({ duration: 25, task: 'Deep work', completed: true }),
    ]);
    expect(effects.playSound).not.toHaveBeenCalled();
    expect(effects.showNotification).not.toHaveBeenCalled();
  });
});
