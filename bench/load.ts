/**
 * Capacity when everyone arrives at once (its bar: docs/operations.md; decisions 062-064).
 *
 * The load model is what a real tab sends (lib/load-mix.ts, checked against the recording of
 * bench/record-tab.ts): timer tabs and stats tabs in a stated share, page loads (reloads that
 * drop the tab's ETags), logins with a real password check, a session write per pomodoro,
 * playlist reads. Each simulated user has its own account (lib/load-seed.ts). Open loop
 * (lib/load-driver.ts): latency counts from when a request was due; a 503 or 429 with
 * Retry-After is sent again as the web app does.
 *
 * Every user's tab also holds a live channel (issue 33; LIVE=0 leaves them out), held by tab
 * holder processes (lib/live-tabs.ts) and connected to the instances directly: it opens over the
 * first LIVE_OPEN_SECONDS of each run and again with each page load and login. The capacity bar
 * is the API's while the channels are held; their openings are reported apart.
 *
 * Everything is measured from cold: before each run the app instances are started afresh on the
 * seeded database and every user holds nothing (no ETag, no cache warmed for them).
 * 1. Capacity: for each step of STEPS users, a run of STEP_SECONDS from cold; the step holds
 *    with p99 <= 100 ms, no unexpected answer and nothing shed. Capacity = the largest such.
 * 2. Reload herd (HERD=1): the capacity step's users all reload within HERD_SECONDS (60), as
 *    after a deploy, their tabs going on meanwhile; p99 during the herd (bar 1 s), every page
 *    served (retries included), and p99 over the HERD_AFTER_SECONDS after it (bar 100 ms
 *    within 30 s).
 * 3. Overload (OVERLOAD=1, SQLite only unless OVERLOAD_ENGINES says): OVERLOAD_FACTOR x the
 *    capacity step for OVERLOAD_SECONDS, then the extra users leave and the rest go on for
 *    RECOVERY_SECONDS; once with shedding (the defaults) and once with it off, in the same run.
 * 4. CPU per request kind: each route alone for CAL_SECONDS at CAL_RATE/s, at each of
 *    LOG_LEVELS (default "info,debug": production's level, and debug, where the per-request
 *    lines are since decision 064, as info had them before), with the log bytes per request.
 * 5. Regression guards (autocannon, 10 connections) against GET /api/health.
 *
 *   npm run build
 *   npx tsx bench/load.ts     (ENGINES=sqlite,postgres,postgres-x2 STEPS=5000,10000,20000,30000
 *                              STEP_SHEDDING=0 runs the steps with shedding off)
 *   STEP_SECONDS=15 STEPS=1000 ENGINES=sqlite npx tsx bench/load.ts      smoke run
 *
 * Never in CI. Writes bench/results/load-<date>.json.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIVE_CONNECTION_MEMORY_BYTES } from '@focusroom/core';
import { autocannon, type AutocannonRequest } from './lib/autocannon.js';
import { TabFleet } from './lib/live-tabs.js';
import { shedWatcher } from './lib/shed-watcher.js';
import {
  LoadClient,
  runLoad,
  runSingleKind,
  series,
  windowFigures,
  type LiveConnector,
  type RunFigures,
  type WindowFigures,
} from './lib/load-driver.js';
import {
  REQUESTS,
  mixOptionsFromEnv,
  ratePerUser,
  workboxRequest,
  type LoadUser,
  type MixRequest,
} from './lib/load-mix.js';
import { cpuMs } from './lib/load-procs.js';
import { CONFIGS, startStack, type ConfigName, type Stack } from './lib/load-stack.js';
import { ROOT, rssMb } from './lib/server.js';
import { round } from './lib/stats.js';
import { connectionCap, processOpenFileLimit } from '../apps/server/src/lib/connection-cap.js';

const env = process.env;
const STEP_SECONDS = Number(env.STEP_SECONDS ?? 120);
const SMOKE = STEP_SECONDS <= 30;
const STEPS = (env.STEPS ?? (SMOKE ? '1000' : '5000,10000,20000,30000')).split(',').map(Number);
const ENGINES = (env.ENGINES ?? CONFIGS.join(',')).split(',') as ConfigName[];
const CONNECTIONS = Number(env.CONNECTIONS ?? 128);
/**
 * Sockets for the herd and overload runs: each browser has connections of its own, so a request
 * the server would refuse at once must reach it, not wait behind 128 busy sockets in the load
 * generator (where no shedding can help it).
 */
