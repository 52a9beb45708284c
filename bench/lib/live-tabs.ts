/**
 * Live-channel tabs for benchmarks, held in child processes (`live-tab-holder.ts`, forked with
 * this process's Node flags, so under tsx as well). One process cannot hold 20,000 sockets here:
 * the hard limit on open files per process is 20,000 (`ulimit -Hn`), so a fleet spreads its tabs
 * over holders of at most MAX_TABS_PER_HOLDER each.
 *
 * Each tab does what the web app's does (apps/web/src/features/timer/shared-timer-sync.ts): it
 * opens LIVE_PATH, says hello with its token and device, pings at once and then every
 * LIVE_PING_INTERVAL_MS. A holder notes when each timer message arrives on the shared monotonic
 * clock (`monotonicMs`, CLOCK_MONOTONIC, the same in every process of the machine), so a press
 * timed in the parent and its arrival timed in a holder can be subtracted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Sockets per holder process (each holds one descriptor per socket, plus its own few). */
export const MAX_TABS_PER_HOLDER = Number(process.env.TABS_PER_HOLDER ?? 8_000);

export interface TabSpec {
  /** Chosen by the caller, unique in the fleet. */
  key: number;
  /** The instance's base address (http://host:port). */
  url: string;
  token: string;
  device: string;
}

export interface HolderStats {
  /** Tabs open now. */
  open: number;
  /** Attempts to open a tab that failed and were tried again later, by reason (503: shed). */
  refused: Record<string, number>;
  pingsSent: number;
  pongs: number;
  timers: number;
  devices: number;
  /** Sockets the server closed, by close code. */
  closedByServer: Record<string, number>;
  /** The holder's own CPU time (user + system), ms. */
  cpuMs: number;
}

export type ToHolder =
  | { id: number; type: 'open'; tabs: TabSpec[]; concurrency: number; timeoutMs: number }
  | { id: number; type: 'connect'; tab: TabSpec; timeoutMs: number }
  | { id: number; type: 'heard'; key: number; version: number }
  | { id: number; type: 'stats' }
  | { id: number; type: 'close' };

export type FromHolder =
  | { id: number; type: 'opened'; opened: number; errors: string[] }
  | { id: number; type: 'connected'; attempts: LiveAttempt[] }
  | { id: number; type: 'heard'; at: number }
  | { id: number; type: 'stats'; stats: HolderStats }
  | { id: number; type: 'closed' };

/** One attempt to open a tab's channel: 'ok' (its snapshot came) or why not. */
export interface LiveAttempt {
  outcome: string;
  /** From the attempt's start to its end (to the snapshot when it opened). */
  ms: number;
  /** When the attempt began, ms after the holder was asked. */
  startedAfter: number;
}

/** CLOCK_MONOTONIC in ms: one clock for every process of the machine (libuv's hrtime). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The answer to each request. */
interface AnswerTypes {
  open: 'opened';
  connect: 'connected';
  heard: 'heard';
  stats: 'stats';
  close: 'closed';
}
type Answer<T extends ToHolder['type']> = Extract<FromHolder, { type: AnswerTypes[T] }>;

class Holder {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (m: FromHolder) => void; reject: (e: Error) => void }
  >();
  private exited = false;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: FromHolder) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      waiter?.resolve(message);
    });
    child.on('exit', (code, signal) => {
      this.exited = true;
      for (const { reject } of this.pending.values()) {
        reject(new Error(`tab holder ${child.pid} exited (${code ?? signal})`));
      }
      this.pending.clear();
    });
  }

  ask<T extends ToHolder['type']>(
    message: Omit<Extract<ToHolder, { type: T }>, 'id'>,
  ): Promise<Answer<T>> {
    if (this.exited) return Promise.reject(new Error(`tab holder ${this.child.pid} is gone`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (m: FromHolder) => void, reject });
      this.child.send({ ...message, id });
    });
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask<'close'>({ type: 'close' }).catch(() => undefined);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  }
}

/** Tabs spread over holder processes. */
export class TabFleet {
  private readonly holderOf = new Map<number, Holder>();

  private constructor(private readonly holders: Holder[]) {}

