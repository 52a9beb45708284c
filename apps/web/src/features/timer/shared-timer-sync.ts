import {
  CURRENT_TASK_MAX_LENGTH,
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PING_INTERVAL_MS,
  LIVE_PONG_TIMEOUT_MS,
  STORAGE_KEYS,
  estimateClockOffset,
  isNewerSnapshot,
  keepClockSample,
  liveReconnectDelay,
  nextBatch,
  shownTimer,
  withoutAnswered,
  type ClockSample,
  type LiveServerMessage,
  type SharedTimerAction,
  type SharedTimerRequest,
  type SharedTimerSnapshot,
  type TimerState,
} from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import type { StoreApi } from 'zustand/vanilla';
import { isApiError } from '../../lib/api-client';
import { IDLE_LIVE_STATUS, liveStatus, type LiveStatus } from './live-status';
import { readItem, writeItem } from '../../lib/storage';
import { sameMachine, type TimerController } from './timer-store';
import { newTodoId } from './timer-todos';

/**
 * A signed-in tab's side of the account's one timer (issue 33; decisions 080, 081). It shows the
 * server's timer with this tab's unanswered presses laid over it, sends those presses in order
 * (kept in storage, so an offline device replays them when it is back), follows the server's
 * clock, and hears other devices' changes on the live channel, reconnecting by itself. The
 * timer keeps running here while the channel is down: its state is timestamps.
 */

/** What the sync needs from the world; the tests give their own. */
export interface SharedTimerSyncDeps {
  token: () => string | null;
  getTimer: () => Promise<SharedTimerJson>;
  postActions: (requests: SharedTimerRequest[]) => Promise<{ timer: SharedTimerJson }>;
  /** The settings changed on another device: read them again. */
  settingsChanged: () => void;
  /** The server closed the channel for the session: let the API find out and sign out. */
  sessionEnded: () => void;
  /** This browser's name, shown to the account's other devices ("Firefox on Linux"). */
  deviceLabel: string;
  openSocket?: (url: string) => WebSocket;
  status?: StoreApi<LiveStatus>;
  deviceNow?: () => number;
  random?: () => number;
}

interface StoredPresses {
  userId: string;
  presses: SharedTimerRequest[];
}

/** How long a typed task waits for more typing before it is sent. */
const TASK_SEND_DELAY_MS = 600;

