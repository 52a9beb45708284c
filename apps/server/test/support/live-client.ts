import type { LiveServerMessage } from '@focusroom/core';
import { WebSocket } from 'ws';

type Of<T extends LiveServerMessage['type']> = Extract<LiveServerMessage, { type: T }>;

export interface NextOptions<T extends LiveServerMessage['type']> {
  match?: (message: Of<T>) => boolean;
  from?: number;
  timeoutMs?: number;
}

/** A tab's side of the live channel in a test: what arrived, in order, and ways to wait for it. */
export interface LiveClient {
  socket: WebSocket;
  messages: LiveServerMessage[];
  /**
   * The first message of the type, from the `from`-th message on (0: any so far), that matches;
   * rejects after `timeoutMs`.
   */
  next<T extends LiveServerMessage['type']>(type: T, options?: NextOptions<T>): Promise<Of<T>>;
  /** Resolves with the close code and the monotonic time the close arrived. */
  closed: Promise<{ code: number; at: number }>;
  send(message: unknown): void;
  hello(token: string, device?: { id: string; label: string }): void;
}

export function liveClient(socket: WebSocket): LiveClient {
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as LiveServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; at: number }>((resolve) => {
    socket.on('close', (code) => resolve({ code, at: performance.now() }));
  });
  return {
    socket,
    messages,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    hello(token, device = { id: 'browser-1', label: 'Test browser' }) {
      socket.send(JSON.stringify({ type: 'hello', token, device }));
    },
    next(type, { match = () => true, from = 0, timeoutMs = 2_000 } = {}) {
      return new Promise((resolve, reject) => {
        let seen = from;
        const check = () => {
          for (; seen < messages.length; seen++) {
            const message = messages[seen] as LiveServerMessage;
            if (message.type === type && match(message as never)) {
              done();
              resolve(message as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(`no ${type} message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A real WebSocket to a listening server (`base` is its http:// address). */
export async function connectLive(base: string): Promise<LiveClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`);
  const client = liveClient(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return client;
}