const SURGE_CONNECTIONS = Number(env.SURGE_CONNECTIONS ?? 1000);
const HISTORY_SESSIONS = Number(env.HISTORY_SESSIONS ?? 40);
const HERD = env.HERD !== '0';
const HERD_SECONDS = Number(env.HERD_SECONDS ?? 60);
const HERD_AFTER_SECONDS = Number(env.HERD_AFTER_SECONDS ?? 60);
const OVERLOAD = env.OVERLOAD !== '0';
const OVERLOAD_ENGINES = (env.OVERLOAD_ENGINES ?? 'sqlite').split(',');
const OVERLOAD_FACTOR = Number(env.OVERLOAD_FACTOR ?? 2);
const OVERLOAD_SECONDS = Number(env.OVERLOAD_SECONDS ?? (SMOKE ? 15 : 60));
const RECOVERY_SECONDS = Number(env.RECOVERY_SECONDS ?? (SMOKE ? 15 : 45));
const CAL_RATE = env.CAL_RATE ? Number(env.CAL_RATE) : undefined;
const CAL_SECONDS = Number(env.CAL_SECONDS ?? (SMOKE ? 1 : 5));
const LOG_LEVELS = (env.LOG_LEVELS ?? 'info,debug').split(',');
const LOG_ENGINES = (env.LOG_ENGINES ?? 'sqlite').split(',');
const GUARD_SECONDS = Number(env.GUARD_SECONDS ?? (SMOKE ? 1 : 5));
const GUARD_ROUNDS = Number(env.GUARD_ROUNDS ?? (SMOKE ? 1 : 3));
const KEEP_GOING = env.KEEP_GOING === '1';
/** STEP_SHEDDING=0: the capacity steps with shedding off (what the instance does without it). */
const STEP_SHEDDING = env.STEP_SHEDDING !== '0';
/**
 * Every user also holds a live channel (issue 33: the capacity bar holds with one per user),
 * its tab opening at a uniform time over the first LIVE_OPEN_SECONDS of each run (the tabs a
 * deploy disconnected, back over their reconnection backoff) and again on each page load and
 * login. LIVE=0 leaves them out.
 */
const LIVE_OPEN_SECONDS = Number(env.LIVE_OPEN_SECONDS ?? 20);
/**
 * An instance holds one descriptor per tab, and this machine's limit per process is its hard
 * RLIMIT_NOFILE (20,000 here; it cannot be raised without privileges; Node raises the soft limit
 * to it, in this process as in the instances). An instance accepts connections up to its cap
 * below that limit (decision 063): tabs past what fits beside the run's HTTP connections are not
 * held, and the tables say how many were.
 */
const INSTANCE_CONNECTIONS = connectionCap(null, processOpenFileLimit() ?? 1024)!;
const P99_BAR_MS = 100;
const HERD_P99_BAR_MS = 1000;
const RECOVERY_BAR_SECONDS = 30;
const RSS_BAR_MB = 200;
/** What the server logs at in production (decision 064); the capacity runs use it. */
const PRODUCTION_LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'info';
/** Shedding off, for the overload run's baseline. */
const NO_SHEDDING = {
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_HEAP_MB: '0',
  OVERLOAD_DATABASE_WAITING: '0',
};
const WORKBOX_FILE = readdirSync(path.join(ROOT, 'apps/web/dist')).find((f) =>
  /^workbox-[\w-]+\.js$/.test(f),
);
const MIX = mixOptionsFromEnv(env, WORKBOX_FILE);

/** CPU, RSS and timing of one run, read from /proc. */
interface Usage {
  appCpuMs: number;
  othersCpuMs: Record<string, number>;
  wallMs: number;
  peakRssMb: number[];
}

async function measured(
  stack: Stack,
  go: (onWindow: (edge: 'open' | 'close') => void) => Promise<RunFigures>,
): Promise<{ run: RunFigures; usage: Usage }> {
  let app0 = 0;
  let others0: number[] = [];
  let wall0 = 0;
  const usage: Usage = {
    appCpuMs: 0,
    othersCpuMs: {},
    wallMs: 0,
    peakRssMb: stack.instances.map(() => 0),
  };
  let sampler: NodeJS.Timeout | undefined;
  const pids = () => stack.instances.map((s) => s.pid);
  const run = await go((edge) => {
    const app = cpuMs(pids());
    const others = stack.others.map((g) => cpuMs(g.pids()));
    if (edge === 'open') {
      [app0, others0, wall0] = [app, others, performance.now()];
      sampler = setInterval(() => {
        stack.instances.forEach((s, i) => {
          usage.peakRssMb[i] = Math.max(usage.peakRssMb[i]!, rssMb(s.pid));
        });
      }, 200);
    } else {
      clearInterval(sampler);
      usage.appCpuMs = app - app0;
      usage.wallMs = performance.now() - wall0;
      stack.others.forEach((g, i) => {
        usage.othersCpuMs[g.label] = others[i]! - others0[i]!;
      });
    }
  });
  return { run, usage };
}

/** Why the instances shed, as they logged it (cleared before each run). */
const watcher = shedWatcher((line) => process.stderr.write(`${line}\n`));

/** The live channels of a run: one per user, spread over the instances, up to what fits. */
interface LiveRun {
  connector: LiveConnector;
  /** Users holding a channel. */
  held: number;
  fleet: TabFleet;
}

async function liveTabs(stack: Stack, users: LoadUser[], connections: number): Promise<LiveRun> {
  const instances = stack.instances.length;
  // The instances share the run's keep-alive connections (through nginx with two).
  const perInstance = INSTANCE_CONNECTIONS - Math.ceil(connections / instances);
  const held = Math.min(users.length, perInstance * instances);
  const fleet = await TabFleet.start(held);
  // Tabs go to the instances directly, user by user (a sticky balancer): nginx's one worker
  // would need two descriptors per tab, past the same limit.
  const connector: LiveConnector = {
    connect: (user) => {
      if (user.index >= held) return Promise.resolve([]);
      const instance = stack.instances[user.index % instances]!;
      return fleet.connect({
        key: user.index,
        url: instance.url,
        token: user.token,
        device: `load-${user.index}`,
      });
    },
  };
  return { connector, held, fleet };
}

/** Users hold nothing: no ETag of the tab, none of the HTTP cache. */
function coldUsers(users: LoadUser[]): LoadUser[] {
  for (const u of users) {
    u.appTags?.clear();
    u.httpTags?.clear();
  }
  return users;
}

