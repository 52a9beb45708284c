import type { SharedTimerSnapshot } from '../timer/shared-timer-view.js';

/**
 * The live channel (issue 33; decision 081): one WebSocket per signed-in tab at LIVE_PATH, over
 * which the server tells every device of an account what changed. Presses do not travel here:
 * they go through POST /api/timer/actions, whose answers are retried and idempotent. The channel
 * only carries news, and a device that reconnects is sent a fresh snapshot, so a lost message
 * costs nothing but a moment.
 */

/** Where a tab opens its channel. */
export const LIVE_PATH = '/api/live';

/** A socket must say who it is within this long after it opens, or it is closed. */
export const LIVE_HELLO_TIMEOUT_MS = 5_000;

/**
 * A tab pings this often: it measures its clock against the server's, tells the server it is
 * there, and keeps proxies (nginx closes a quiet proxied socket after 60 s) from closing it.
 */
export const LIVE_PING_INTERVAL_MS = 20_000;

/** A tab that has not answered a ping in this long takes its channel for dead and reconnects. */
export const LIVE_PONG_TIMEOUT_MS = 8_000;

/** The server closes a socket it has heard nothing from for this long (three missed pings). */
export const LIVE_SILENCE_LIMIT_MS = 65_000;

/**
 * How often the server checks that each socket's session is still live: a session signed out,
 * revoked, expired or whose account was disabled or deleted, by any path, loses its sockets
 * within this much (plus one query).
 */
export const LIVE_SESSION_CHECK_MS = 400;

/**
 * What an idle live connection may cost the server at most (DESIGN §6; bench/live-fanout.ts
 * measures it). The instance's heap bar for shedding load (decision 063) is set for the API's
 * work; each open connection raises it by this much, so that holding tabs is not taken for
 * overload.
 */
export const LIVE_CONNECTION_MEMORY_BYTES = 16 * 1024;

/** The largest message a tab may send; anything bigger closes its socket. */
export const LIVE_MESSAGE_MAX_BYTES = 4_096;

/** A tab pings every LIVE_PING_INTERVAL_MS; more than this many pings in a minute closes it. */
export const LIVE_PING_BURST = 10;
export const LIVE_PING_WINDOW_MS = 60_000;

/** The most sockets one sign-in session may hold open at once (its tabs); more are refused. */
export const LIVE_SOCKETS_PER_SESSION = 20;

/** A socket whose unsent data passes this (its tab does not read) is cut off. */
export const LIVE_SEND_BUFFER_MAX_BYTES = 1_048_576;

/** The longest name a tab may give its device ("Firefox on Linux"). */
export const LIVE_DEVICE_LABEL_MAX_LENGTH = 60;

/** Reconnection waits: the first after LIVE_RECONNECT_MIN_MS, doubling to LIVE_RECONNECT_MAX_MS. */
export const LIVE_RECONNECT_MIN_MS = 500;
export const LIVE_RECONNECT_MAX_MS = 30_000;

/** Why the server closed a socket (WebSocket close codes 4000-4999 are the application's). */
export const LIVE_CLOSE = {
  /** The token was missing or invalid, or its session ended: sign in again. */
  unauthorized: 4401,
  /** The first message was not a hello within LIVE_HELLO_TIMEOUT_MS, or a message was malformed. */
  badHello: 4400,
  /** No ping for LIVE_SILENCE_LIMIT_MS. */
  silent: 4408,
  /** Too many pings, or too many sockets for one session. */
  tooMany: 4429,
  /** The server is shutting down: reconnect (to another instance). */
  goingAway: 1001,
} as const;

/** One device of the account with a live channel open. */
export interface LiveDevice {
  /** The browser's own id (one per browser profile, shared by its tabs). */
  id: string;
  label: string;
}

/** What a tab sends. */
export type LiveClientMessage =
  { type: 'hello'; token: string; device: LiveDevice } | { type: 'ping'; sentAt: number };

/** What the server sends. */
export type LiveServerMessage =
  | { type: 'timer'; timer: SharedTimerSnapshot; serverNow: number }
  | { type: 'devices'; devices: LiveDevice[] }
  | { type: 'settings' }
  | { type: 'pong'; sentAt: number; serverNow: number };

/**
 * How long a tab waits before its `attempt`-th reconnection (1-based): exponential from
 * LIVE_RECONNECT_MIN_MS to LIVE_RECONNECT_MAX_MS, each wait drawn at random from its upper half
 * so that the tabs a restart disconnected do not all come back in the same instant. `random` is
 * in [0, 1).
 */
export function liveReconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(
    LIVE_RECONNECT_MAX_MS,
    LIVE_RECONNECT_MIN_MS * 2 ** Math.max(0, Math.floor(attempt) - 1),
  );
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}

/** The distinct devices among several lists (one per instance), the first label kept, by id. */
export function mergeLiveDevices(lists: Iterable<readonly LiveDevice[]>): LiveDevice[] {
  const byId = new Map<string, LiveDevice>();
  for (const list of lists)
    for (const device of list) if (!byId.has(device.id)) byId.set(device.id, device);
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
