/**
 * Open-loop load: every simulated user's activities start on their own schedule (a min-heap of
 * due times), never when an earlier request answered, and each request's latency is measured
 * from the time it was due, not from when a socket was free to send it. A server that falls
 * behind therefore shows its queue in the latency instead of slowing the load down (coordinated
 * omission). Requests go over CONNECTIONS keep-alive sockets (lib/load-http.ts); a request
 * waiting for a free socket is waiting on the server, and that wait is counted.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LeanHttpPool } from './load-http.js';
import {
  activities,
  type Activity,
  type LoadUser,
  type MixOptions,
  type MixRequest,
} from './load-mix.js';
import { percentile } from './stats.js';

/**
 * The answers a request of the mix may get (304: a revalidated statistics summary that has not
 * changed); anything else, or no answer, is unexpected.
 */
const EXPECTED = new Set([200, 201, 304]);
const REQUEST_TIMEOUT_MS = 10_000;

export interface RouteFigures {
  route: string;
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface StepFigures {
  users: number;
  seconds: number;
  /** Requests due in the measured window, per second. */
  offeredRate: number;
  /**
   * Answers per second from the window's opening until the last request due in it answered:
   * the interval the server's CPU and RSS are read over (a server that fell behind is still
   * working after the window closes).
   */
  answeredRate: number;
  /** That interval, seconds. */
  measuredSeconds: number;
  routes: RouteFigures[];
  all: RouteFigures;
  /** Status codes (or error codes) of the unexpected answers, with their counts. */
  unexpected: Record<string, number>;
  /** p99 delay of the load generator's own event loop, ms: high means the figures are its own. */
  generatorLagP99: number;
  generatorCpuMs: number;
}

interface Due {
  at: number;
  user: LoadUser;
  activity: Activity;
}

/** A binary min-heap of due activities. */
class DueHeap {
  private readonly items: Due[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): Due | undefined {
    return this.items[0];
  }
  push(item: Due): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]!.at <= a[i]!.at) break;
      [a[parent], a[i]] = [a[i]!, a[parent]!];
      i = parent;
    }
  }
  pop(): Due | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l]!.at < a[m]!.at) m = l;
        if (r < a.length && a[r]!.at < a[m]!.at) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/** Latencies and failures per route, for the requests due inside the measured window. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly unexpected: Record<string, number> = {};
  answered = 0;
  offered = 0;
  /** Answers of any request (warm-up stragglers too) since the window opened. */
  sinceOpen = 0;

  ok(route: string, ms: number): void {
    let list = this.latencies.get(route);
    if (!list) this.latencies.set(route, (list = []));
    list.push(ms);
    this.answered++;
  }

  fail(route: string, ms: number, what: string): void {
    this.ok(route, ms);
    this.errors.set(route, (this.errors.get(route) ?? 0) + 1);
    const key = `${route}: ${what}`;
    this.unexpected[key] = (this.unexpected[key] ?? 0) + 1;
  }
}

export class LoadClient {
  private readonly pool: LeanHttpPool;

  constructor(baseUrl: string, connections: number) {
    const url = new URL(baseUrl);
    this.pool = new LeanHttpPool(url.hostname, Number(url.port), connections, REQUEST_TIMEOUT_MS);
  }