interface StepResult {
  users: number;
  window: WindowFigures;
  /** The first minute (every refresh a full answer) and the rest, apart. */
  firstMinute: WindowFigures;
  afterFirstMinute: WindowFigures;
  appCpuMsPerRequest: number;
  appCores: number;
  othersCpuMsPerRequest: Record<string, number>;
  peakRssMb: number[];
  generatorCpuMsPerRequest: number;
  generatorLagP99: number;
  /** The users' live channels, when they held them. */
  live?: LiveFigures;
  /**
   * Their openings (each to its snapshot; a refused one is tried again as the tab does, the
   * refusal counted as shed). Not in `window`, whose requests are the API's.
   */
  liveOpens?: WindowFigures;
  /** RSS_BAR_MB and what the live channels held per instance may add. */
  rssBarMb: number;
  /** The instances' shedding warnings (at most one per 10 s each): pressure and value. */
  shedReasons?: string[];
  pass: boolean;
}

async function coldRun(
  stack: Stack,
  users: LoadUser[],
  options: {
    seconds: number;
    herdSeconds?: number;
    activeSeconds?: (i: number) => number;
    env?: Record<string, string>;
    connections?: number;
  },
): Promise<{ run: RunFigures; usage: Usage; live?: LiveFigures }> {
  await stack.restart({ LOG_LEVEL: PRODUCTION_LOG_LEVEL, ...options.env });
  watcher.shed.length = 0;
  const connections = options.connections ?? CONNECTIONS;
  const client = new LoadClient(stack.url, connections);
  // A second tab of a seeded account (the overload run's) holds no channel of its own.
  const live = MIX.live ? await liveTabs(stack, users, connections) : undefined;
  try {
    const { run, usage } = await measured(stack, (onWindow) =>
      runLoad({
        users: coldUsers(users),
        mix: MIX,
        seconds: options.seconds,
        client,
        onWindow,
        ...(options.herdSeconds ? { herdSeconds: options.herdSeconds } : {}),
        ...(options.activeSeconds ? { activeSeconds: options.activeSeconds } : {}),
        ...(live ? { live: live.connector, liveOpenSeconds: LIVE_OPEN_SECONDS } : {}),
      }),
    );
    if (!live) return { run, usage };
    const stats = await live.fleet.stats();
    return {
      run,
      usage,
      live: {
        held: live.held,
        open: stats.open,
        closedByServer: stats.closedByServer,
        pongs: stats.pongs,
        timers: stats.timers,
      },
    };
  } finally {
    client.close();
    await live?.fleet.stop();
  }
}

/** The live channels at a run's end. */
interface LiveFigures {
  /** Users who held one (the rest past the open-file limit). */
  held: number;
  /** Open at the end. */
  open: number;
  /** Closed by the server during the run, by close code (none expected). */
  closedByServer: Record<string, number>;
  pongs: number;
  timers: number;
}

/** The RSS bar: the API mix's, plus what each live channel held per instance may cost. */
function rssBarMb(live: LiveFigures | undefined, instances: number): number {
  const perInstance = live ? Math.ceil(live.held / instances) : 0;
  return RSS_BAR_MB + (perInstance * LIVE_CONNECTION_MEMORY_BYTES) / (1024 * 1024);
}

function stepResult(
  users: number,
  run: RunFigures,
  usage: Usage,
  live: LiveFigures | undefined,
  instances: number,
): StepResult {
  // The bar is the API's while every user holds a channel; the channels' openings (the tabs
  // coming back after the deploy the cold start stands for) are a herd of their own, shown apart.
  const api = { ...run, attempts: run.attempts.filter((a) => a.route !== REQUESTS.live.route) };
  const opens = { ...run, attempts: run.attempts.filter((a) => a.route === REQUESTS.live.route) };
  const window = windowFigures(api, 0, run.seconds);
  const liveOpens = windowFigures(opens, 0, run.seconds);
  const rssBar = rssBarMb(live, instances);
  const answered = run.attempts.length;
  const othersCpuMsPerRequest: Record<string, number> = {};
  for (const [label, ms] of Object.entries(usage.othersCpuMs)) {
    othersCpuMsPerRequest[label] = round(ms / Math.max(1, answered), 3);
  }
  return {
    users,
    window,
    firstMinute: windowFigures(api, 0, Math.min(60, run.seconds)),
    afterFirstMinute: windowFigures(api, Math.min(60, run.seconds), run.seconds),
    appCpuMsPerRequest: round(usage.appCpuMs / Math.max(1, answered), 3),
    appCores: round(usage.appCpuMs / usage.wallMs, 2),
    othersCpuMsPerRequest,
    peakRssMb: usage.peakRssMb,
    generatorCpuMsPerRequest: round(run.generatorCpuMs / Math.max(1, answered), 3),
    generatorLagP99: round(run.generatorLagP99),
    ...(live ? { live, liveOpens } : {}),
    rssBarMb: round(rssBar),
    pass:
      window.all.p99 <= P99_BAR_MS &&
      window.all.errors === 0 &&
      window.shed === 0 &&
      liveOpens.all.errors === 0 &&
      Object.keys(live?.closedByServer ?? {}).length === 0 &&
      Math.max(...usage.peakRssMb) <= rssBar,
  };
}

