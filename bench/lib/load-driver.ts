/**
 * Open-loop load: every simulated user's activities start on their own schedule (a min-heap of
 * due times), never when an earlier request answered, and each request's latency is measured
 * from the time it was due, not from when a socket was free to send it. A server that falls
 * behind therefore shows its queue in the latency instead of slowing the load down (coordinated
 * omission). Requests go over CONNECTIONS keep-alive sockets (lib/load-http.ts); a request
 * waiting for a free socket is waiting on the server, and that wait is counted.
 *
 * A 503 or 429 with Retry-After is sent again as the web app does (decision 063, core's
 * asksForRetryAfter and retryAfterDelay): the retry is due when its wait ends, and its latency
 * counts from then. Every attempt is recorded with the second it was due in, so a run can be
 * read window by window (a cold start, a reload herd, an overload and the recovery after it).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { asksForRetryAfter, retryAfterDelay } from '@focusroom/core';
import { LeanHttpPool, type LeanAnswer } from './load-http.js';
import type { LiveAttempt } from './live-tabs.js';
import {
  REQUESTS,
  activities,
  isStatsTab,
  pageLoad,
  type Activity,
  type LoadUser,
  type MixOptions,
  type MixRequest,
} from './load-mix.js';
import { percentile } from './stats.js';

/** The answers a request of the mix may get; a shed 503 is counted apart. */
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

export class LoadClient {
  private readonly pool: LeanHttpPool;

  constructor(baseUrl: string, connections: number) {
    const url = new URL(baseUrl);
    this.pool = new LeanHttpPool(url.hostname, Number(url.port), connections, REQUEST_TIMEOUT_MS);
  }

