import {
  LIVE_CLOSE,
  STORAGE_KEYS,
  initialTimerState,
  DEFAULT_TIMER_SETTINGS,
  type SharedTimerRequest,
  type TimerState,
} from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ApiError } from '../../lib/api-client';
import type { LiveStatus } from './live-status';
import { SharedTimerSync, type SharedTimerSyncDeps } from './shared-timer-sync';
import { createTimerController } from './timer-store';

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const MIN = 60_000;

/** A socket the test drives: what the tab sent, and the server's side of it. */
class FakeSocket {
  static OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  closeFromServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function running(startedAt: number): TimerState {
  return {
    ...initialTimerState(DEFAULT_TIMER_SETTINGS),
    status: 'running',
    startedAt,
    runningSince: startedAt,
    endsAt: startedAt + 25 * MIN,
  };
}

function timerJson(version: number, state: TimerState, serverNow: number): SharedTimerJson {
  return { version, state, currentTask: '', changedAt: serverNow, changedBy: 'other', serverNow };
}

function setup(overrides: Partial<SharedTimerSyncDeps> = {}) {
  let now = T0;
  const controller = createTimerController({ now: () => now });
  const sockets: FakeSocket[] = [];
  const posted: SharedTimerRequest[][] = [];
  let answer: (requests: SharedTimerRequest[]) => Promise<{ timer: SharedTimerJson }> = async (
    requests,
  ) => ({ timer: timerJson(requests.length, controller.store.getState().timer, now) });
  const deps: SharedTimerSyncDeps = {
    token: () => 'token-1',
    getTimer: async () => timerJson(0, initialTimerState(DEFAULT_TIMER_SETTINGS), now),
    postActions: (requests) => {
      posted.push(requests);
      return answer(requests);
    },
    settingsChanged: vi.fn(),
    sessionEnded: vi.fn(),
    deviceLabel: 'Chrome on Linux',
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    deviceNow: () => now,
    random: () => 0,
    status: createStore<LiveStatus>()(() => ({
      active: false,
      channel: 'connecting',
      devices: [],
    })),
    ...overrides,
  };
  const sync = new SharedTimerSync(controller, 'user-1', deps);
  return {
    controller,
    sync,
    deps,
    sockets,
    posted,
    advance: (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    },
    setAnswer: (next: typeof answer) => {
      answer = next;
    },
    now: () => now,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a signed-in tab's side of the account's one timer", () => {
  it('says hello with its token and browser, and shows itself live when the snapshot arrives', async () => {
    const { sync, sockets, deps } = setup();
    sync.start();
    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent[0]).toEqual({
      type: 'hello',
      token: 'token-1',
      device: { id: expect.any(String), label: 'Chrome on Linux' },
    });
    expect(socket.sent[1]).toMatchObject({ type: 'ping' });
    expect(deps.status!.getState()).toMatchObject({ active: true, channel: 'connecting' });
    socket.receive({
      type: 'timer',
      timer: timerJson(0, initialTimerState(DEFAULT_TIMER_SETTINGS), T0),
      serverNow: T0,
    });
    socket.receive({
      type: 'devices',
      devices: [
        { id: 'a', label: 'Laptop' },
        { id: 'b', label: 'Phone' },
      ],
    });
    expect(deps.status!.getState()).toMatchObject({
      channel: 'live',
      devices: [{ id: 'a' }, { id: 'b' }],
    });
    sync.dispose();
    expect(deps.status!.getState().active).toBe(false);
    await Promise.resolve();
  });

  it("follows another device's change, and never goes back to an older snapshot", async () => {
    const { sync, sockets, controller } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'timer',
      timer: timerJson(3, running(T0 - MIN), T0),
      serverNow: T0,
    });
    expect(controller.store.getState().timer.status).toBe('running');
    sockets[0]!.receive({
      type: 'timer',
      timer: timerJson(2, initialTimerState(DEFAULT_TIMER_SETTINGS), T0),
      serverNow: T0,
    });
    expect(controller.store.getState().timer.status).toBe('running');
    sync.dispose();
  });

  it('sends each press with the version it was made on and the time it was made, in order', async () => {
    const { sync, controller, posted } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.dispatch({ type: 'start' });
    expect(controller.store.getState().timer.status).toBe('running');
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(1);
    expect(posted[0]![0]).toMatchObject({ baseVersion: 0, at: T0, action: { type: 'start' } });
    controller.dispatch({ type: 'pause' });
    await vi.advanceTimersByTimeAsync(0);
    expect(posted[1]![0]).toMatchObject({ baseVersion: 1, action: { type: 'pause' } });
    expect(posted[1]![0]!.device).toBe(posted[0]![0]!.device);
    expect(localStorage.getItem(STORAGE_KEYS.timerPresses)).toBeNull();
    sync.dispose();
  });

  it('keeps presses made offline, across a reload, and replays them when the network is back', async () => {
    const first = setup();
    first.setAnswer(() => Promise.reject(new ApiError('Network error', { status: undefined })));
    first.sync.start();
    await vi.advanceTimersByTimeAsync(0);
    first.controller.dispatch({ type: 'start' });
    await vi.advanceTimersByTimeAsync(0);
    first.controller.dispatch({ type: 'pause' });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.timerPresses) ?? 'null') as {
      userId: string;
      presses: SharedTimerRequest[];
    };
    expect(stored.userId).toBe('user-1');
    expect(stored.presses.map((p) => p.action.type)).toEqual(['start', 'pause']);
    first.sync.dispose();

    const second = setup();
    second.sync.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.posted[0]!.map((p) => p.action.type)).toEqual(['start', 'pause']);
    expect(second.posted[0]!.map((p) => p.id)).toEqual(stored.presses.map((p) => p.id));
    expect(localStorage.getItem(STORAGE_KEYS.timerPresses)).toBeNull();
    second.sync.dispose();
  });

  it("drops presses the server refused as they are, and shows the server's timer", async () => {
    const { sync, controller, posted, setAnswer } = setup();
    setAnswer(() => Promise.reject(new ApiError('Bad', { status: 400 })));
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.dispatch({ type: 'start' });
    expect(controller.store.getState().timer.status).toBe('running');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posted).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.timerPresses)).toBeNull();
    expect(controller.store.getState().timer.status).toBe('idle');
    sync.dispose();
  });

  it('shows what the server decided when a press was stale, even with nothing newer', async () => {
    const { sync, controller, setAnswer, sockets, now } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    // Another device started the timer (version 4); this tab pauses it on an older view.
    const started = timerJson(4, running(T0 - MIN), T0);
    sockets[0]!.receive({ type: 'timer', timer: started, serverNow: T0 });
    setAnswer(async () => ({ timer: { ...started, serverNow: now() } }));
    controller.dispatch({ type: 'pause' });
    expect(controller.store.getState().timer.status).toBe('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.getState().timer.status).toBe('running');
    sync.dispose();
  });

  it('keeps a task being typed when another device changes the timer meanwhile', async () => {
    const { sync, controller, posted, sockets, advance } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    controller.setCurrentTask('Draft the');
    sockets[0]!.receive({
      type: 'timer',
      timer: { ...timerJson(2, running(T0), T0), currentTask: 'older task' },
      serverNow: T0,
    });
    expect(controller.store.getState().timer.status).toBe('running');
    expect(controller.store.getState().currentTask).toBe('Draft the');
    advance(600);
    await vi.advanceTimersByTimeAsync(0);
    expect(posted.at(-1)![0]!.action).toEqual({ type: 'task', text: 'Draft the' });
    sync.dispose();
  });

  it('keeps the offline presses of two tabs, each under its own, and a new tab takes both', async () => {
    const offline = () => Promise.reject(new ApiError('Network error', { status: undefined }));
    const one = setup();
    const two = setup();
    one.setAnswer(offline);
    two.setAnswer(offline);
    one.sync.start();
    two.sync.start();
    await vi.advanceTimersByTimeAsync(0);
    one.controller.dispatch({ type: 'start' });
    two.controller.dispatch({ type: 'skip' });
    await vi.advanceTimersByTimeAsync(0);
    const stored = () =>
      (
        JSON.parse(localStorage.getItem(STORAGE_KEYS.timerPresses) ?? 'null') as {
          presses: SharedTimerRequest[];
        }
      ).presses.map((p) => p.action.type);
    expect(stored().sort()).toEqual(['skip', 'start']);
    one.sync.dispose();
    two.sync.dispose();
    const three = setup();
    three.sync.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(three.posted[0]!.map((p) => p.action.type).sort()).toEqual(['skip', 'start']);
    three.sync.dispose();
  });

  it("runs on the server's clock, measured from the pongs", async () => {
    const { sync, sockets, controller, advance } = setup();
    sync.start();
    sockets[0]!.open();
    const ping = sockets[0]!.sent[1] as { sentAt: number };
    advance(100);
    // The server's clock is 5 s ahead: it answered in the middle of the 100 ms round trip.
    sockets[0]!.receive({ type: 'pong', sentAt: ping.sentAt, serverNow: ping.sentAt + 50 + 5_000 });
    expect(controller.clockOffset()).toBe(5_000);
    expect(controller.now()).toBe(T0 + 100 + 5_000);
    sync.dispose();
    expect(controller.clockOffset()).toBe(0);
  });

  it('reads the settings again when another device changed them', () => {
    const { sync, sockets, deps } = setup();
    sync.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'settings' });
    expect(deps.settingsChanged).toHaveBeenCalledTimes(1);
    sync.dispose();
  });

  it('reconnects with growing waits, shows the channel down meanwhile, and asks the API when the session ended', () => {
    const { sync, sockets, deps, advance } = setup();
    sync.start();
    sockets[0]!.open();
    sockets[0]!.closeFromServer(1006);
    expect(deps.status!.getState().channel).toBe('offline');
    advance(249);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.closeFromServer(LIVE_CLOSE.unauthorized);
    expect(deps.sessionEnded).toHaveBeenCalledTimes(1);
    advance(499);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    sync.dispose();
  });

  it('takes a channel whose pong does not come for dead, and opens another', () => {
    const { sync, sockets, deps, advance } = setup();
    sync.start();
    sockets[0]!.open();
    advance(8_000);
    expect(deps.status!.getState().channel).toBe('offline');
    advance(250);
    expect(sockets).toHaveLength(2);
    sync.dispose();
  });

  it('sends the task typed here, once typing pauses', async () => {
    const { sync, controller, posted, advance } = setup();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.setCurrentTask('W');
    controller.setCurrentTask('Write');
    advance(600);
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(1);
    expect(posted[0]![0]!.action).toEqual({ type: 'task', text: 'Write' });
    sync.dispose();
  });
});

describe('when the browser says the network went and came back', () => {
  it('shows the channel down at once, and reconnects at once when it is back', () => {
    const { sync, sockets, deps } = setup();
    sync.start();
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'timer',
      timer: timerJson(0, initialTimerState(DEFAULT_TIMER_SETTINGS), T0),
      serverNow: T0,
    });
    expect(deps.status!.getState().channel).toBe('live');
    sync.offline();
    expect(deps.status!.getState().channel).toBe('offline');
    sync.online();
    expect(sockets).toHaveLength(2);
    sync.dispose();
  });
});