  /** Sends one request; resolves with its status, or rejects with the socket's error. */
  send(req: MixRequest, user: LoadUser): Promise<number> {
    const body = req.body?.(user);
    const headers: Record<string, string> = { Authorization: `Bearer ${user.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (!req.revalidate) return this.pool.request(req.method, req.path(user), headers, body);
    // As the web app's summary query: the ETag of the copy held goes back as If-None-Match.
    const path = req.path(user);
    const held = user.etags?.get(path);
    if (held !== undefined) headers['If-None-Match'] = held;
    return this.pool.requestTagged(req.method, path, headers).then(({ status, etag }) => {
      if (status === 200 && etag !== undefined) (user.etags ??= new Map()).set(path, etag);
      return status;
    });
  }

  close(): void {
    this.pool.close();
  }
}

/** Mean period with +-10% jitter, so users that start together drift apart. */
function jittered(periodMs: number): number {
  return periodMs * (0.9 + Math.random() * 0.2);
}

export interface StepOptions {
  users: LoadUser[];
  mix: MixOptions;
  warmupSeconds: number;
  seconds: number;
  client: LoadClient;
  /**
   * Called when the measured window opens and once the last request due in it has answered
   * (CPU and RSS readings).
   */
  onWindow?: (edge: 'open' | 'close') => void;
}

/**
 * Runs `users` in the steady state for warm-up plus the measured window: each activity's first
 * occurrence is uniform over its period (users already active, not all arriving at once).
 */
export async function runStep(opts: StepOptions): Promise<StepFigures> {
  const { users, client } = opts;
  const heap = new DueHeap();
  const t0 = performance.now();
  const open = t0 + opts.warmupSeconds * 1000;
  const close = open + opts.seconds * 1000;
  users.forEach((user, i) => {
    const withStats = (i % 1000) / 1000 < opts.mix.statsShare;
    for (const activity of activities(opts.mix, withStats)) {
      heap.push({ at: t0 + Math.random() * activity.periodSeconds * 1000, user, activity });
    }
  });
  const rec = new Recorder();
  const inFlight = new Set<Promise<void>>();

  const one = (req: MixRequest, user: LoadUser, dueAt: number): Promise<boolean> => {
    const counted = dueAt >= open && dueAt < close;
    if (counted) rec.offered++;
    return client.send(req, user).then(
      (status) => {
        const now = performance.now();
        if (now >= open) rec.sinceOpen++;
        const ms = now - dueAt;
        const ok = EXPECTED.has(status);
        if (counted) {
          if (ok) rec.ok(req.route, ms);
          else rec.fail(req.route, ms, String(status));
        }
        return ok;
      },
      (error: Error & { code?: string }) => {
        if (performance.now() >= open) rec.sinceOpen++;
        if (counted) rec.fail(req.route, performance.now() - dueAt, error.code ?? error.message);
        return false;
      },
    );
  };

  const fire = (due: Due) => {
    const { user, activity, at } = due;
    const run = (async () => {
      const answers = await Promise.all(activity.requests.map((req) => one(req, user, at)));
      if (activity.after && answers.every(Boolean)) {
        // The follow-ups are due when the last answer came, as the app sends them.
        const next = performance.now();
        await Promise.all(activity.after.map((req) => one(req, user, next)));
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  const lag = monitorEventLoopDelay({ resolution: 5 });
  let cpuAtOpen = process.cpuUsage();
  let openedAt = open;
  let opened = false;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      if (!opened && now >= open) {
        opened = true;
        openedAt = now;
        rec.sinceOpen = 0;
        cpuAtOpen = process.cpuUsage();
        lag.enable();
        opts.onWindow?.('open');
      }
      if (now >= close) {
        done();
        return;
      }
      for (let due = heap.peek(); due && due.at <= now; due = heap.peek()) {
        heap.pop();
        fire(due);
        heap.push({ ...due, at: due.at + jittered(due.activity.periodSeconds * 1000) });
      }
      // Wake for the next due activity, the window's opening or its end, whichever is first.
      const wake = Math.min(heap.peek()?.at ?? close, opened ? close : open, close);
      setTimeout(tick, Math.max(0, wake - performance.now()));
    };
    tick();
  });
  // Requests due in the window that are still out get their answer (or their timeout); the
  // follow-ups they start are due after the window and are not counted.
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  const measuredSeconds = (performance.now() - openedAt) / 1000;
  opts.onWindow?.('close');
  lag.disable();
  const cpu = process.cpuUsage(cpuAtOpen);

  const routes: RouteFigures[] = [];
  const everything: number[] = [];
  let errors = 0;
  for (const [route, list] of [...rec.latencies].sort(([a], [b]) => a.localeCompare(b))) {
    const e = rec.errors.get(route) ?? 0;
    errors += e;
    routes.push(figures(route, list, e));
    for (const v of list) everything.push(v);
  }
  return {
    users: users.length,
    seconds: opts.seconds,
    offeredRate: rec.offered / opts.seconds,
    answeredRate: rec.sinceOpen / measuredSeconds,
    measuredSeconds,
    routes,
    all: figures('all requests', everything, errors),
    unexpected: rec.unexpected,
    generatorLagP99: lag.percentile(99) / 1e6,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

function figures(route: string, list: number[], errors: number): RouteFigures {
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    route,
    count: list.length,
    errors,
    p50: r(percentile(list, 50)),
    p99: r(percentile(list, 99)),
    max: r(list.reduce((m, v) => Math.max(m, v), 0)),
  };
}

/**
 * One request kind alone at `rate` per second for `seconds`, open loop, for the CPU time each
 * kind costs the server. Each request is from one of `users` picked at random, as in the mix,
 * so the server's caches per user and per token hit as often as they do there; `sequential`
 * takes them in turn instead (each user once while the run is shorter than the list).
 * `answered`: the requests the server answered (not those that failed unsent or unanswered).
 */
export async function runSingleKind(
  client: LoadClient,
  req: MixRequest,
  users: LoadUser[],
  rate: number,
  seconds: number,
  sequential = false,
): Promise<{ count: number; answered: number; errors: number }> {
  const start = performance.now();
  const total = Math.round(rate * seconds);
  let sent = 0;
  let errors = 0;
  let answered = 0;
  const pending: Promise<void>[] = [];
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; sent < due; sent++) {
        const user = sequential
          ? users[sent % users.length]!
          : users[Math.floor(Math.random() * users.length)]!;
        pending.push(
          client.send(req, user).then(
            (status) => {
              answered++;
              if (!EXPECTED.has(status)) errors++;
            },
            () => {
              errors++;
            },
          ),
        );
      }
      if (sent >= total) done();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  return { count: total, answered, errors };
}
