import { randomUUID } from 'node:crypto';
import {
  LIVE_CLOSE,
  LIVE_HELLO_TIMEOUT_MS,
  LIVE_PING_BURST,
  LIVE_PING_WINDOW_MS,
  LIVE_SEND_BUFFER_MAX_BYTES,
  LIVE_SOCKETS_PER_SESSION,
  LIVE_SESSION_CHECK_MS,
  LIVE_SILENCE_LIMIT_MS,
  mergeLiveDevices,
  type LiveDevice,
  type LiveServerMessage,
} from '@focusroom/core';
import { LiveClientMessageSchema, type SharedTimerJson } from '@focusroom/core/schemas';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/service.js';
import type { SettingsService } from '../settings/service.js';
import type { SharedTimerChange, SharedTimerService } from '../shared-timer/service.js';

/** The broadcast topic by which instances tell each other which devices they hold. */
const PRESENCE_TOPIC = 'live-presence';

/**
 * Each instance with open sockets says it is alive this often; another instance's devices are
 * forgotten when it has been silent for three of these (it crashed: no goodbye came).
 */
const PRESENCE_BEAT_MS = 20_000;
const PRESENCE_EXPIRY_MS = 3 * PRESENCE_BEAT_MS;

type PresenceMessage =
  | { from: string; kind: 'devices'; userId: string; devices: LiveDevice[]; ask: boolean }
  | { from: string; kind: 'beat' }
  | { from: string; kind: 'gone' }
  | { from: string; kind: 'resync' };

/** Silence and presence are measured on the monotonic clock (performance.now()), not the app's. */
interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  device: LiveDevice;
  heardAt: number;
}

interface RemoteInstance {
  seenAt: number;
  users: Map<string, LiveDevice[]>;
}

export interface LiveHubDeps {
  auth: Pick<AuthService, 'authenticate' | 'liveSessionIds'>;
  timer: Pick<SharedTimerService, 'get' | 'onChange'>;
  settings: Pick<SettingsService, 'onChange'>;
}