interface HerdResult {
  users: number;
  during: WindowFigures;
  /** The HERD_AFTER_SECONDS after the herd, and its first RECOVERY_BAR_SECONDS apart. */
  after: WindowFigures;
  recoveryWindow: WindowFigures;
  /** p99 of the requests due from RECOVERY_BAR_SECONDS after the herd on. */
  recovered: WindowFigures;
  pages: number;
  pagesServed: number;
  pageServedP50s: number;
  pageServedP99s: number;
  pageServedMaxS: number;
  series: { at: number; count: number; p99: number; shed: number }[];
  peakRssMb: number[];
  pass: boolean;
}

function herdResult(users: number, run: RunFigures, usage: Usage): HerdResult {
  const served = run.herd.filter((p) => p.servedAfter !== undefined).map((p) => p.servedAfter!);
  const sorted = [...served].sort((a, b) => a - b);
  const q = (p: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0, 2);
  const during = windowFigures(run, 0, HERD_SECONDS);
  const recovered = windowFigures(run, HERD_SECONDS + RECOVERY_BAR_SECONDS, run.seconds);
  return {
    users,
    during,
    after: windowFigures(run, HERD_SECONDS, run.seconds),
    recoveryWindow: windowFigures(run, HERD_SECONDS, HERD_SECONDS + RECOVERY_BAR_SECONDS),
    recovered,
    pages: run.herd.length,
    pagesServed: served.length,
    pageServedP50s: q(0.5),
    pageServedP99s: q(0.99),
    pageServedMaxS: round(sorted.at(-1) ?? 0, 2),
    series: series(run, 5),
    peakRssMb: usage.peakRssMb,
    pass:
      during.all.p99 <= HERD_P99_BAR_MS &&
      during.all.errors === 0 &&
      served.length === run.herd.length &&
      recovered.all.p99 <= P99_BAR_MS &&
      recovered.all.errors === 0 &&
      recovered.shed === 0,
  };
}

interface OverloadResult {
  users: number;
  shedding: boolean;
  during: WindowFigures;
  /** p99 of the accepted answers during the overload (what a refused one costs is apart). */
  acceptedP99: number;
  shedP99: number;
  recovery: WindowFigures;
  series: { at: number; count: number; p99: number; shed: number }[];
  appCores: number;
  peakRssMb: number[];
}

function overloadResult(
  users: number,
  shedding: boolean,
  run: RunFigures,
  usage: Usage,
): OverloadResult {
  const inOverload = run.attempts.filter((a) => a.due < OVERLOAD_SECONDS);
  const p99 = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0);
  };
  return {
    users,
    shedding,
    during: windowFigures(run, 0, OVERLOAD_SECONDS),
    acceptedP99: p99(inOverload.filter((a) => a.outcome === 'ok').map((a) => a.ms)),
    shedP99: p99(inOverload.filter((a) => a.outcome === 'shed').map((a) => a.ms)),
    recovery: windowFigures(run, OVERLOAD_SECONDS + 15, run.seconds),
    series: series(run, 5),
    appCores: round(usage.appCpuMs / usage.wallMs, 2),
    peakRssMb: usage.peakRssMb,
  };
}

interface KindCpu {
  route: string;
  logLevel: string;
  rate: number;
  appMs: number;
  /** Bytes of log per request. */
  logBytes: number;
  othersMs: Record<string, number>;
  errors: number;
}

/** Each request kind of the mix alone, at each log level: server CPU time per request. */
async function measureKinds(
  stack: Stack,
  users: LoadUser[],
  rate: number,
  levels: string[],
): Promise<KindCpu[]> {
  const kinds: KindCpu[] = [];
  const routes = new Map<string, MixRequest>();
  for (const req of [
    ...Object.values(REQUESTS),
    ...(WORKBOX_FILE ? [workboxRequest(WORKBOX_FILE)] : []),
  ] as MixRequest[]) {
    // The login alone is measured over its own users (each login ends the token in hand).
    // A live channel is not an HTTP request: its CPU is in each step's total.
    if (!req.live && !routes.has(req.route)) routes.set(req.route, req);
  }
  for (const level of levels) {
    await stack.restart({ LOG_LEVEL: level, ...NO_SHEDDING });
    const client = new LoadClient(stack.url, CONNECTIONS);
    try {
      for (const req of routes.values()) {
        process.stderr.write(`${stack.name}: CPU of ${req.route} at LOG_LEVEL=${level}\n`);
        // A revalidated route is measured as the mix sends it most: with the tag held.
        coldUsers(users);
        if (req.revalidate) for (const u of users.slice(0, 200)) await client.send(req, u);
        const pool = req.revalidate ? users.slice(0, 200) : users;
        // Logins cost an argon2 verification each (about 20 ms of a core): fewer of them.
        const kindRate = req.login ? Math.min(rate, 40) : rate;
        const app0 = cpuMs(stack.instances.map((s) => s.pid));
        const others0 = stack.others.map((g) => cpuMs(g.pids()));
        const log0 = stack.logBytes();
        const { answered, errors } = await runSingleKind(
          client,
          req,
          pool,
          kindRate,
          CAL_SECONDS,
          req.login === true,
        );
        const count = Math.max(1, answered);
        const app = cpuMs(stack.instances.map((s) => s.pid)) - app0;
        const othersMs: Record<string, number> = {};
        stack.others.forEach((g, i) => {
          othersMs[g.label] = round((cpuMs(g.pids()) - others0[i]!) / count, 3);
        });
        kinds.push({
          route: req.route,
          logLevel: level,
          rate: kindRate,
          appMs: round(app / count, 3),
          logBytes: Math.round((stack.logBytes() - log0) / count),
          othersMs,
          errors,
        });
      }
    } finally {
      client.close();
    }
  }
  return kinds;
}