  /**
   * Sends one request as the tab would: its held ETag as If-None-Match, the token of the user;
   * keeps a 200's ETag and a login's new token. Rejects with the socket's error.
   */
  async sendFull(req: MixRequest, user: LoadUser): Promise<LeanAnswer> {
    const body = req.body?.(user);
    const headers: Record<string, string> = {};
    if (!req.login && req.route.includes(' /api/')) headers.Authorization = `Bearer ${user.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const path = req.path(user);
    const tags =
      req.revalidate === 'app'
        ? (user.appTags ??= new Map())
        : req.revalidate === 'http'
          ? (user.httpTags ??= new Map())
          : undefined;
    const held = tags?.get(path);
    if (held !== undefined) headers['If-None-Match'] = held;
    const answer = await this.pool.requestFull(
      req.method,
      path,
      headers,
      body,
      req.login === true || req.answered !== undefined,
    );
    if (answer.status === 200 && answer.etag !== undefined) tags?.set(path, answer.etag);
    if (answer.status === 200 && answer.body && req.answered) req.answered(user, answer.body);
    if (req.login && answer.status === 200 && answer.body) {
      user.token = (JSON.parse(answer.body) as { token: string }).token;
    }
    return answer;
  }

  /** As `sendFull`, the status only. */
  async send(req: MixRequest, user: LoadUser): Promise<number> {
    return (await this.sendFull(req, user)).status;
  }

  close(): void {
    this.pool.close();
  }
}

/** One attempt of one request. */
export interface Attempt {
  /** Seconds from the run's start to when the attempt was due. */
  due: number;
  ms: number;
  route: string;
  /** 'ok', 'shed' (503 OVERLOADED), or what was unexpected: a status or an error code. */
  outcome: string;
}

/** A page load of the herd: when it was due, and when its last request succeeded. */
export interface HerdPage {
  due: number;
  /** Seconds from due to served; undefined when a request of it failed for good. */
  servedAfter: number | undefined;
}

export interface RunFigures {
  users: number;
  seconds: number;
  attempts: Attempt[];
  herd: HerdPage[];
  /** Seconds from the start until the last request due in the run answered. */
  drainedAt: number;
  /** p99 delay of the load generator's own event loop, ms: high means the figures are its own. */
  generatorLagP99: number;
  generatorCpuMs: number;
}

export interface RunOptions {
  users: LoadUser[];
  mix: MixOptions;
  /** How long activities are scheduled. */
  seconds: number;
  client: LoadClient;
  /** Every user reloads once, at a uniform time over [0, herdSeconds) (after a deploy). */
  herdSeconds?: number;
  /** User `index` starts nothing new after this many seconds (default: the whole run). */
  activeSeconds?: (index: number) => number;
  /** Called once the run starts and once its last request answered (CPU and RSS readings). */
  onWindow?: (edge: 'open' | 'close') => void;
  /**
   * The users' live channels (issue 33): opens or reopens a user's, every attempt answered
   * (none for a user who holds no channel). Without it, the mix's live requests are skipped.
   */
  live?: LiveConnector;
  /**
   * Each user's tab opens its channel once, at a uniform time over [0, liveOpenSeconds): the
   * tabs a deploy disconnected coming back over their reconnection backoff.
   */
  liveOpenSeconds?: number;
}

export interface LiveConnector {
  connect(user: LoadUser): Promise<LiveAttempt[]>;
}

interface Due {
  at: number;
  user: LoadUser;
  activity: Activity;
  /** A one-off, not scheduled again: the herd's page load, or a tab's channel opening. */
  once?: 'herd' | 'connect';
}

/** A binary min-heap of due activities. */
class DueHeap {
  private readonly items: Due[] = [];
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

/** Mean period with +-10% jitter, so users that start together drift apart. */
function jittered(periodMs: number): number {
  return periodMs * (0.9 + Math.random() * 0.2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `users` for `seconds` from cold: each activity's first occurrence is uniform over its
 * period (users already active, holding whatever they hold: new users hold nothing), plus the
 * herd's page loads when asked.
 */
export async function runLoad(opts: RunOptions): Promise<RunFigures> {
  const { users, client } = opts;
  const heap = new DueHeap();
  const t0 = performance.now();
  const end = t0 + opts.seconds * 1000;
  const activeUntil = (u: LoadUser) => t0 + (opts.activeSeconds?.(u.index) ?? opts.seconds) * 1000;
  for (const user of users) {
    const stats = isStatsTab(user.index, opts.mix);
    for (const activity of activities(opts.mix, stats)) {
      heap.push({ at: t0 + Math.random() * activity.periodSeconds * 1000, user, activity });
    }
    if (opts.herdSeconds) {
      heap.push({
        at: t0 + Math.random() * opts.herdSeconds * 1000,
        user,
        activity: pageLoad(opts.mix, stats),
        once: 'herd',
      });
    }
    if (opts.live && opts.liveOpenSeconds) {
      heap.push({
        at: t0 + Math.random() * opts.liveOpenSeconds * 1000,
        user,
        activity: { name: 'tab connects', periodSeconds: Infinity, stages: [[REQUESTS.live]] },
        once: 'connect',
      });
    }
  }
  const attempts: Attempt[] = [];
  const herd: HerdPage[] = [];
  const inFlight = new Set<Promise<void>>();
  let lastAnswer = t0;

  /**
   * A live channel opened, each attempt recorded from when it was due (a refused upgrade is
   * the instance shedding: the holder retries it as the tab does); true once it opened.
   */
  const live = async (user: LoadUser, firstDue: number): Promise<boolean> => {
    if (!opts.live) return true;
    const called = performance.now();
    const list = await opts.live.connect(user);
    lastAnswer = Math.max(lastAnswer, performance.now());
    list.forEach((a, i) => {
      // The first attempt is due when the stage was; each later one when the holder began it.
      const due = i === 0 ? firstDue : called + a.startedAfter;
      const ms = i === 0 ? a.ms + (called - firstDue) : a.ms;
      attempts.push({
        due: (due - t0) / 1000,
        ms,
        route: REQUESTS.live.route,
        outcome: a.outcome === '503' ? 'shed' : a.outcome,
      });
    });
    return list.length === 0 || list.at(-1)!.outcome === 'ok';
  };

  /** One request, retried as the web app does; true once it succeeded. */
  const one = async (req: MixRequest, user: LoadUser, firstDue: number): Promise<boolean> => {
    if (req.live) return live(user, firstDue);
    let due = firstDue;
    for (let retry = 1; ; retry++) {
      let outcome: string;
      let answer: LeanAnswer | undefined;
      try {
        answer = await client.sendFull(req, user);
        outcome = EXPECTED.has(answer.status) ? 'ok' : String(answer.status);
      } catch (error) {
        outcome = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      const now = performance.now();
      lastAnswer = Math.max(lastAnswer, now);
      let code: string | undefined;
      if (answer && (answer.status === 503 || answer.status === 429) && answer.body) {
        try {
          code = (JSON.parse(answer.body) as { code?: string }).code;
        } catch {
          code = undefined;
        }
      }
      const failure = {
        status: answer?.status,
        bodyCode: code,
        retryAfterSeconds: answer?.retryAfter,
      };
      const retries = answer !== undefined && asksForRetryAfter(failure, !req.login);
      if (answer?.status === 503 && code === 'OVERLOADED') outcome = 'shed';
      attempts.push({ due: (due - t0) / 1000, ms: now - due, route: req.route, outcome });
      if (outcome === 'ok') return true;
      const wait = retries ? retryAfterDelay(answer!.retryAfter!, retry) : null;
      if (wait === null) return false;
      await sleep(wait);
      due = performance.now();
    }
  };

  const fire = (due: Due) => {
    const { user, activity, at } = due;
    const run = (async () => {
      if (activity.dropsAppTags) user.appTags?.clear();
      let stageDue = at;
      let served = true;
      for (const stage of activity.stages) {
        const answers = await Promise.all(stage.map((req) => one(req, user, stageDue)));
        if (!answers.every(Boolean)) {
          served = false;
          break;
        }
        // The next stage is due when the last answer came, as the app sends it.
        stageDue = performance.now();
      }
      if (due.once === 'herd') {
        herd.push({
          due: (at - t0) / 1000,
          servedAfter: served ? (performance.now() - at) / 1000 : undefined,
        });
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  opts.onWindow?.('open');
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      if (now >= end) {
        done();
        return;
      }
      for (let due = heap.peek(); due && due.at <= now; due = heap.peek()) {
        heap.pop();
        fire(due);
        const next = due.at + jittered(due.activity.periodSeconds * 1000);
        if (!due.once && next < activeUntil(due.user)) heap.push({ ...due, at: next });
      }
      const wake = Math.min(heap.peek()?.at ?? end, end);
      setTimeout(tick, Math.max(0, wake - performance.now()));
    };
    tick();
  });
  // Requests due in the run that are still out get their answer, their retries or their
  // timeout.
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  opts.onWindow?.('close');
  lag.disable();
  const cpu = process.cpuUsage(cpu0);
  return {
    users: users.length,
    seconds: opts.seconds,
    attempts,
    herd,
    drainedAt: (lastAnswer - t0) / 1000,
    generatorLagP99: lag.percentile(99) / 1e6,
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

export interface WindowFigures {
  from: number;
  to: number;
  /** Attempts due in the window, per second. */
  offeredRate: number;
  routes: RouteFigures[];
  all: RouteFigures;
  /** Attempts refused as OVERLOADED (each sent again later). */
  shed: number;
  /** Outcomes that were neither a success nor a shed 503, with their counts. */
  unexpected: Record<string, number>;
}

/** The attempts due in [from, to) seconds of a run. */
export function windowFigures(run: RunFigures, from: number, to: number): WindowFigures {
  const byRoute = new Map<string, { ms: number[]; errors: number }>();
  const everything: number[] = [];
  const unexpected: Record<string, number> = {};
  let shed = 0;
  let errors = 0;
  let count = 0;
  for (const a of run.attempts) {
    if (a.due < from || a.due >= to) continue;
    count++;
    let r = byRoute.get(a.route);
    if (!r) byRoute.set(a.route, (r = { ms: [], errors: 0 }));
    r.ms.push(a.ms);
    everything.push(a.ms);
    if (a.outcome === 'shed') shed++;
    else if (a.outcome !== 'ok') {
      r.errors++;
      errors++;
      const key = `${a.route}: ${a.outcome}`;
      unexpected[key] = (unexpected[key] ?? 0) + 1;
    }
  }
  return {
    from,
    to,
    offeredRate: count / Math.max(1e-9, to - from),
    routes: [...byRoute]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, r]) => figures(route, r.ms, r.errors)),
    all: figures('all requests', everything, errors),
    shed,
    unexpected,
  };
}

/** p99 (ms) of the attempts due in each `bucket`-second slice of the run, with the shed count. */
export function series(
  run: RunFigures,
  bucket: number,
): { at: number; count: number; p99: number; shed: number }[] {
  const out: { at: number; count: number; p99: number; shed: number }[] = [];
  const last = run.attempts.reduce((m, a) => Math.max(m, a.due), run.seconds);
  for (let at = 0; at < last; at += bucket) {
    const w = windowFigures(run, at, at + bucket);
    if (w.all.count > 0) out.push({ at, count: w.all.count, p99: w.all.p99, shed: w.shed });
  }
  return out;
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
