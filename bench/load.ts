/**
 * Capacity under a realistic mix (DESIGN §6, issue 15 "Load"): how many concurrently active users
 * one deployment holds with p99 <= 100 ms and no unexpected error, on SQLite with one instance,
 * PostgreSQL with one, and PostgreSQL with two behind nginx with Redis (lib/load-stack.ts).
 *
 * Each simulated user has its own account (seeded straight into the database with a signed
 * token: lib/load-seed.ts) and follows the web app's own schedule (lib/load-mix.ts): theme check
 * and statistics refresh every 60 s, a page load every PAGE_LOAD_MINUTES, a session write per
 * 25-minute pomodoro of real time (N users write N/1500 sessions a second), playlist reads.
 * The load is open loop (lib/load-driver.ts): latency counts from when a request was due.
 *
 * The number of users rises in STEPS; each step runs WARMUP_SECONDS then a measured window of
 * STEP_SECONDS, reporting p50/p99 per route, unexpected answers, the server's CPU time per
 * request (from /proc of the instances, and of PostgreSQL, Redis and nginx apart), peak RSS per
 * instance and the load generator's own CPU and event-loop lag (it shares the machine). The
 * ramp stops at the first step over the bar (KEEP_GOING=1 runs every step). Capacity = the
 * largest step within the bar.
 *
 * Then, in the same run: each request kind alone for CAL_SECONDS at CAL_RATE/s (default: the
 * rate the capacity step was answered at, since a server's CPU per request falls as its rate
 * rises), for its server CPU time per request, so the capacity of a machine with no load
 * generator on it can be computed (one core per instance, the cores for everything); and the
 * regression guards (autocannon, 10 connections): authenticated reads >= 40% and the session
 * write >= 25% of GET /api/health.
 *
 *   npm run build
 *   npx tsx bench/load.ts          (ENGINES=sqlite,postgres,postgres-x2 STEP_SECONDS=60
 *                                   STEPS=2000,5000,10000,20000,30000,40000 CONNECTIONS=128)
 *   STEP_SECONDS=10 ENGINES=sqlite npx tsx bench/load.ts     smoke run (about 30 s per config):
 *                                   one step of 1,000 users, short CPU runs and guards
 *
 * Never in CI. Writes bench/results/load-<date>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon, type AutocannonRequest } from './lib/autocannon.js';
import {
  LoadClient,
  runSingleKind,
  runStep,
  type RouteFigures,
  type StepFigures,
} from './lib/load-driver.js';
import { REQUESTS, mixOptionsFromEnv, ratePerUser, type LoadUser } from './lib/load-mix.js';
import { cpuMs } from './lib/load-procs.js';
import { CONFIGS, startStack, type ConfigName, type Stack } from './lib/load-stack.js';
import { ROOT, rssMb } from './lib/server.js';
import { round } from './lib/stats.js';

const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 60);
const SMOKE = STEP_SECONDS <= 15;
const STEPS = (process.env.STEPS ?? (SMOKE ? '1000' : '2000,5000,10000,20000,30000,40000'))
  .split(',')
  .map(Number);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? (SMOKE ? 2 : 10));
const ENGINES = (process.env.ENGINES ?? CONFIGS.join(',')).split(',') as ConfigName[];
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 128);
const HISTORY_SESSIONS = Number(process.env.HISTORY_SESSIONS ?? 40);
/** Default: the capacity step's answered rate (the first step's when none held). */
const CAL_RATE = process.env.CAL_RATE ? Number(process.env.CAL_RATE) : undefined;
const CAL_SECONDS = Number(process.env.CAL_SECONDS ?? (SMOKE ? 0.5 : 5));
const GUARD_SECONDS = Number(process.env.GUARD_SECONDS ?? (SMOKE ? 1 : 5));
const GUARD_ROUNDS = Number(process.env.GUARD_ROUNDS ?? (SMOKE ? 1 : 3));
const KEEP_GOING = process.env.KEEP_GOING === '1';
const P99_BAR_MS = 100;
const RSS_BAR_MB = 200;
const MIX = mixOptionsFromEnv(process.env);

interface StepResult extends StepFigures {
  pass: boolean;
  /** Server CPU per answered request in the window, ms: the app instances, and each other group. */
  appCpuMsPerRequest: number;
  othersCpuMsPerRequest: Record<string, number>;
  /** Cores' worth of CPU the app instances used (1.0 = one core busy all the time). */
  appCores: number;
  peakRssMb: number[];
}