/**
 * The open live channels of this instance (issue 33; decision 081). It tells each account's
 * sockets what changed: the timer (with the server's clock), the settings, and which devices are
 * connected across every instance. A change on any instance reaches it through ctx.broadcast
 * (Redis pub/sub with REDIS_URL); when messages may have been missed, every socket is sent fresh
 * state. Sessions are checked every LIVE_SESSION_CHECK_MS, so a socket never outlives its
 * session, however the session ended.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly instance = randomUUID();
  private readonly remote = new Map<string, RemoteInstance>();
  /** The device list each account's sockets were last sent, to send only changes. */
  private readonly sentDevices = new Map<string, string>();
  private readonly checkTimer: NodeJS.Timeout;
  private readonly beatTimer: NodeJS.Timeout;
  private checking = false;
  private closed = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'broadcast' | 'clock'>,
    private readonly deps: LiveHubDeps,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    deps.timer.onChange((change) => void this.timerChanged(change));
    deps.settings.onChange((userId) => this.settingsChanged(userId));
    ctx.broadcast.subscribe(PRESENCE_TOPIC, (message) => this.presenceMessage(message));
    this.checkTimer = setInterval(() => void this.checkSessions(), LIVE_SESSION_CHECK_MS);
    this.checkTimer.unref();
    this.beatTimer = setInterval(() => this.beat(), PRESENCE_BEAT_MS);
    this.beatTimer.unref();
  }

  /** Sockets signed in here, counted as they come and go (read on every request: decision 063). */
  private open = 0;

  /** How many sockets are signed in here. */
  get size(): number {
    return this.open;
  }

  /** A socket just opened: it has LIVE_HELLO_TIMEOUT_MS to say who it is. */
  accept(socket: WebSocket): void {
    if (this.closed) {
      socket.close(LIVE_CLOSE.goingAway);
      return;
    }
    let connection: Connection | undefined;
    const pings = new PingBudget();
    const helloTimer = setTimeout(() => socket.close(LIVE_CLOSE.badHello), LIVE_HELLO_TIMEOUT_MS);
    let helloSeen = false;
    socket.on('message', (data, isBinary) => {
      const parsed = isBinary ? undefined : parse(data.toString());
      if (!parsed) {
        socket.close(LIVE_CLOSE.badHello);
        return;
      }
      if (parsed.type === 'hello') {
        if (helloSeen) {
          socket.close(LIVE_CLOSE.badHello);
          return;
        }
        helloSeen = true;
        clearTimeout(helloTimer);
        void this.hello(socket, parsed.token, parsed.device, (opened) => {
          connection = opened;
        });
        return;
      }
      if (!helloSeen) {
        socket.close(LIVE_CLOSE.badHello);
        return;
      }
      // A pong says nothing of the account, so a ping sent right after the hello is answered
      // while the hello is still being checked (the tab measures its clock with it at once).
      if (!pings.allow(performance.now())) {
        socket.close(LIVE_CLOSE.tooMany);
        return;
      }
      if (connection) connection.heardAt = performance.now();
      send(socket, { type: 'pong', sentAt: parsed.sentAt, serverNow: this.now() });
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (connection) this.remove(connection);
    });
    socket.on('error', (error) => this.log.warn({ err: error }, 'live socket failed'));
  }

  /** Stops the checks, closes every socket (tabs reconnect elsewhere) and says goodbye. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.checkTimer);
    clearInterval(this.beatTimer);
    for (const set of this.byUser.values()) {
      for (const connection of set) connection.socket.close(LIVE_CLOSE.goingAway);
    }
    this.byUser.clear();
    this.open = 0;
    await this.publishPresence({ from: this.instance, kind: 'gone' });
  }

  private async hello(
    socket: WebSocket,
    token: string,
    device: LiveDevice,
    opened: (connection: Connection) => void,
  ): Promise<void> {
    let userId: string;
    let sessionId: string;
    try {
      const auth = await this.deps.auth.authenticate(`Bearer ${token}`);
      userId = auth.user.id;
      sessionId = auth.sessionId;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      // A server fault is not the token's: the tab tries again rather than signing out.
      socket.close(status === 401 ? LIVE_CLOSE.unauthorized : 1011);
      return;
    }
    if (socket.readyState !== socket.OPEN || this.closed) return;
    let set = this.byUser.get(userId);
    if (
      set &&
      [...set].filter((c) => c.sessionId === sessionId).length >= LIVE_SOCKETS_PER_SESSION
    ) {
      socket.close(LIVE_CLOSE.tooMany);
      return;
    }
    const connection: Connection = {
      socket,
      userId,
      sessionId,
      device,
      heardAt: performance.now(),
    };
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(connection);
    this.open++;
    // From here the socket's close removes it, even while the lines below wait.
    opened(connection);
    try {
      const timer = await this.deps.timer.get(userId);
      sendTimer(socket, timer, this.now());
    } catch (error) {
      this.log.warn({ err: error }, 'live: could not read the timer for a new socket');
      socket.close(1011);
      return;
    }
    this.sendDevices(userId, true);
    await this.publishDevices(userId, true);
  }

  private remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    this.open--;
    if (set.size === 0) this.byUser.delete(connection.userId);
    this.sendDevices(connection.userId);
    void this.publishDevices(connection.userId, false);
  }

  private async timerChanged(change: SharedTimerChange | null): Promise<void> {
    if (change) {
      for (const { socket } of this.byUser.get(change.userId) ?? []) {
        sendTimer(socket, change.timer, this.now());
      }
      return;
    }
    // Changes may have been missed: every account here is sent its timer as stored.
    for (const userId of [...this.byUser.keys()]) {
      try {
        const timer = await this.deps.timer.get(userId);
        for (const { socket } of this.byUser.get(userId) ?? [])
          sendTimer(socket, timer, this.now());
      } catch (error) {
        this.log.warn({ err: error }, 'live: could not read a timer again');
      }
    }
  }

  private settingsChanged(userId: string | null): void {
    const users = userId === null ? [...this.byUser.keys()] : [userId];
    for (const id of users) {
      for (const { socket } of this.byUser.get(id) ?? []) send(socket, { type: 'settings' });
    }
  }

  /** Closes every socket whose session no longer authenticates. One check at a time. */
  private async checkSessions(): Promise<void> {
    if (this.checking || this.byUser.size === 0) return;
    this.checking = true;
    try {
      const all = [...this.byUser.values()].flatMap((set) => [...set]);
      const live = await this.deps.auth.liveSessionIds([...new Set(all.map((c) => c.sessionId))]);
      const silentBefore = performance.now() - LIVE_SILENCE_LIMIT_MS;
      for (const connection of all) {
        if (!live.has(connection.sessionId)) connection.socket.close(LIVE_CLOSE.unauthorized);
        else if (connection.heardAt < silentBefore) connection.socket.close(LIVE_CLOSE.silent);
      }
    } catch (error) {
      // The database is away: sockets stay until it answers (the API refuses meanwhile).
      this.log.warn({ err: error }, 'live: could not check sessions');
    } finally {
      this.checking = false;
    }
  }

  /** The account's devices on every instance. */
  private devicesOf(userId: string): LiveDevice[] {
    const lists: LiveDevice[][] = [[...(this.byUser.get(userId) ?? [])].map((c) => c.device)];
    for (const remote of this.remote.values()) {
      const devices = remote.users.get(userId);
      if (devices) lists.push(devices);
    }
    return mergeLiveDevices(lists);
  }

  /** Sends the account's sockets its devices when they changed (or to all with `force`). */
  private sendDevices(userId: string, force = false): void {
    const set = this.byUser.get(userId);
    if (!set) {
      this.sentDevices.delete(userId);
      return;
    }
    const devices = this.devicesOf(userId);
    const key = JSON.stringify(devices);
    if (!force && this.sentDevices.get(userId) === key) return;
    this.sentDevices.set(userId, key);
    for (const { socket } of set) send(socket, { type: 'devices', devices });
  }

  private publishDevices(userId: string, ask: boolean): Promise<void> {
    const devices = mergeLiveDevices([[...(this.byUser.get(userId) ?? [])].map((c) => c.device)]);
    return this.publishPresence({ from: this.instance, kind: 'devices', userId, devices, ask });
  }

  private publishPresence(message: PresenceMessage): Promise<void> {
    return this.ctx.broadcast.publish(PRESENCE_TOPIC, JSON.stringify(message));
  }

  private presenceMessage(text: string | null): void {
    if (text === null) {
      // Messages may have been missed both ways (this instance's link was away, or Redis was):
      // forget the others, tell them to drop what they held of this one and to send their tabs
      // fresh timers, then announce our accounts again and ask theirs.
      this.remote.clear();
      void this.publishPresence({ from: this.instance, kind: 'resync' }).then(() => {
        for (const userId of this.byUser.keys()) {
          this.sendDevices(userId);
          void this.publishDevices(userId, true);
        }
      });
      return;
    }
    const message = parsePresence(text);
    if (!message || message.from === this.instance) return;
    if (message.kind === 'gone') {
      this.forgetInstance(message.from);
      return;
    }
    if (message.kind === 'resync') {
      this.forgetInstance(message.from);
      // Its timer changes in the meantime did not reach us: every tab here gets its timer again.
      void this.timerChanged(null);
      return;
    }
    let remote = this.remote.get(message.from);
    if (!remote) this.remote.set(message.from, (remote = { seenAt: 0, users: new Map() }));
    remote.seenAt = performance.now();
    if (message.kind === 'beat') return;
    if (message.devices.length > 0) remote.users.set(message.userId, message.devices);
    else remote.users.delete(message.userId);
    this.sendDevices(message.userId);
    if (message.ask && this.byUser.has(message.userId)) {
      void this.publishDevices(message.userId, false);
    }
  }

  private forgetInstance(instance: string): void {
    const remote = this.remote.get(instance);
    if (!remote) return;
    this.remote.delete(instance);
    for (const userId of remote.users.keys()) this.sendDevices(userId);
  }

  private beat(): void {
    const expired = performance.now() - PRESENCE_EXPIRY_MS;
    for (const [instance, remote] of this.remote) {
      if (remote.seenAt < expired) this.forgetInstance(instance);
    }
    if (this.byUser.size > 0) void this.publishPresence({ from: this.instance, kind: 'beat' });
  }

  private now(): number {
    return this.ctx.clock.now().getTime();
  }
}