  /** Enough holders for `tabs` sockets at MAX_TABS_PER_HOLDER each. */
  static async start(tabs: number): Promise<TabFleet> {
    const count = Math.max(1, Math.ceil(tabs / MAX_TABS_PER_HOLDER));
    const script = fileURLToPath(new URL('./live-tab-holder.ts', import.meta.url));
    const holders: Holder[] = [];
    for (let i = 0; i < count; i++) {
      const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      holders.push(new Holder(child));
    }
    return new TabFleet(holders);
  }

  get pids(): number[] {
    return this.holders.map((h) => h.child.pid!);
  }

  /**
   * Opens the tabs, consecutive runs of them in each holder (the caller keeps an account's tabs
   * next to each other), `concurrency` opening at a time over all holders; a tab counts as open
   * when its first timer message came. A refused tab is tried again as a real one is; throws
   * when any had not opened after `timeoutMs`.
   */
  async open(tabs: TabSpec[], concurrency = 50, timeoutMs = 120_000): Promise<void> {
    const per = Math.ceil(tabs.length / this.holders.length);
    const each = Math.max(1, Math.ceil(concurrency / this.holders.length));
    const answers = await Promise.all(
      this.holders.map((holder, i) => {
        const mine = tabs.slice(i * per, (i + 1) * per);
        for (const tab of mine) this.holderOf.set(tab.key, holder);
        return holder.ask<'open'>({ type: 'open', tabs: mine, concurrency: each, timeoutMs });
      }),
    );
    const errors = answers.flatMap((a) => a.errors);
    if (errors.length > 0) {
      const opened = answers.reduce((sum, a) => sum + a.opened, 0);
      throw new Error(
        `${tabs.length - opened} of ${tabs.length} tabs did not open: ${errors.slice(0, 5).join('; ')}`,
      );
    }
  }

  /**
   * Opens the tab's channel, or opens it again as a page load does (its earlier socket closed
   * first), retried as the web app retries; every attempt's outcome and time. Tab `key` is held
   * by holder `key % holders`.
   */
  async connect(tab: TabSpec, timeoutMs = 30_000): Promise<LiveAttempt[]> {
    let holder = this.holderOf.get(tab.key);
    if (!holder) {
      holder = this.holders[tab.key % this.holders.length]!;
      this.holderOf.set(tab.key, holder);
    }
    return (await holder.ask<'connect'>({ type: 'connect', tab, timeoutMs })).attempts;
  }

  /**
   * When (monotonicMs) the tab was sent a timer whose version is above `version`: at once if it
   * already was, else when it is.
   */
  async heard(key: number, version: number): Promise<number> {
    const holder = this.holderOf.get(key);
    if (!holder) throw new Error(`no tab ${key}`);
    const { at } = await holder.ask<'heard'>({ type: 'heard', key, version });
    if (Number.isNaN(at)) throw new Error(`tab ${key} is closed`);
    return at;
  }

  /** The holders' counters, summed. */
  async stats(): Promise<HolderStats> {
    const all = await Promise.all(this.holders.map((h) => h.ask<'stats'>({ type: 'stats' })));
    const sum: HolderStats = {
      open: 0,
      pingsSent: 0,
      pongs: 0,
      timers: 0,
      devices: 0,
      refused: {},
      closedByServer: {},
      cpuMs: 0,
    };
    for (const { stats } of all) {
      sum.open += stats.open;
      sum.pingsSent += stats.pingsSent;
      sum.pongs += stats.pongs;
      sum.timers += stats.timers;
      sum.devices += stats.devices;
      sum.cpuMs += stats.cpuMs;
      for (const [code, n] of Object.entries(stats.closedByServer)) {
        sum.closedByServer[code] = (sum.closedByServer[code] ?? 0) + n;
      }
      for (const [reason, n] of Object.entries(stats.refused)) {
        sum.refused[reason] = (sum.refused[reason] ?? 0) + n;
      }
    }
    return sum;
  }

  /** Closes every tab and ends the holders. */
  async stop(): Promise<void> {
    await Promise.all(this.holders.map((h) => h.stop()));
  }
}