interface KindCpu {
  route: string;
  rate: number;
  appMs: number;
  othersMs: Record<string, number>;
  errors: number;
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

interface ConfigResult {
  config: ConfigName;
  instances: number;
  seedSeconds: number;
  steps: StepResult[];
  capacity: number;
  kinds: KindCpu[];
  /** The mix's server CPU per active user, ms per second. */
  cpuPerUserMsPerSecond: { app: number; withOthers: number };
  /**
   * Users a machine with no load generator would hold at 100% CPU: `instances`, each one Node
   * main thread (at most one core each), and `machine`, the cores shared by everything.
   */
  dedicatedEstimate: { instances: number; machine: number; users: number };
  guards: GuardResult[];
  rssBarMet: boolean;
}

function appPids(stack: Stack): number[] {
  return stack.instances.map((s) => s.pid);
}

async function measureSteps(stack: Stack, users: LoadUser[]): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const client = new LoadClient(stack.url, CONNECTIONS);
  try {
    for (const n of STEPS) {
      process.stderr.write(`${stack.name}: ${n} users\n`);
      let app0 = 0;
      let app1 = 0;
      let others0: number[] = [];
      let others1: number[] = [];
      let wall0 = 0;
      let wall1 = 0;
      const peaks = stack.instances.map(() => 0);
      let sampler: NodeJS.Timeout | undefined;
      const figures = await runStep({
        users: users.slice(0, n),
        mix: MIX,
        warmupSeconds: WARMUP_SECONDS,
        seconds: STEP_SECONDS,
        client,
        onWindow: (edge) => {
          const app = cpuMs(appPids(stack));
          const others = stack.others.map((g) => cpuMs(g.pids()));
          if (edge === 'open') {
            [app0, others0, wall0] = [app, others, performance.now()];
            sampler = setInterval(() => {
              stack.instances.forEach((s, i) => {
                peaks[i] = Math.max(peaks[i]!, rssMb(s.pid));
              });
            }, 200);
          } else {
            [app1, others1, wall1] = [app, others, performance.now()];
            clearInterval(sampler);
          }
        },
      });
      const answered = figures.answeredRate * figures.measuredSeconds;
      const othersCpu: Record<string, number> = {};
      stack.others.forEach((g, i) => {
        othersCpu[g.label] = round((others1[i]! - others0[i]!) / Math.max(1, answered), 3);
      });
      const result: StepResult = {
        ...figures,
        pass: figures.all.p99 <= P99_BAR_MS && figures.all.errors === 0,
        appCpuMsPerRequest: round((app1 - app0) / Math.max(1, answered), 3),
        othersCpuMsPerRequest: othersCpu,
        appCores: round((app1 - app0) / (wall1 - wall0), 2),
        peakRssMb: peaks,
      };
      results.push(result);
      process.stderr.write(
        `  ${Math.round(figures.answeredRate)} req/s, p50 ${figures.all.p50} ms, p99 ${figures.all.p99} ms, ` +
          `${figures.all.errors} unexpected, ${result.pass ? 'within' : 'OVER'} the bar\n`,
      );
      if (!result.pass && !KEEP_GOING) break;
      // Answers of the step drain before the next one starts.
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    client.close();
  }
  return results;
}

/** Each request kind of the mix alone: server CPU time per request. */
async function measureKinds(stack: Stack, users: LoadUser[], rate: number): Promise<KindCpu[]> {
  const client = new LoadClient(stack.url, CONNECTIONS);
  const kinds: KindCpu[] = [];
  try {
    const seen = new Set<string>();
    for (const req of Object.values(REQUESTS)) {
      if (seen.has(req.route)) continue;
      seen.add(req.route);
      process.stderr.write(`${stack.name}: CPU of ${req.route}\n`);
      const app0 = cpuMs(appPids(stack));
      const others0 = stack.others.map((g) => cpuMs(g.pids()));
      // Divided by the answers: a request that failed unsent cost the server nothing.
      const { answered, errors } = await runSingleKind(client, req, users, rate, CAL_SECONDS);
      const count = Math.max(1, answered);
      const app = cpuMs(appPids(stack)) - app0;
      const othersMs: Record<string, number> = {};
      stack.others.forEach((g, i) => {
        othersMs[g.label] = round((cpuMs(g.pids()) - others0[i]!) / count, 3);
      });
      kinds.push({ route: req.route, rate, appMs: round(app / count, 3), othersMs, errors });
    }
  } finally {
    client.close();
  }
  return kinds;
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
  // Interleaved rounds: a slow moment of the shared machine falls on every kind alike.
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

async function measureConfig(name: ConfigName): Promise<ConfigResult> {
  const stack = await startStack(name);
  try {
    const seedStart = performance.now();
    const most = Math.max(...STEPS);
    process.stderr.write(`${name}: seeding ${most} users\n`);
    const users = await stack.seed({ users: most, historySessions: HISTORY_SESSIONS });
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const steps = await measureSteps(stack, users);
    const passed = steps.filter((s) => s.pass).map((s) => s.users);
    const capacity = passed.length > 0 ? Math.max(...passed) : 0;
    // Over the users of the capacity step (the first step when none held): the server's caches
    // per user and per token then see as many users as at that point of the ramp.
    const at = steps.find((s) => s.users === capacity) ?? steps[0]!;
    const kinds = await measureKinds(
      stack,
      users.slice(0, at.users),
      CAL_RATE ?? Math.max(50, Math.round(at.answeredRate)),
    );
    const rates = ratePerUser(MIX).byRoute;
    let app = 0;
    let withOthers = 0;
    for (const k of kinds) {
      const rate = rates.get(k.route) ?? 0;
      app += rate * k.appMs;
      withOthers += rate * (k.appMs + Object.values(k.othersMs).reduce((a, b) => a + b, 0));
    }
    const cores = os.cpus().length;
    // The guards are the server's own ratios: measured on an instance directly, not via nginx.
    const guards = await measureGuards(stack.instances[0]!.url, stack.name, users[0]!);
    const peak = Math.max(...steps.flatMap((s) => s.peakRssMb));
    return {
      config: name,
      instances: stack.instances.length,
      seedSeconds,
      steps,
      capacity,
      kinds,
      cpuPerUserMsPerSecond: { app: round(app, 4), withOthers: round(withOthers, 4) },
      dedicatedEstimate: {
        instances: Math.round((Math.min(cores, stack.instances.length) * 1000) / app),
        machine: Math.round((cores * 1000) / withOthers),
        users: Math.round(
          Math.min(
            (Math.min(cores, stack.instances.length) * 1000) / app,
            (cores * 1000) / withOthers,
          ),
        ),
      },
      guards,
      rssBarMet: peak <= RSS_BAR_MB,
    };
  } finally {
    await stack.stop();
  }
}

function printConfig(r: ConfigResult): void {
  console.log(`### ${r.config}\n`);
  console.log(
    `${r.seedSeconds} s to seed ${Math.max(...STEPS)} users. Open loop, ${CONNECTIONS} keep-alive ` +
      `connections, ${WARMUP_SECONDS} s warm-up + ${STEP_SECONDS} s measured per step.\n`,
  );
  console.log(
    '| users | offered req/s | answered req/s | p50 ms | p99 ms | max ms | slowest route p99 ms | unexpected | app CPU ms/req | app CPU in cores | others CPU ms/req | peak RSS MB per instance | generator CPU ms/req | generator lag p99 ms | within bar |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---|---:|---:|---|');
  for (const s of r.steps) {
    const others = Object.entries(s.othersCpuMsPerRequest)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const answered = s.answeredRate * s.measuredSeconds;
    // Routes with at least 100 answers: a p99 of a handful is its maximum.
    const slowest = s.routes
      .filter((f) => f.count >= 100)
      .reduce<RouteFigures | undefined>((m, f) => (!m || f.p99 > m.p99 ? f : m), undefined);
    console.log(
      `| ${s.users} | ${Math.round(s.offeredRate)} | ${Math.round(s.answeredRate)} | ${s.all.p50} | ${s.all.p99} | ${s.all.max} | ${slowest ? `${slowest.p99} (${slowest.route})` : '-'} | ${s.all.errors} | ${s.appCpuMsPerRequest} | ${s.appCores} | ${others || '-'} | ${s.peakRssMb.join(' / ')} | ${round(s.generatorCpuMs / Math.max(1, answered), 3)} | ${round(s.generatorLagP99)} | ${s.pass ? 'yes' : 'NO'} |`,
    );
  }
  console.log(
    `\n**Capacity: ${r.capacity} concurrently active users** (largest step with p99 <= ${P99_BAR_MS} ms over all requests and 0 unexpected answers${r.config === 'sqlite' ? '; DESIGN §6 bar on SQLite: >= 20,000' : ''}). Peak RSS <= ${RSS_BAR_MB} MB: ${r.rssBarMet ? 'met' : 'NOT met'}.\n`,
  );
  const last = r.steps.at(-1);
  if (last) {
    console.log(`Per route at ${last.users} users:\n`);
    console.log('| route | requests | p50 ms | p99 ms | max ms | unexpected |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const f of last.routes) {
      console.log(`| ${f.route} | ${f.count} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} |`);
    }
    const unexpected = Object.entries(last.unexpected);
    if (unexpected.length > 0) {
      console.log(`\nUnexpected answers: ${unexpected.map(([k, v]) => `${k} x${v}`).join('; ')}`);
    }
    console.log('');
  }
  const rates = ratePerUser(MIX).byRoute;
  console.log(
    `Server CPU time per request, each kind alone at ${r.kinds[0]?.rate ?? '-'}/s for ${CAL_SECONDS} s:\n`,
  );
  console.log('| route | per user per minute | app CPU ms/req | others CPU ms/req | errors |');
  console.log('|---|---:|---:|---|---:|');
  for (const k of r.kinds) {
    const others = Object.entries(k.othersMs)
      .map(([label, v]) => `${label} ${v}`)
      .join(', ');
    console.log(
      `| ${k.route} | ${round((rates.get(k.route) ?? 0) * 60, 3)} | ${k.appMs} | ${others || '-'} | ${k.errors} |`,
    );
  }
  console.log(
    `\nThe mix costs ${r.cpuPerUserMsPerSecond.app} ms of app CPU per active user per second ` +
      `(${r.cpuPerUserMsPerSecond.withOthers} ms with the database, Redis and nginx). On a machine ` +
      `with no load generator, at 100% CPU (an upper bound, no headroom for p99): the app's ` +
      `${r.instances} instance(s), each one Node main thread of at most one core, ` +
      `hold about ${r.dedicatedEstimate.instances} users; the ${os.cpus().length} cores shared by everything ` +
      `about ${r.dedicatedEstimate.machine}; so about ${r.dedicatedEstimate.users}.\n`,
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
    `## Load: the mix per active user (STATS_SHARE=${MIX.statsShare}, PAGE_LOAD_MINUTES=${MIX.pageLoadMinutes}, ` +
      `PLAYLIST_MINUTES=${MIX.playlistMinutes}, POMODORO_MINUTES=${MIX.pomodoroMinutes})\n`,
  );
  console.log('| route | requests per user per minute |');
  console.log('|---|---:|');
  for (const [route, perSecond] of [...rate.byRoute].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${route} | ${round(perSecond * 60, 3)} |`);
  }
  console.log(
    `| **all** | **${round(rate.total * 60, 2)}** (${round(rate.total, 4)} req/s; 20,000 users = ${Math.round(rate.total * 20_000)} req/s) |\n`,
  );
  if (SMOKE) console.log('Smoke run (STEP_SECONDS <= 15): the figures are not a measurement.\n');

  const results: ConfigResult[] = [];
  for (const name of ENGINES) {
    if (!CONFIGS.includes(name))
      throw new Error(`ENGINES: unknown ${name} (${CONFIGS.join(', ')})`);
    const result = await measureConfig(name);
    results.push(result);
    printConfig(result);
  }
  const one = results.find((r) => r.config === 'postgres');
  const two = results.find((r) => r.config === 'postgres-x2');
  if (one && two) {
    const ratio = one.capacity > 0 ? `${round(two.capacity / one.capacity, 2)}x` : 'n/a';
    console.log(
      `Two instances against one on PostgreSQL: ${ratio} (bar >= 1.6x; ` +
        'on one 2-core machine shared with the load generator the second instance has no cores of its own).\n',
    );
  }
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `load-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        when: new Date().toISOString(),
        machine: { cores: os.cpus().length, memoryGb: round(os.totalmem() / 2 ** 30) },
        settings: {
          STEP_SECONDS,
          WARMUP_SECONDS,
          STEPS,
          CONNECTIONS,
          HISTORY_SESSIONS,
          CAL_RATE,
          CAL_SECONDS,
          GUARD_SECONDS,
          GUARD_ROUNDS,
          smoke: SMOKE,
          mix: MIX,
        },
        ratePerUser: Object.fromEntries(rate.byRoute),
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Written to ${path.relative(ROOT, file)}`);
}

await main();
