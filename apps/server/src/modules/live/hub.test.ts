import { EventEmitter } from 'node:events';
import {
  LIVE_CLOSE,
  LIVE_HELLO_TIMEOUT_MS,
  LIVE_PING_INTERVAL_MS,
  LIVE_SILENCE_LIMIT_MS,
  type LiveServerMessage,
} from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Broadcast, BroadcastHandler } from '../../lib/broadcast.js';
import { LiveHub } from './hub.js';

/** Instances on one bus; an instance whose link is down neither sends nor hears. */
class Bus {
  private readonly members: { id: number; handlers: Map<string, BroadcastHandler[]> }[] = [];
  readonly down = new Set<number>();

  member(id: number): Broadcast & { recovered(): void } {
    const handlers = new Map<string, BroadcastHandler[]>();
    this.members.push({ id, handlers });
    return {
      publish: async (topic, message = '') => {
        for (const member of this.members) {
          if (member.id !== id && (this.down.has(id) || this.down.has(member.id))) continue;
          for (const handler of member.handlers.get(topic) ?? []) handler(message);
        }
      },
      subscribe: (topic, handler) => {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      },
      recovered: () => {
        for (const list of handlers.values()) for (const handler of list) handler(null);
      },
    };
  }
}

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  received: LiveServerMessage[] = [];
  closedWith: number | undefined;
  send(text: string) {
    this.received.push(JSON.parse(text) as LiveServerMessage);
  }
  close(code: number) {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', code);
  }
  terminate() {
    this.close(1006);
  }
  say(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
  devices(): string[] {
    const last = this.received.filter((m) => m.type === 'devices').at(-1);
    return last?.type === 'devices' ? last.devices.map((d) => d.id) : [];
  }
}

const timer: SharedTimerJson = {
  version: 0,
  state: {
    status: 'idle',
    type: 'pomodoro',
    completedPomodoros: 0,
    durationMs: 1_500_000,
    remainingMs: 1_500_000,
    endsAt: null,
    startedAt: null,
    activeMs: 0,
    runningSince: null,
    autoStartAt: null,
  },
  currentTask: '',
  changedAt: 0,
  changedBy: null,
  serverNow: 0,
};

const hubs: LiveHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

function hub(broadcast: Broadcast, reads: string[] = []) {
  const made = new LiveHub(
    { broadcast, clock: { now: () => new Date(1_000) } },
    {
      auth: {
        // The token is "<user>:<session>".
        authenticate: async (header) => {
          const [user, session] = (header ?? '').replace('Bearer ', '').split(':');
          return { user: { id: user }, sessionId: session } as never;
        },
        liveSessionIds: async (ids) => new Set(ids),
      },
      timer: {
        get: async (userId) => {
          reads.push(userId);
          return timer;
        },
        onChange: () => undefined,
      },
      settings: { onChange: () => undefined },
    },
    { warn: () => undefined },
  );
  hubs.push(made);
  return made;
}