interface GuardResult {
  name: string;
  kind: 'reference' | 'read' | 'write';
  rps: number[];
  ratio?: number;
  bar?: number;
  met?: boolean;
  failures: number;
}

async function measureGuards(
  url: string,
  name: ConfigName,
  user: LoadUser,
): Promise<GuardResult[]> {
  const auth = { authorization: `Bearer ${user.token}` };
  const cases: { name: string; kind: GuardResult['kind']; request: AutocannonRequest }[] = [
    { name: 'GET /api/health', kind: 'reference', request: { method: 'GET', path: '/api/health' } },
    {
      name: 'GET /api/settings',
      kind: 'read',
      request: { method: 'GET', path: '/api/settings', headers: auth },
    },
    {
      name: 'GET /api/pomodoro/stats',
      kind: 'read',
      request: { method: 'GET', path: '/api/pomodoro/stats?tz=UTC', headers: auth },
    },
    {
      name: 'POST /api/pomodoro/sessions',
      kind: 'write',
      request: {
        method: 'POST',
        path: '/api/pomodoro/sessions',
        headers: { ...auth, 'content-type': 'application/json' },
        setupRequest: (r) => ({ ...r, body: REQUESTS.write.body() }),
      },
    },
  ];
  const results: GuardResult[] = cases.map((c) => ({
    name: c.name,
    kind: c.kind,
    rps: [],
    failures: 0,
  }));
  for (let r = 0; r < GUARD_ROUNDS; r++) {
    for (const [i, c] of cases.entries()) {
      process.stderr.write(`${name}: guard ${c.name}, round ${r + 1}/${GUARD_ROUNDS}\n`);
      const run = await autocannon({
        url,
        connections: 10,
        duration: GUARD_SECONDS,
        requests: [c.request],
      });
      results[i]!.rps.push(run.requests.average);
      results[i]!.failures += run.non2xx + run.errors;
    }
  }
  const health = median(results[0]!.rps);
  for (const g of results.slice(1)) {
    g.ratio = round(median(g.rps) / health, 3);
    g.bar = g.kind === 'read' ? 0.4 : 0.25;
    g.met = g.ratio >= g.bar && g.failures === 0;
  }
  return results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface ConfigResult {
  config: ConfigName;
  instances: number;
  seedSeconds: number;
  steps: StepResult[];
  capacity: number;
  herd?: HerdResult;
  overload?: OverloadResult[];
  kinds: KindCpu[];
  cpuPerUserMsPerSecond: Record<string, { app: number; withOthers: number }>;
  dedicatedEstimate: { instances: number; machine: number; users: number };
  guards: GuardResult[];
}

async function measureConfig(name: ConfigName): Promise<ConfigResult> {
  const stack = await startStack(name, { onLog: watcher.onLog });
  try {
    const seedStart = performance.now();
    const most = Math.max(...STEPS);
    process.stderr.write(`${name}: seeding ${most} users\n`);
    const users = await stack.seed({ users: most, historySessions: HISTORY_SESSIONS });
    const seedSeconds = round((performance.now() - seedStart) / 1000);

    const steps: StepResult[] = [];
    for (const n of STEPS) {
      process.stderr.write(`${name}: ${n} users from cold, ${STEP_SECONDS} s\n`);
      const { run, usage, live } = await coldRun(stack, users.slice(0, n), {
        seconds: STEP_SECONDS,
        ...(STEP_SHEDDING ? {} : { env: NO_SHEDDING }),
      });
      const step = {
        ...stepResult(n, run, usage, live, stack.instances.length),
        shedReasons: [...watcher.shed],
      };
      steps.push(step);
      process.stderr.write(
        `  p99 ${step.window.all.p99} ms (first minute ${step.firstMinute.all.p99}), ${step.window.all.errors} unexpected, ${step.window.shed} shed${step.shedReasons.length ? ` (${step.shedReasons.slice(0, 6).join('; ')})` : ''}; live opens p99 ${step.liveOpens?.all.p99 ?? '-'} ms: ${step.pass ? 'within' : 'OVER'} the bar\n`,
      );
      if (!step.pass && !KEEP_GOING) break;
    }
    const passed = steps.filter((s) => s.pass).map((s) => s.users);
    const capacity = passed.length > 0 ? Math.max(...passed) : 0;
    const size = capacity || STEPS[0]!;

    let herd: HerdResult | undefined;
    if (HERD) {
      process.stderr.write(`${name}: reload herd of ${size} users over ${HERD_SECONDS} s\n`);
      const { run, usage } = await coldRun(stack, users.slice(0, size), {
        seconds: HERD_SECONDS + HERD_AFTER_SECONDS,
        herdSeconds: HERD_SECONDS,
        connections: SURGE_CONNECTIONS,
      });
      herd = herdResult(size, run, usage);
      process.stderr.write(
        `  p99 during ${herd.during.all.p99} ms, after ${RECOVERY_BAR_SECONDS} s ${herd.recovered.all.p99} ms, ${herd.pagesServed}/${herd.pages} pages served\n`,
      );
    }

    let overload: OverloadResult[] | undefined;
    if (OVERLOAD && OVERLOAD_ENGINES.includes(name)) {
      overload = [];
      const n = Math.round(size * OVERLOAD_FACTOR);
      // Past the seeded accounts, a second tab of the same accounts (its own ETags).
      const tabs = users.concat(
        users.slice(0, Math.max(0, n - users.length)).map((u) => ({
          ...u,
          index: u.index + users.length,
          appTags: new Map<string, string>(),
          httpTags: new Map<string, string>(),
        })),
      );
      for (const shedding of [true, false]) {
        process.stderr.write(
          `${name}: overload, ${n} users, shedding ${shedding ? 'on' : 'off'}\n`,
        );
        const { run, usage } = await coldRun(stack, tabs.slice(0, n), {
          seconds: OVERLOAD_SECONDS + RECOVERY_SECONDS,
          activeSeconds: (i) => (i < size / 2 ? Infinity : OVERLOAD_SECONDS),
          connections: SURGE_CONNECTIONS,
          ...(shedding ? {} : { env: NO_SHEDDING }),
        });
        const result = overloadResult(n, shedding, run, usage);
        overload.push(result);
        process.stderr.write(
          `  accepted p99 ${result.acceptedP99} ms, ${result.during.shed} shed (p99 ${result.shedP99} ms), recovery p99 ${result.recovery.all.p99} ms\n`,
        );
      }
    }

    const at = steps.find((s) => s.users === capacity) ?? steps[0]!;
    const calRate = CAL_RATE ?? Math.max(50, Math.round(at.window.offeredRate));
    const kinds = await measureKinds(
      stack,
      users.slice(0, size),
      calRate,
      LOG_ENGINES.includes(name) ? LOG_LEVELS : [PRODUCTION_LOG_LEVEL],
    );
    const rates = ratePerUser(MIX).byRoute;
    const cpuPerUserMsPerSecond: Record<string, { app: number; withOthers: number }> = {};
    for (const level of new Set(kinds.map((k) => k.logLevel))) {
      let app = 0;
      let withOthers = 0;
      for (const k of kinds.filter((k) => k.logLevel === level)) {
        const rate = rates.get(k.route) ?? 0;
        app += rate * k.appMs;
        withOthers += rate * (k.appMs + Object.values(k.othersMs).reduce((a, b) => a + b, 0));
      }
      cpuPerUserMsPerSecond[level] = { app: round(app, 4), withOthers: round(withOthers, 4) };
    }
    const prod =
      cpuPerUserMsPerSecond[PRODUCTION_LOG_LEVEL] ?? Object.values(cpuPerUserMsPerSecond)[0]!;
    const cores = os.cpus().length;
    const instances = stack.instances.length;
    await stack.restart({ LOG_LEVEL: PRODUCTION_LOG_LEVEL, ...NO_SHEDDING });
    const guards = await measureGuards(
      stack.instances[0]!.url,
      stack.name,
      users[users.length - 1]!,
    );
    return {
      config: name,
      instances,
      seedSeconds,
      steps,
      capacity,
      ...(herd ? { herd } : {}),
      ...(overload ? { overload } : {}),
      kinds,
      cpuPerUserMsPerSecond,
      dedicatedEstimate: {
        instances: Math.round((Math.min(cores, instances) * 1000) / prod.app),
        machine: Math.round((cores * 1000) / prod.withOthers),
        users: Math.round(
          Math.min(
            (Math.min(cores, instances) * 1000) / prod.app,
            (cores * 1000) / prod.withOthers,
          ),
        ),
      },
      guards,
    };
  } finally {
    await stack.stop();
  }
}

const fmt = (w: WindowFigures) => `${w.all.p50} / ${w.all.p99} / ${w.all.max}`;

/** Held, open at the end, and any the server closed. */
function liveCell(live: LiveFigures | undefined): string {
  if (!live) return '-';
  const closed = Object.entries(live.closedByServer)
    .map(([code, n]) => `${n} closed ${code}`)
    .join(', ');
  return `${live.held} (${live.open} open at the end${closed ? `; ${closed}` : ''})`;
}

function printConfig(r: ConfigResult): void {
  console.log(`### ${r.config}\n`);
  console.log(
    `${r.seedSeconds} s to seed the users. Each run after a fresh start of the instance(s), users holding nothing; open loop, ${CONNECTIONS} keep-alive connections; LOG_LEVEL=${PRODUCTION_LOG_LEVEL}.\n`,
  );
  console.log(
    `**Capacity from cold** (each step on its own, no step before it; shedding ${STEP_SHEDDING ? 'on' : 'off (STEP_SHEDDING=0)'}):\n`,
  );
  console.log(
    '| users | live channels held | req/s due | p50 / p99 / max ms | first minute p99 ms | after it p99 ms | unexpected | shed | app CPU ms/req | app cores | others CPU ms/req | peak RSS MB (bar) | generator CPU ms/req, lag p99 ms | within bar |',
  );
  console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|---|---|');
  for (const s of r.steps) {
    const others = Object.entries(s.othersCpuMsPerRequest)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `| ${s.users} | ${liveCell(s.live)} | ${Math.round(s.window.offeredRate)} | ${fmt(s.window)} | ${s.firstMinute.all.p99} | ${s.afterFirstMinute.all.p99} | ${s.window.all.errors} | ${s.window.shed} | ${s.appCpuMsPerRequest} | ${s.appCores} | ${others || '-'} | ${s.peakRssMb.join(' / ')} (${s.rssBarMb}) | ${s.generatorCpuMsPerRequest}, ${s.generatorLagP99} | ${s.pass ? 'yes' : 'NO'} |`,
    );
    if (s.liveOpens) {
      const o = s.liveOpens;
      console.log(
        `|  | live channels opened (upgrade to snapshot): ${o.all.count} attempts, p50 / p99 / max ${fmt(o)} ms, ${o.shed} refused while shedding (tried again), ${o.all.errors} failed |`,
      );
    }
    if (s.shedReasons?.length) {
      console.log(`|  | shed because (as logged): ${s.shedReasons.slice(0, 8).join('; ')} |`);
    }
    const unexpected = Object.entries({ ...s.window.unexpected, ...s.liveOpens?.unexpected });
    if (unexpected.length > 0) {
      console.log(
        `|  | unexpected: ${unexpected
          .slice(0, 6)
          .map(([k, v]) => `${k} x${v}`)
          .join('; ')} |`,
      );
    }
  }
  console.log(
    `\n**Capacity: ${r.capacity} concurrently active users** from cold (p99 <= ${P99_BAR_MS} ms, 0 unexpected, nothing shed, RSS <= ${RSS_BAR_MB} MB${MIX.live ? ` plus ${LIVE_CONNECTION_MEMORY_BYTES / 1024} KB per live channel held, none closed by the server` : ''}${r.config === 'sqlite' ? '; the capacity bar on SQLite: >= 20,000' : ''}).\n`,
  );
  const last = r.steps.at(-1);
  if (last) {
    console.log(`Per route at ${last.users} users:\n`);
    console.log('| route | requests | p50 ms | p99 ms | max ms | unexpected |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const f of last.window.routes) {
      console.log(`| ${f.route} | ${f.count} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} |`);
    }
    console.log('');
  }
  if (r.herd) {
    const h = r.herd;
    console.log(
      `**Reload herd**: ${h.users} users all reloading within ${HERD_SECONDS} s (uniform), their tabs going on; ${h.pagesServed} of ${h.pages} pages served (time to the page's last answer, retries included: p50 ${h.pageServedP50s} s, p99 ${h.pageServedP99s} s, max ${h.pageServedMaxS} s).\n`,
    );
    console.log('| window | requests | p50 / p99 / max ms | unexpected | shed | bar |');
    console.log('|---|---:|---|---:|---:|---|');
    console.log(
      `| during the herd (0-${HERD_SECONDS} s) | ${h.during.all.count} | ${fmt(h.during)} | ${h.during.all.errors} | ${h.during.shed} | p99 <= ${HERD_P99_BAR_MS} ms |`,
    );
    console.log(
      `| the ${RECOVERY_BAR_SECONDS} s after it | ${h.recoveryWindow.all.count} | ${fmt(h.recoveryWindow)} | ${h.recoveryWindow.all.errors} | ${h.recoveryWindow.shed} | |`,
    );
    console.log(
      `| from ${RECOVERY_BAR_SECONDS} s after it on | ${h.recovered.all.count} | ${fmt(h.recovered)} | ${h.recovered.all.errors} | ${h.recovered.shed} | p99 <= ${P99_BAR_MS} ms |`,
    );
    // What the unexpected answers were (a status or an error code, with counts), per window.
    for (const [label, window] of [
      ['during the herd', h.during],
      ['after it', h.recoveryWindow],
      ['recovered', h.recovered],
    ] as const) {
      const unexpected = Object.entries(window.unexpected);
      if (unexpected.length === 0) continue;
      console.log(
        `Unexpected ${label}: ${unexpected
          .sort((x, y) => y[1] - x[1])
          .slice(0, 10)
          .map(([what, count]) => `${what} x ${count}`)
          .join(', ')}`,
      );
    }
    console.log(
      `\nHerd ${h.pass ? 'survived' : 'NOT survived'} by the bars. p99 per 5 s of due time: ${h.series.map((b) => `${b.at}s ${Math.round(b.p99)}${b.shed ? ` (${b.shed} shed)` : ''}`).join(', ')}. Peak RSS ${h.peakRssMb.join(' / ')} MB.\n`,
    );
  }
  if (r.overload) {
    console.log(
      `**Overload**: ${r.overload[0]!.users} users (${OVERLOAD_FACTOR}x) for ${OVERLOAD_SECONDS} s, then half the capacity step's users go on for ${RECOVERY_SECONDS} s; same run, shedding on and off:\n`,
    );
    console.log(
      '| shedding | requests due | accepted p99 ms | shed | shed p99 ms | unexpected | recovery p99 ms (from 15 s after) | recovery unexpected | app cores | peak RSS MB |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const o of r.overload) {
      console.log(
        `| ${o.shedding ? 'on' : 'off'} | ${o.during.all.count} | ${o.acceptedP99} | ${o.during.shed} | ${o.shedP99} | ${o.during.all.errors} | ${o.recovery.all.p99} | ${o.recovery.all.errors + o.recovery.shed} | ${o.appCores} | ${o.peakRssMb.join(' / ')} |`,
      );
    }
    for (const o of r.overload) {
      console.log(
        `\nShedding ${o.shedding ? 'on' : 'off'}, p99 per 5 s: ${o.series.map((b) => `${b.at}s ${Math.round(b.p99)}${b.shed ? ` (${b.shed} shed)` : ''}`).join(', ')}`,
      );
    }
    console.log('');
  }
  const rates = ratePerUser(MIX).byRoute;
  console.log(
    `Server CPU time per request, each kind alone at ${r.kinds[0]?.rate ?? '-'}/s (logins at ${Math.min(r.kinds[0]?.rate ?? 40, 40)}/s) for ${CAL_SECONDS} s, by log level:\n`,
  );
  const levels = [...new Set(r.kinds.map((k) => k.logLevel))];
  console.log(
    `| route | per user per minute | ${levels.map((l) => `app CPU ms/req at ${l}`).join(' | ')} | ${levels.map((l) => `log bytes/req at ${l}`).join(' | ')} | others CPU ms/req | errors |`,
  );
  console.log(`|---|---:|${levels.map(() => '---:|---:').join('|')}|---|---:|`);
  for (const route of [...new Set(r.kinds.map((k) => k.route))]) {
    const rows = levels.map((l) => r.kinds.find((k) => k.route === route && k.logLevel === l));
    const first = rows[0]!;
    const others = Object.entries(first.othersMs)
      .map(([label, v]) => `${label} ${v}`)
      .join(', ');
    console.log(
      `| ${route} | ${round((rates.get(route) ?? 0) * 60, 3)} | ${rows.map((k) => k?.appMs ?? '-').join(' | ')} | ${rows.map((k) => k?.logBytes ?? '-').join(' | ')} | ${others || '-'} | ${rows.reduce((n, k) => n + (k?.errors ?? 0), 0)} |`,
    );
  }
  for (const [level, c] of Object.entries(r.cpuPerUserMsPerSecond)) {
    console.log(
      `\nAt LOG_LEVEL=${level} the mix costs ${c.app} ms of app CPU per active user per second (${c.withOthers} ms with the database, Redis and nginx).`,
    );
  }
  console.log(
    `\nOn a machine with no load generator, at 100% CPU (an upper bound, no headroom for p99), at LOG_LEVEL=${PRODUCTION_LOG_LEVEL}: the ${r.instances} instance(s), one Node main thread each, hold about ${r.dedicatedEstimate.instances} users; the ${os.cpus().length} cores shared by everything about ${r.dedicatedEstimate.machine}; so about ${r.dedicatedEstimate.users}.\n`,
  );
  console.log(
    'Regression guards on the first instance directly (autocannon, 10 connections, median of rounds, against its GET /api/health):\n',
  );
  console.log('| request | req/s (each round) | ratio | bar | |');
  console.log('|---|---|---:|---:|---|');
  for (const g of r.guards) {
    console.log(
      `| ${g.name} | ${g.rps.map((v) => Math.round(v)).join(', ')} | ${g.ratio === undefined ? '-' : `${round(g.ratio * 100)}%`} | ${g.bar === undefined ? '-' : `${g.bar * 100}%`} | ${g.met === undefined ? '' : g.met ? 'met' : 'NOT met'}${g.failures ? ` (${g.failures} non-2xx/errors)` : ''} |`,
    );
  }
  console.log('');
}