/** This browser's id on the channel (made once, kept in storage). */
function browserId(): string {
  const stored = readItem(STORAGE_KEYS.browserId);
  if (stored && stored.length <= 64) return stored;
  const made = newTodoId();
  writeItem(STORAGE_KEYS.browserId, made);
  return made;
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`;
}

export class SharedTimerSync {
  readonly status: StoreApi<LiveStatus>;

  /** The tab's own id on its presses: one tab sends its presses in order. */
  private readonly tabId = newTodoId();
  private readonly deviceNow: () => number;
  private readonly random: () => number;
  private snapshot: SharedTimerSnapshot | null = null;
  private pending: SharedTimerRequest[];
  private samples: ClockSample[] = [];
  /** Ids of presses the server has answered, so another tab's stored copy of one goes too. */
  private readonly answered = new Set<string>();
  private sending = false;
  private sendAttempt = 0;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private taskTimer: ReturnType<typeof setTimeout> | undefined;
  /** The task text the server has, or that this tab has sent: a different one is typed here. */
  private knownTask: string | null = null;
  private socket: WebSocket | null = null;
  private socketAttempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly controller: TimerController,
    private readonly userId: string,
    private readonly deps: SharedTimerSyncDeps,
  ) {
    this.status = deps.status ?? liveStatus;
    this.deviceNow = deps.deviceNow ?? (() => Date.now());
    this.random = deps.random ?? Math.random;
    this.pending = this.readPresses();
  }

  start(): void {
    this.status.setState({ ...IDLE_LIVE_STATUS, active: true });
    this.unsubscribe.push(
      this.controller.onAction((action, at) => this.press(action, at)),
      this.controller.store.subscribe((s, before) => {
        if (s.currentTask !== before.currentTask) this.taskTyped(s.currentTask);
      }),
    );
    void this.load();
    this.connect();
    if (this.pending.length > 0) this.send();
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.unsubscribe.splice(0)) stop();
    clearTimeout(this.sendTimer);
    clearTimeout(this.taskTimer);
    clearTimeout(this.reconnectTimer);
    this.stopPings();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
    this.status.setState(IDLE_LIVE_STATUS);
    // Back on a visitor's own clock.
    this.controller.setClockOffset(0);
  }

  /** The browser says the network is gone: show it now rather than at the next late pong. */
  offline(): void {
    const socket = this.socket;
    if (!socket) return;
    this.dropped(socket, 4000);
    socket.close();
  }

  /** The network is back (the browser says so): reconnect and send now, not after the wait. */
  online(): void {
    if (this.disposed) return;
    if (!this.socket) {
      clearTimeout(this.reconnectTimer);
      this.socketAttempt = 0;
      this.connect();
    }
    this.sendAttempt = 0;
    this.send();
  }

  private async load(): Promise<void> {
    const sentAt = this.deviceNow();
    try {
      const timer = await this.deps.getTimer();
      this.sample(sentAt, timer.serverNow);
      this.receive(timer);
    } catch {
      // The channel's snapshot (or the next answer) brings it instead.
    }
  }

  private press(action: SharedTimerAction, at: number): void {
    this.pending = [
      ...this.pending,
      {
        id: newTodoId(),
        device: this.tabId,
        baseVersion: this.shownVersion(),
        at: Math.round(at),
        action,
      },
    ];
    this.writePresses();
    this.send();
  }

  private taskTyped(text: string): void {
    if (text === this.knownTask) return;
    clearTimeout(this.taskTimer);
    this.taskTimer = setTimeout(() => {
      this.taskTimer = undefined;
      const current = this.controller.store.getState().currentTask;
      if (current === this.knownTask) return;
      this.knownTask = current;
      this.press({ type: 'task', text: current }, this.controller.now());
    }, TASK_SEND_DELAY_MS);
  }

  /** The version the person saw when pressing: the server's, before its presses are answered. */
  private shownVersion(): number {
    return this.snapshot?.version ?? 0;
  }

  /** Sends the oldest unanswered presses; one request at a time, in order. */
  private send(): void {
    if (this.sending || this.disposed || this.pending.length === 0) return;
    clearTimeout(this.sendTimer);
    const batch = nextBatch(this.pending);
    this.sending = true;
    const sentAt = this.deviceNow();
    this.deps.postActions(batch).then(
      ({ timer }) => {
        this.sending = false;
        // Signed out meanwhile: the presses went with the account's storage.
        if (this.disposed) return;
        this.sendAttempt = 0;
        for (const request of batch) this.answered.add(request.id);
        this.pending = withoutAnswered(
          this.pending,
          batch.map((request) => request.id),
        );
        this.writePresses();
        this.sample(sentAt, timer.serverNow);
        this.receive(timer, true);
        this.send();
      },
      (error: unknown) => {
        this.sending = false;
        if (this.disposed) return;
        const status = isApiError(error) ? error.status : undefined;
        if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
          // Refused as it is (a 401 signs out through the API client): sending it again cannot
          // help, and the presses after it were made on top of it.
          for (const request of this.pending) this.answered.add(request.id);
          this.pending = [];
          this.writePresses();
          this.redraw(true);
          void this.load();
          return;
        }
        this.sendAttempt += 1;
        this.sendTimer = setTimeout(
          () => this.send(),
          liveReconnectDelay(this.sendAttempt, this.random()),
        );
      },
    );
  }

  /**
   * A timer from the server: kept when it is newer than the one held. `answered`: it answers this
   * tab's presses, so the display is redrawn from what the server holds even when nothing newer
   * came (a press found stale, refused or changing nothing must not stay on screen).
   */
  private receive(json: SharedTimerJson | SharedTimerSnapshot, answered = false): void {
    if (this.disposed) return;
    const { version, state, currentTask, changedAt, changedBy } = json;
    const incoming: SharedTimerSnapshot = { version, state, currentTask, changedAt, changedBy };
    const newer = isNewerSnapshot(incoming, this.snapshot);
    if (newer) this.snapshot = incoming;
    if (!newer && !answered) return;
    this.redraw(answered);
  }

  /** Shows the held snapshot with this tab's unanswered presses laid over it. */
  private redraw(answered: boolean): void {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    // An account whose timer no device has touched keeps what this tab shows until a press.
    if (snapshot.version === 0 && this.pending.length === 0 && !answered) {
      this.knownTask = null;
      return;
    }
    const { settings, currentTask } = this.controller.store.getState();
    const shown = shownTimer(snapshot, this.pending, this.controller.now(), settings);
    // A task being typed here wins over what arrives meanwhile: it goes out when typing pauses.
    const typing = this.taskTimer !== undefined;
    if (!typing) this.knownTask = shown.currentTask;
    this.adopt(shown.state, typing ? currentTask : shown.currentTask);
  }

  /**
   * Shows the account's timer. Phases another device saw end are this one's completions too:
   * they come out of the next tick, with the same completion ids, so the outbox keeps one
   * session for them.
   */
  private adopt(state: TimerState, text: string): void {
    const { store } = this.controller;
    const s = store.getState();
    const currentTask = text.slice(0, CURRENT_TASK_MAX_LENGTH);
    if (sameMachine(state, s.timer) && currentTask === s.currentTask) return;
    store.setState({ timer: state, currentTask, now: this.controller.now() });
    this.controller.save();
  }

  private sample(sentAt: number, serverAt: number): void {
    this.samples = keepClockSample(this.samples, {
      sentAt,
      serverAt,
      receivedAt: this.deviceNow(),
    });
    const offset = estimateClockOffset(this.samples);
    if (offset) this.controller.setClockOffset(offset.offsetMs);
  }

  private connect(): void {
    if (this.disposed) return;
    const token = this.deps.token();
    if (!token) return;
    this.status.setState({ channel: this.socketAttempt === 0 ? 'connecting' : 'offline' });
    let socket: WebSocket;
    try {
      socket = (this.deps.openSocket ?? ((url) => new WebSocket(url)))(liveUrl());
    } catch {
      this.reconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(
        JSON.stringify({
          type: 'hello',
          token,
          device: { id: browserId(), label: this.deps.deviceLabel },
        }),
      );
      this.ping();
      this.pingTimer = setInterval(() => this.ping(), LIVE_PING_INTERVAL_MS);
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: LiveServerMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        return;
      }
      this.message(message);
    };
    socket.onclose = (event: CloseEvent) => this.dropped(socket, event.code);
  }

  /** The socket closed, or stopped answering: the timer runs on here, and we try again. */
  private dropped(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopPings();
    if (this.disposed) return;
    this.status.setState({ channel: 'offline' });
    if (code === LIVE_CLOSE.unauthorized) this.deps.sessionEnded();
    this.reconnect();
  }

  private message(message: LiveServerMessage): void {
    switch (message.type) {
      case 'timer':
        this.receive(message.timer);
        if (this.status.getState().channel !== 'live') {
          this.socketAttempt = 0;
          this.status.setState({ channel: 'live' });
          // Back: what waited for the network goes now.
          this.sendAttempt = 0;
          this.send();
        }
        return;
      case 'devices':
        this.status.setState({ devices: message.devices });
        return;
      case 'settings':
        this.deps.settingsChanged();
        return;
      case 'pong':
        clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        this.sample(message.sentAt, message.serverNow);
        return;
    }
  }

  private ping(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ type: 'ping', sentAt: this.deviceNow() }));
    if (this.pongTimer === undefined) {
      // No answer in time: the connection is dead even if the browser has not noticed.
      this.pongTimer = setTimeout(() => {
        this.pongTimer = undefined;
        this.dropped(socket, 4000);
        socket.close();
      }, LIVE_PONG_TIMEOUT_MS);
    }
  }

  private stopPings(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.pongTimer = undefined;
  }

  private reconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.socketAttempt += 1;
    this.reconnectTimer = setTimeout(
      () => this.connect(),
      liveReconnectDelay(this.socketAttempt, this.random()),
    );
  }

  /**
   * Every tab's unanswered presses share one key, each tab's under its own device id: a tab
   * replaces only its own, so two tabs offline at once keep both their presses. A tab that
   * starts takes over what it finds (a closed tab's presses too); a press sent by two tabs is
   * applied once, by its id.
   */
  private readPresses(): SharedTimerRequest[] {
    const byId = new Map<string, SharedTimerRequest>();
    for (const press of this.storedPresses()) byId.set(press.id, { ...press, device: this.tabId });
    return [...byId.values()];
  }

  private storedPresses(): SharedTimerRequest[] {
    try {
      const stored = JSON.parse(readItem(STORAGE_KEYS.timerPresses) ?? 'null') as StoredPresses;
      return stored?.userId === this.userId && Array.isArray(stored.presses) ? stored.presses : [];
    } catch {
      return [];
    }
  }

  private writePresses(): void {
    const mine = new Set(this.pending.map((press) => press.id));
    const others = this.storedPresses().filter(
      (press) => press.device !== this.tabId && !mine.has(press.id) && !this.answered.has(press.id),
    );
    const presses = [...others, ...this.pending];
    const stored: StoredPresses = { userId: this.userId, presses };
    writeItem(STORAGE_KEYS.timerPresses, presses.length > 0 ? JSON.stringify(stored) : null);
  }
}
