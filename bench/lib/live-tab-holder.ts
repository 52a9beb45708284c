/**
 * A child process holding live-channel tabs for a benchmark (forked by `live-tabs.ts`, which
 * describes what a tab does). It answers its parent's requests over IPC.
 */
import { LIVE_PATH, LIVE_PING_INTERVAL_MS, liveReconnectDelay } from '@focusroom/core';
import { WebSocket } from 'ws';
import {
  monotonicMs,
  type FromHolder,
  type HolderStats,
  type LiveAttempt,
  type TabSpec,
  type ToHolder,
} from './live-tabs.js';

interface Tab {
  socket: WebSocket;
  pingTimer?: NodeJS.Timeout;
  /** The last timer message: its version and when it came (monotonicMs). */
  latest?: { version: number; at: number };
  waiter?: { version: number; id: number };
  /** Closed by this holder for a page load: not counted as closed by the server. */
  reloaded?: boolean;
}

const tabs = new Map<number, Tab>();
const stats: Omit<HolderStats, 'open' | 'cpuMs'> = {
  refused: {},
  pingsSent: 0,
  pongs: 0,
  timers: 0,
  devices: 0,
  closedByServer: {},
};
let closing = false;

function reply(message: FromHolder): void {
  // Once the parent said close, what the closing sockets would answer has no one to go to.
  if (process.connected) process.send!(message);
}

function ping(tab: Tab): void {
  if (tab.socket.readyState !== WebSocket.OPEN) return;
  tab.socket.send(JSON.stringify({ type: 'ping', sentAt: Date.now() }));
  stats.pingsSent++;
}

class Refused extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** Opens one tab; resolves when its first timer message came. */
function openTab(spec: TabSpec, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${spec.url.replace(/^http/, 'ws')}${LIVE_PATH}`);
    const tab: Tab = { socket };
    let opened = false;
    let refusal: Refused | undefined;
    const timeout = setTimeout(() => {
      refusal = new Refused('timeout', `tab ${spec.key}: no timer within ${timeoutMs} ms`);
      socket.terminate();
    }, timeoutMs);
    // A refused upgrade answers with its HTTP status (503 while the instance sheds load).
    socket.on('unexpected-response', (_request, response) => {
      refusal = new Refused(
        String(response.statusCode),
        `tab ${spec.key}: upgrade answered ${response.statusCode}`,
      );
      response.resume();
      socket.terminate();
    });
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; timer?: { version: number } };
      if (message.type === 'pong') {
        stats.pongs++;
        return;
      }
      if (message.type === 'devices') {
        stats.devices++;
        return;
      }
      if (message.type !== 'timer') return;
      stats.timers++;
      const version = message.timer?.version ?? 0;
      tab.latest = { version, at: monotonicMs() };
      if (tab.waiter && version > tab.waiter.version) {
        reply({ id: tab.waiter.id, type: 'heard', at: tab.latest.at });
        tab.waiter = undefined;
      }
      if (!opened) {
        opened = true;
        clearTimeout(timeout);
        tabs.set(spec.key, tab);
        resolve();
      }
    });
    socket.on('error', (error) => {
      refusal ??= new Refused(error.message, `tab ${spec.key}: ${error.message}`);
    });
    socket.once('close', (code) => {
      clearInterval(tab.pingTimer);
      clearTimeout(timeout);
      if (opened) {
        if (tab.reloaded) return;
        tabs.delete(spec.key);
        if (tab.waiter && !closing) reply({ id: tab.waiter.id, type: 'heard', at: NaN });
        if (!closing) stats.closedByServer[code] = (stats.closedByServer[code] ?? 0) + 1;
        return;
      }
      reject(refusal ?? new Refused(`close ${code}`, `tab ${spec.key}: closed with ${code}`));
    });
    socket.once('open', () => {
      socket.send(
        JSON.stringify({
          type: 'hello',
          token: spec.token,
          device: { id: spec.device, label: spec.device },
        }),
      );
      // As the web app does: a ping at once (it sets the tab's clock), then one every interval.
      ping(tab);
      tab.pingTimer = setInterval(() => ping(tab), LIVE_PING_INTERVAL_MS);
    });
  });
}

/**
 * Opens a tab as the web app's does: a refused or failed attempt is tried again after
 * liveReconnectDelay, until `deadline` (monotonic ms). Each refusal is counted by its reason.
 */
async function openWithRetries(
  spec: TabSpec,
  timeoutMs: number,
  deadline: number,
  onAttempt: (outcome: string, started: number) => void = () => undefined,
) {
  for (let attempt = 1; ; attempt++) {
    const started = monotonicMs();
    try {
      await openTab(spec, timeoutMs);
      onAttempt('ok', started);
      return;
    } catch (error) {
      const reason = error instanceof Refused ? error.reason : 'other';
      stats.refused[reason] = (stats.refused[reason] ?? 0) + 1;
      onAttempt(reason, started);
      const wait = liveReconnectDelay(attempt, Math.random());
      if (closing || monotonicMs() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * A page load's channel (the load model, bench/load.ts): the tab's earlier socket, if any, is
 * closed as a reload closes it, and a new one opened as the web app opens it, each refused
 * attempt tried again after liveReconnectDelay. Answers every attempt: its outcome ('ok', '503',
 * 'timeout', ...) and how long it took to its end (ms, up to the snapshot when it opened).
 */
async function connect(spec: TabSpec, timeoutMs: number) {
  const earlier = tabs.get(spec.key);
  if (earlier) {
    tabs.delete(spec.key);
    clearInterval(earlier.pingTimer);
    earlier.reloaded = true;
    earlier.socket.close(1001);
  }
  const attempts: LiveAttempt[] = [];
  const asked = monotonicMs();
  try {
    await openWithRetries(spec, timeoutMs, asked + timeoutMs, (outcome, started) =>
      attempts.push({ outcome, ms: monotonicMs() - started, startedAfter: started - asked }),
    );
  } catch {
    // Every attempt is in `attempts`, the last one failed.
  }
  return attempts;
}

async function openAll(specs: TabSpec[], concurrency: number, timeoutMs: number) {
  const errors: string[] = [];
  // Every tab has until then to open, retries included.
  const deadline = monotonicMs() + timeoutMs;
  let opened = 0;
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++]!;
      try {
        await openWithRetries(spec, timeoutMs, deadline);
        opened++;
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { opened, errors };
}

process.on('message', (message: ToHolder) => {
  switch (message.type) {
    case 'open':
      void openAll(message.tabs, message.concurrency, message.timeoutMs).then((result) =>
        reply({ id: message.id, type: 'opened', ...result }),
      );
      return;
    case 'connect':
      void connect(message.tab, message.timeoutMs).then((attempts) =>
        reply({ id: message.id, type: 'connected', attempts }),
      );
      return;
    case 'heard': {
      const tab = tabs.get(message.key);
      if (!tab) reply({ id: message.id, type: 'heard', at: NaN });
      else if (tab.latest && tab.latest.version > message.version) {
        reply({ id: message.id, type: 'heard', at: tab.latest.at });
      } else tab.waiter = { version: message.version, id: message.id };
      return;
    }
    case 'stats': {
      const cpu = process.cpuUsage();
      reply({
        id: message.id,
        type: 'stats',
        stats: { ...stats, open: tabs.size, cpuMs: (cpu.user + cpu.system) / 1000 },
      });
      return;
    }
    case 'close':
      closing = true;
      for (const tab of tabs.values()) {
        clearInterval(tab.pingTimer);
        tab.socket.terminate();
      }
      tabs.clear();
      reply({ id: message.id, type: 'closed' });
      process.disconnect();
      return;
  }
});