async function main() {
  const rate = ratePerUser(MIX);
  console.log(
    `## Load: the mix per active user (STATS_SHARE=${MIX.statsShare}, PAGE_LOAD_MINUTES=${MIX.pageLoadMinutes}, LOGIN_HOURS=${MIX.loginHours}, POMODORO_MINUTES=${MIX.pomodoroMinutes}, PLAYLIST_MINUTES=${MIX.playlistMinutes})\n`,
  );
  console.log(
    `Machine load average at the start: ${os
      .loadavg()
      .map((v) => round(v, 2))
      .join(', ')}.\n`,
  );
  console.log('| route | requests per user per minute |');
  console.log('|---|---:|');
  for (const [route, perSecond] of [...rate.byRoute].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${route} | ${round(perSecond * 60, 3)} |`);
  }
  console.log(
    `| **all** | **${round(rate.total * 60, 2)}** (20,000 users = ${Math.round(rate.total * 20_000)} req/s) |\n`,
  );
  if (SMOKE) console.log('Smoke run (STEP_SECONDS <= 30): the figures are not a measurement.\n');
  const loadAtStart = os.loadavg();
  const results: ConfigResult[] = [];
  for (const name of ENGINES) {
    if (!CONFIGS.includes(name))
      throw new Error(`ENGINES: unknown ${name} (${CONFIGS.join(', ')})`);
    const result = await measureConfig(name);
    results.push(result);
    printConfig(result);
    // Written after each deployment, so a later one that fails keeps the earlier figures.
    save(results, loadAtStart, rate);
  }
  console.log(
    `Machine load average at the end: ${os
      .loadavg()
      .map((v) => round(v, 2))
      .join(', ')}.\n`,
  );
  console.log(`Written to ${path.relative(ROOT, save(results, loadAtStart, rate))}`);
}

function save(
  results: ConfigResult[],
  loadAtStart: number[],
  rate: ReturnType<typeof ratePerUser>,
): string {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `load-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        machine: {
          cores: os.cpus().length,
          memoryGb: round(os.totalmem() / 2 ** 30),
          loadAtStart,
          loadAtEnd: os.loadavg(),
        },
        settings: {
          STEP_SECONDS,
          STEP_SHEDDING,
          STEPS,
          CONNECTIONS,
          SURGE_CONNECTIONS,
          HISTORY_SESSIONS,
          HERD_SECONDS,
          HERD_AFTER_SECONDS,
          OVERLOAD_FACTOR,
          OVERLOAD_SECONDS,
          RECOVERY_SECONDS,
          CAL_RATE,
          CAL_SECONDS,
          LOG_LEVELS,
          PRODUCTION_LOG_LEVEL,
          GUARD_SECONDS,
          GUARD_ROUNDS,
          smoke: SMOKE,
          mix: MIX,
        },
        ratePerUser: Object.fromEntries(rate.byRoute),
        // Per-attempt lists are summarised above; the JSON keeps the figures, not the attempts.
        results,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}

await main();