function parse(text: string) {
  try {
    const result = LiveClientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

function parsePresence(text: string): PresenceMessage | undefined {
  try {
    const message = JSON.parse(text) as PresenceMessage;
    if (typeof message?.from !== 'string') return undefined;
    if (message.kind === 'beat' || message.kind === 'gone' || message.kind === 'resync') {
      return message;
    }
    if (message.kind === 'devices' && typeof message.userId === 'string') {
      return Array.isArray(message.devices) ? message : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends unless the socket is closed; a tab that does not read what it is sent (its unsent bytes
 * pass LIVE_SEND_BUFFER_MAX_BYTES) is cut off rather than kept in the server's memory.
 */
function send(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > LIVE_SEND_BUFFER_MAX_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(message));
}

/**
 * At most LIVE_PING_BURST pings in any LIVE_PING_WINDOW_MS: a tab pings every 20 s, so only a
 * misbehaving client goes past it.
 */
class PingBudget {
  private readonly times: number[] = [];

  allow(now: number): boolean {
    while (this.times.length > 0 && (this.times[0] ?? 0) <= now - LIVE_PING_WINDOW_MS) {
      this.times.shift();
    }
    if (this.times.length >= LIVE_PING_BURST) return false;
    this.times.push(now);
    return true;
  }
}

function sendTimer(socket: WebSocket, json: SharedTimerJson, serverNow: number): void {
  const { serverNow: _written, ...timer } = json;
  send(socket, { type: 'timer', timer, serverNow });
}