async function tab(on: LiveHub, token: string, device: string) {
  const socket = new FakeSocket();
  on.accept(socket as unknown as WebSocket);
  socket.say({ type: 'hello', token, device: { id: device, label: device } });
  await new Promise((resolve) => setTimeout(resolve, 5));
  return socket;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the live hub', () => {
  it('answers a ping sent right after the hello, before the hello is checked', async () => {
    const bus = new Bus();
    const a = hub(bus.member(1));
    const socket = new FakeSocket();
    a.accept(socket as unknown as WebSocket);
    socket.say({ type: 'hello', token: 'u:s', device: { id: 'laptop', label: 'Laptop' } });
    socket.say({ type: 'ping', sentAt: 5 });
    expect(socket.received[0]).toEqual({ type: 'pong', sentAt: 5, serverNow: 1_000 });
    await settle();
    expect(socket.received.map((m) => m.type)).toEqual(['pong', 'timer', 'devices']);
  });

  it('closes a socket that pings far more often than a tab does', async () => {
    const a = hub(new Bus().member(1));
    const socket = await tab(a, 'u:s', 'laptop');
    for (let i = 0; i < 11; i++) socket.say({ type: 'ping', sentAt: i });
    expect(socket.closedWith).toBe(LIVE_CLOSE.tooMany);
    expect(a.size).toBe(0);
  });

  it('refuses more sockets for one session than it may hold', async () => {
    const a = hub(new Bus().member(1));
    const open = [];
    for (let i = 0; i < 20; i++) open.push(await tab(a, 'u:s', 'laptop'));
    const extra = await tab(a, 'u:s', 'laptop');
    expect(extra.closedWith).toBe(LIVE_CLOSE.tooMany);
    expect(open.every((socket) => socket.closedWith === undefined)).toBe(true);
    expect(a.size).toBe(20);
  });

  it('cuts off a tab that does not read what it is sent', async () => {
    const a = hub(new Bus().member(1));
    const socket = await tab(a, 'u:s', 'laptop');
    socket.bufferedAmount = 2 * 1_048_576;
    socket.say({ type: 'ping', sentAt: 1 });
    expect(socket.closedWith).toBe(1006);
    expect(a.size).toBe(0);
  });

  it('forgets nothing when a socket closes while its hello is checked', async () => {
    const a = hub(new Bus().member(1));
    const socket = new FakeSocket();
    a.accept(socket as unknown as WebSocket);
    socket.say({ type: 'hello', token: 'u:s', device: { id: 'laptop', label: 'Laptop' } });
    socket.close(1000);
    await settle();
    expect(a.size).toBe(0);
  });

  it("after an instance's link to the others was away, no device it lost meanwhile stays counted, and the others' tabs get fresh timers", async () => {
    const bus = new Bus();
    const readsOnB: string[] = [];
    const a = hub(bus.member(1));
    const b = hub(bus.member(2), readsOnB);
    await tab(a, 'u:s1', 'laptop');
    const phone = await tab(b, 'u:s2', 'phone');
    await settle();
    expect(phone.devices()).toEqual(['laptop', 'phone']);
    const laptopOfV = await tab(a, 'v:s3', 'desk');
    expect(laptopOfV.devices()).toEqual(['desk']);

    // A's link goes: the laptop closes meanwhile, and B never hears of it.
    bus.down.add(1);
    const [laptop] = [
      ...(a as unknown as { byUser: Map<string, Set<{ socket: FakeSocket }>> }).byUser.get('u')!,
    ];
    laptop!.socket.close(1000);
    await settle();
    expect(phone.devices()).toEqual(['laptop', 'phone']);

    // The link is back: A resyncs, and B drops the laptop and sends its tabs their timers again.
    bus.down.delete(1);
    readsOnB.length = 0;
    (a as unknown as { ctx: { broadcast: { recovered(): void } } }).ctx.broadcast.recovered();
    await settle();
    expect(phone.devices()).toEqual(['phone']);
    expect(readsOnB).toEqual(['u']);
  });

  it('closes a socket that has not said who it is within the hello timeout', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    try {
      const a = hub(new Bus().member(1));
      const socket = new FakeSocket();
      a.accept(socket as unknown as WebSocket);
      await vi.advanceTimersByTimeAsync(LIVE_HELLO_TIMEOUT_MS - 1);
      expect(socket.closedWith).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(socket.closedWith).toBe(LIVE_CLOSE.badHello);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a tab that pings, and closes one silent for the silence limit', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
    try {
      const a = hub(new Bus().member(1));
      const pinging = new FakeSocket();
      const silent = new FakeSocket();
      for (const [socket, device] of [
        [pinging, 'laptop'],
        [silent, 'phone'],
      ] as const) {
        a.accept(socket as unknown as WebSocket);
        socket.say({ type: 'hello', token: 'u:s', device: { id: device, label: device } });
      }
      await vi.advanceTimersByTimeAsync(10);
      // A tab pings every LIVE_PING_INTERVAL_MS; three of them span more than the limit.
      for (let i = 0; i < 4; i++) {
        await vi.advanceTimersByTimeAsync(LIVE_PING_INTERVAL_MS);
        pinging.say({ type: 'ping', sentAt: i });
      }
      expect(4 * LIVE_PING_INTERVAL_MS).toBeGreaterThan(LIVE_SILENCE_LIMIT_MS);
      expect(pinging.closedWith).toBeUndefined();
      expect(silent.closedWith).toBe(LIVE_CLOSE.silent);
    } finally {
      vi.useRealTimers();
    }
  });
});
