/**
 * The live channel (issue 33; decision 081) under many open tabs: for each deployment of
 * DEPLOYMENTS (one SQLite instance; two instances on one PostgreSQL with Redis between them) and
 * each count of TABS, from a fresh start of the deployment on freshly seeded accounts, each
 * account with two tabs (a laptop and a phone). The tabs are held by child processes
 * (lib/live-tabs.ts) and do what a real tab does: hello, then a ping every 20 s. On two
 * instances the tabs connect to the instances directly, half to each, an account's two tabs on
 * different instances, so every change reaches the other tab through Redis. Against baselines
 * taken in the same run on the same processes it measures:
 * - memory per idle connection: the instances' RSS with every tab open and idle for QUIET_MS
 *   against their RSS before any was (DESIGN §6: <= 16 KB);
 * - the idle cost: the instances' CPU time over QUIET_MS with every tab open (every tab pings
 *   once in 20 s; sessions are checked every 400 ms) against the same stretch with none;
 * - fan-out: from a press sent by HTTP to its arrival on the account's other tab, against the
 *   press's own HTTP round trip (DESIGN §6: p99 <= 1 s);
 * - CPU per message: the instances' CPU time over the presses on accounts with tabs divided by
 *   the timer messages the tabs received meanwhile (presses x 2), and, apart, the same minus the
 *   CPU of as many presses on accounts with no tab open (interleaved blocks of BLOCK presses).
 *
 * One process cannot hold more sockets than its limit on open files (20,000 here, `ulimit -Hn`,
 * not raisable): an instance is given at most what fits under its limit with FD_HEADROOM to
 * spare, rounded down to a thousand, and a step asking for more is measured at that and says so.
 *
 *   npx tsx --conditions=source bench/live-fanout.ts
 *   (TABS=1000,10000,20000 DEPLOYMENTS=sqlite,postgres-x2 PRESSES=1000 QUIET_MS=20000)
 */
import { LIVE_PING_INTERVAL_MS, retryAfterDelay } from '@focusroom/core';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { CONFIGS, startStack, type ConfigName, type Stack } from './lib/load-stack.js';
import { cpuNs } from './lib/load-procs.js';
import { shedWatcher } from './lib/shed-watcher.js';
import { monotonicMs, TabFleet, type HolderStats, type TabSpec } from './lib/live-tabs.js';
import { rssMb } from './lib/server.js';
import { percentile } from './lib/stats.js';

const TABS = (process.env.TABS ?? '1000,10000,20000').split(',').map(Number);
const DEPLOYMENTS = (process.env.DEPLOYMENTS ?? 'sqlite,postgres-x2').split(',') as ConfigName[];
/** Presses on accounts with tabs, and as many on accounts with none. */
const PRESSES = Number(process.env.PRESSES ?? 1_000);
const QUIET_MS = Number(process.env.QUIET_MS ?? LIVE_PING_INTERVAL_MS);
const BLOCK = Number(process.env.BLOCK ?? 50);
/** Descriptors an instance keeps free beyond its sockets (database, Redis, the presses' HTTP). */
const FD_HEADROOM = Number(process.env.FD_HEADROOM ?? 500);
/** Hellos in flight per holder process while the tabs open. */
const OPEN_CONCURRENCY = Number(process.env.OPEN_CONCURRENCY ?? 50);
const SETTLE_MS = 2_000;
/**
 * At most this many tabs per instance besides the open-file limit (default none): to start a
 * step below counts an earlier run found an instance shedding at.
 */
const MAX_TABS_PER_INSTANCE = Number(process.env.MAX_TABS_PER_INSTANCE ?? Infinity);

for (const name of DEPLOYMENTS) {
  if (!CONFIGS.includes(name)) throw new Error(`DEPLOYMENTS: unknown ${name}`);
}
for (const n of TABS) if (!(n >= 2)) throw new Error(`TABS: ${n} is not a count of tabs`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function openFileLimit(pid: number): number {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Infinity);
}

function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface PressKind {
  roundTrips: number[];
  fanOut: number[];
  /** CPU time of the instances (ns), of each other group (ns), and wall time (ms). */
  cpuNs: number;
  othersNs: number[];
  wallMs: number;
}

interface StepResult {
  deployment: ConfigName;
  asked: number;
  tabs: number;
  instances: number;
  fdLimit: number;
  fdsAtStart: number;
  fdsOpen: number;
  perInstanceCap: number;
  /** What the open-file limit alone allows an instance. */
  fdCap: number;
  rssBefore: number;
  rssJustOpen: number;
  rssOpen: number;
  openMs: number;
  quietNoneMs: number;
  quietOpenMs: number;
  quietPongs: number;
  quietPings: number;
  closedByServer: Record<string, number>;
  withTabs: PressKind;
  noTab: PressKind;
  messages: number;
  otherLabels: string[];
  holders: HolderStats;
  /** The instances' warnings that they shed load during the step. */
  shed: string[];
  /** Press attempts answered 503 and sent again. */
  shedPresses: number;
}

/** Press attempts an instance refused with 503 (shedding load) in a step before it is given up. */
const MAX_SHED_PRESSES = 20;

class ShedPresses extends Error {}

/**
 * One press by HTTP. A 503 with Retry-After is sent again as the web app does (core
 * retryAfterDelay), the round trip counted from the first attempt; `shed` counts those answers.
 */
async function press(
  url: string,
  token: string,
  id: string,
  device: string,
  baseVersion: number,
  shed: { count: number },
): Promise<{ sent: number; roundTrip: number }> {
  const sent = monotonicMs();
  for (let retry = 1; ; retry++) {
    const response = await fetch(`${url}/api/timer/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [
          {
            id,
            device,
            baseVersion,
            at: Date.now(),
            action: { type: baseVersion % 2 === 0 ? 'start' : 'pause' },
          },
        ],
      }),
    });
    const text = await response.text();
    if (response.status === 200) return { sent, roundTrip: monotonicMs() - sent };
    const wait =
      response.status === 503
        ? retryAfterDelay(Number(response.headers.get('retry-after') ?? 1), retry)
        : null;
    if (response.status === 503 && ++shed.count > MAX_SHED_PRESSES) {
      throw new ShedPresses(`more than ${MAX_SHED_PRESSES} press attempts answered 503`);
    }
    if (wait === null && response.status === 503) {
      throw new ShedPresses(`a press answered 503 ${retry} times in a row`);
    }
    if (wait === null) throw new Error(`press: ${response.status} ${text}`);
    await sleep(wait);
  }
}

/** A step whose tabs did not all open because an instance refused them (503: shedding load). */
class Refused extends Error {
  constructor(
    message: string,
    readonly tried: number,
    readonly openWhenRefused: number,
    options: ErrorOptions,
  ) {
    super(message, options);
  }
}

async function measureStep(
  deployment: ConfigName,
  asked: number,
  only?: number,
): Promise<StepResult> {
  const watcher = shedWatcher(log);
  const options = {
    proxy: false,
    // The instances warn when they shed load (nothing else is logged at warn while all is well).
    env: { LOG_LEVEL: 'warn' },
    onLog: watcher.onLog,
  };
  // Once more after a failed start (a run once saw all three starts after a big step fail).
  const stack: Stack = await startStack(deployment, options).catch(async (error: Error) => {
    log(`${deployment}: start failed (${error.message}); again in 10 s`);
    await sleep(10_000);
    return startStack(deployment, options);
  });
  let fleet: TabFleet | undefined;
  try {
    const servers = stack.instances;
    const pids = servers.map((s) => s.pid);
    const n = servers.length;
    const fdLimit = Math.min(...pids.map(openFileLimit));
    const fdsAtStart = Math.max(...pids.map(openFiles));
    const fdCap = Math.floor((fdLimit - fdsAtStart - FD_HEADROOM) / 1_000) * 1_000;
    const perInstanceCap = Math.min(fdCap, MAX_TABS_PER_INSTANCE);
    // An account's two tabs: on one instance, or on two (one on each) when there are two.
    const tabs = Math.floor(Math.min(asked, only ?? Infinity, perInstanceCap * n) / 2) * 2;
    const accounts = tabs / 2;
    log(`${deployment}: ${tabs} tabs (${asked} asked), seeding ${accounts} + ${PRESSES} accounts`);
    const users = await stack.seed({ users: accounts + PRESSES, historySessions: 0 });
    const withTabs = users.slice(0, accounts);
    const noTab = users.slice(accounts);
    const rss = () => Math.round(sum(pids.map(rssMb)) * 10) / 10;

    await sleep(SETTLE_MS);
    let cpu = cpuNs(pids);
    await sleep(QUIET_MS);
    const quietNoneMs = (cpuNs(pids) - cpu) / 1e6;
    const rssBefore = rss();

    const laptopOn = (a: number) => servers[a % n]!;
    const phoneOn = (a: number) => servers[(a + 1) % n]!;
    const specs: TabSpec[] = withTabs.flatMap((user, a) => [
      { key: 2 * a, url: laptopOn(a).url, token: user.token, device: `laptop-${a}` },
      { key: 2 * a + 1, url: phoneOn(a).url, token: user.token, device: `phone-${a}` },
    ]);
    fleet = await TabFleet.start(tabs);
    log(`${deployment}: opening ${tabs} tabs in ${fleet.pids.length} holder processes`);
    const openStart = monotonicMs();
    try {
      await fleet.open(specs, OPEN_CONCURRENCY);
    } catch (error) {
      const stats = await fleet.stats();
      const ready = await Promise.all(
        servers.map((s) =>
          fetch(`${s.url}/api/ready`)
            .then((r) => r.text())
            .catch((e: Error) => e.message),
        ),
      );
      const message =
        `${tabs} tabs tried, ${stats.open} open when given up: ${(error as Error).message}; ` +
        `RSS ${rss()} MB, /api/ready ${ready.join(', ')}, attempts refused ${JSON.stringify(stats.refused)}, ` +
        `shedding warnings (one per 10 s at most): ${watcher.shed.slice(0, 8).join('; ') || 'none'}`;
      if (stats.refused['503']) throw new Refused(message, tabs, stats.open, { cause: error });
      throw new Error(message, { cause: error });
    }
    const openMs = monotonicMs() - openStart;
    await sleep(SETTLE_MS);
    const rssJustOpen = rss();
    const fdsOpen = Math.max(...pids.map(openFiles));

    log(`${deployment}: ${tabs} tabs open in ${Math.round(openMs)} ms; quiet ${QUIET_MS} ms`);
    const before = await fleet.stats();
    cpu = cpuNs(pids);
    await sleep(QUIET_MS);
    const quietOpenMs = (cpuNs(pids) - cpu) / 1e6;
    const after = await fleet.stats();
    const rssOpen = rss();
    if (after.open !== tabs) throw new Error(`${tabs - after.open} tabs closed while quiet`);

    log(`${deployment}: ${PRESSES} presses with tabs and ${PRESSES} with none, in turns`);
    const others = stack.others.filter((g) => !g.label.startsWith('PostgreSQL'));
    const kind = (): PressKind => ({
      roundTrips: [],
      fanOut: [],
      cpuNs: 0,
      othersNs: others.map(() => 0),
      wallMs: 0,
    });
    const result = { withTabs: kind(), noTab: kind() };
    const versions = new Map<number, number>();
    const timersBefore = (await fleet.stats()).timers;
    const shed = { count: 0 };
    try {
      for (let done = 0; done < PRESSES; done += BLOCK) {
        const count = Math.min(BLOCK, PRESSES - done);
        // Which kind goes first alternates, so neither always follows the other.
        const order =
          (done / BLOCK) % 2 === 0
            ? (['withTabs', 'noTab'] as const)
            : (['noTab', 'withTabs'] as const);
        for (const which of order) {
          const into = result[which];
          const otherPids = others.map((g) => g.pids());
          const cpu0 = cpuNs(pids);
          const others0 = otherPids.map((p) => cpuNs(p));
          const wall0 = monotonicMs();
          for (let i = done; i < done + count; i++) {
            if (which === 'noTab') {
              const user = noTab[i]!;
              const { roundTrip } = await press(
                servers[i % n]!.url,
                user.token,
                `none-${i}`,
                `laptop-x${i}`,
                0,
                shed,
              );
              into.roundTrips.push(roundTrip);
              continue;
            }
            // Presses spread over the accounts; an account pressed again goes on from its version.
            const a = PRESSES <= accounts ? Math.floor((i * accounts) / PRESSES) : i % accounts;
            const version = versions.get(a) ?? 0;
            versions.set(a, version + 1);
            const heard = fleet.heard(2 * a + 1, version);
            // Awaited below; if the press fails first, its rejection is not left unhandled.
            heard.catch(() => undefined);
            const { sent, roundTrip } = await press(
              laptopOn(a).url,
              withTabs[a]!.token,
              `tabs-${i}`,
              `laptop-${a}`,
              version,
              shed,
            );
            into.roundTrips.push(roundTrip);
            into.fanOut.push((await heard) - sent);
          }
          into.wallMs += monotonicMs() - wall0;
          into.cpuNs += cpuNs(pids) - cpu0;
          otherPids.forEach((p, g) => (into.othersNs[g]! += cpuNs(p) - others0[g]!));
        }
      }
    } catch (error) {
      if (!(error instanceof ShedPresses)) throw error;
      const message =
        `${tabs} tabs open, ${error.message} after ${result.withTabs.roundTrips.length + result.noTab.roundTrips.length} presses; ` +
        `RSS ${rss()} MB; shedding warnings (one per 10 s at most): ${watcher.shed.slice(0, 8).join('; ') || 'none'}`;
      throw new Refused(message, tabs, tabs, { cause: error });
    }
    await sleep(200);
    const holders = await fleet.stats();
    return {
      deployment,
      asked,
      tabs,
      instances: n,
      fdLimit,
      fdsAtStart,
      fdsOpen,
      perInstanceCap,
      fdCap,
      rssBefore,
      rssJustOpen,
      rssOpen,
      openMs,
      quietNoneMs,
      quietOpenMs,
      quietPongs: after.pongs - before.pongs,
      quietPings: after.pingsSent - before.pingsSent,
      closedByServer: holders.closedByServer,
      ...result,
      messages: holders.timers - timersBefore,
      otherLabels: others.map((g) => g.label),
      holders,
      shed: watcher.shed,
      shedPresses: shed.count,
    };
  } finally {
    await fleet?.stop();
    await stack.stop();
  }
}

const f1 = (v: number) => v.toFixed(1);
const count = (v: number) => v.toLocaleString('en-US');
const p = (values: number[], q: number) => percentile(values, q);

function table(results: StepResult[]): string {
  const head = results.map((r) =>
    r.tabs === r.asked
      ? `${count(r.tabs)} tabs`
      : `${count(r.tabs)} tabs (${count(r.asked)} asked)`,
  );
  const quietS = QUIET_MS / 1000;
  const rows: [string, (r: StepResult) => string][] = [
    ['instances; tabs on each', (r) => `${r.instances}; ${count(r.tabs / r.instances)}`],
    [
      'open files per instance: limit, at start, with every tab open',
      (r) => `${count(r.fdLimit)}, ${r.fdsAtStart}, ${count(r.fdsOpen)}`,
    ],
    [
      'time to open every tab (attempts refused and tried again, by reason)',
      (r) => {
        const refused = Object.entries(r.holders.refused).map(([why, n]) => `${why}: ${count(n)}`);
        return `${f1(r.openMs / 1000)} s (${refused.join(', ') || 'none'})`;
      },
    ],
    ['RSS before any tab (baseline; instances summed)', (r) => `${f1(r.rssBefore)} MB`],
    ['RSS 2 s after the last tab opened', (r) => `${f1(r.rssJustOpen)} MB`],
    [`RSS after ${quietS} s idle with every tab open`, (r) => `${f1(r.rssOpen)} MB`],
    [
      'memory per idle connection (bar <= 16 KB)',
      (r) => `${f1(((r.rssOpen - r.rssBefore) * 1024) / r.tabs)} KB`,
    ],
    [
      'memory per idle connection over the previous step (fixed costs cancel)',
      (r) => {
        const previous = results[results.indexOf(r) - 1];
        if (!previous || previous.tabs >= r.tabs) return '-';
        const grew = r.rssOpen - r.rssBefore - (previous.rssOpen - previous.rssBefore);
        return `${f1((grew * 1024) / (r.tabs - previous.tabs))} KB`;
      },
    ],
    [
      `server CPU over ${quietS} s quiet, no tab (baseline)`,
      (r) => `${Math.round(r.quietNoneMs)} ms`,
    ],
    [
      `server CPU over ${quietS} s quiet, every tab open (pings answered)`,
      (r) => `${Math.round(r.quietOpenMs)} ms (${count(r.quietPongs)})`,
    ],
    [
      'press round trip p50 / p99, account with tabs (baseline)',
      (r) => `${f1(p(r.withTabs.roundTrips, 50))} / ${f1(p(r.withTabs.roundTrips, 99))} ms`,
    ],
    [
      'press round trip p50 / p99, account with no tab',
      (r) => `${f1(p(r.noTab.roundTrips, 50))} / ${f1(p(r.noTab.roundTrips, 99))} ms`,
    ],
    [
      'press to the other tab p50 / p99 (bar p99 <= 1 s)',
      (r) => `${f1(p(r.withTabs.fanOut, 50))} / ${f1(p(r.withTabs.fanOut, 99))} ms`,
    ],
    ['press to the other tab, worst', (r) => `${f1(Math.max(...r.withTabs.fanOut))} ms`],
    [
      'timer messages the tabs received over the presses (presses x 2)',
      (r) => `${count(r.messages)} (${count(r.withTabs.roundTrips.length * 2)})`,
    ],
    [
      'server CPU over the presses with tabs / with no tab',
      (r) => `${Math.round(r.withTabs.cpuNs / 1e6)} / ${Math.round(r.noTab.cpuNs / 1e6)} ms`,
    ],
    [
      'CPU per message, all in (CPU over the presses with tabs / messages)',
      (r) => `${Math.round(r.withTabs.cpuNs / 1e3 / r.messages)} µs`,
    ],
    [
      'CPU per message, fan-out alone (minus the presses with no tab, idle CPU for the extra wall time)',
      (r) => {
        const idleNsPerMs = (r.quietOpenMs * 1e6) / QUIET_MS;
        const extra =
          r.withTabs.cpuNs - r.noTab.cpuNs - idleNsPerMs * (r.withTabs.wallMs - r.noTab.wallMs);
        return `${Math.round(extra / 1e3 / r.messages)} µs`;
      },
    ],
  ];
  const labels = results[0]?.otherLabels ?? [];
  labels.forEach((label, g) =>
    rows.push([
      `${label} CPU over the presses with tabs / with no tab`,
      (r) =>
        `${Math.round(r.withTabs.othersNs[g]! / 1e6)} / ${Math.round(r.noTab.othersNs[g]! / 1e6)} ms`,
    ]),
  );
  rows.push([
    "sockets the server closed; tab holders' CPU over the step",
    (r) => `${sum(Object.values(r.closedByServer))}; ${count(Math.round(r.holders.cpuMs))} ms`,
  ]);
  rows.push([
    'load shed by an instance (its warnings, one per 10 s at most)',
    (r) =>
      `${r.shed.length === 0 ? 'none' : r.shed.join('; ')}; presses answered 503 and sent again: ${r.shedPresses}`,
  ]);
  const lines = [
    `| measure | ${head.join(' | ')} |`,
    `| --- |${head.map(() => ' ---: |').join('')}`,
  ];
  for (const [label, cell] of rows) lines.push(`| ${label} | ${results.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

async function main(): Promise<void> {
  console.log(
    `live channel: TABS=${TABS.join(',')} DEPLOYMENTS=${DEPLOYMENTS.join(',')} PRESSES=${PRESSES} ` +
      `QUIET_MS=${QUIET_MS} BLOCK=${BLOCK}; ${os.cpus().length} cores, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  );
  for (const deployment of DEPLOYMENTS) {
    const loadBefore = load();
    const results: StepResult[] = [];
    const failures: string[] = [];
    for (const asked of TABS) {
      try {
        let result: StepResult | undefined;
        let only: number | undefined;
        for (let attempt = 1; !result; attempt++) {
          try {
            result = await measureStep(deployment, asked, only);
          } catch (error) {
            if (!(error instanceof Refused)) throw error;
            // The instances shed load (refused tabs or presses): measured again from a fresh
            // start a tenth below the tabs open when they did, rounded down to a thousand.
            const fewer = Math.floor((error.openWhenRefused * 0.9) / 1_000) * 1_000;
            log(`${deployment}: ${error.message}`);
            const again = attempt < 3 && fewer >= 2;
            failures.push(
              `${count(error.tried)} tabs (${count(asked)} asked) could not be held: ${error.message}; ` +
                (again ? `measured again with ${count(fewer)}.` : 'given up.'),
            );
            if (!again) throw error;
            only = fewer;
          }
        }
        results.push(result);
        const { withTabs, noTab, ...figures } = result;
        log(
          `${deployment}: ${JSON.stringify({
            ...figures,
            fanOut: [50, 99].map((q) => p(withTabs.fanOut, q)),
            roundTrip: [50, 99].map((q) => p(withTabs.roundTrips, q)),
            cpuMs: [withTabs.cpuNs / 1e6, noTab.cpuNs / 1e6],
            wallMs: [withTabs.wallMs, noTab.wallMs],
          })}`,
        );
      } catch (error) {
        log(`${deployment}: ${asked} tabs failed: ${(error as Error).message}`);
        failures.push(`${count(asked)} tabs asked: not measured: ${(error as Error).message}`);
      }
    }
    const loadAfter = load();
    console.log(`\n### ${deployment}\n`);
    console.log(`load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}\n`);
    if (results.length > 0) console.log(table(results));
    for (const failure of failures) console.log(`\n${failure}`);
    for (const r of results) {
      if (r.tabs < r.asked && r.tabs === Math.floor((r.perInstanceCap * r.instances) / 2) * 2) {
        console.log(
          `\n${count(r.asked)} tabs asked, ${count(r.tabs)} measured: an instance may hold ${count(r.fdLimit)} open ` +
            `files (hard limit) and had ${r.fdsAtStart} open before any tab; with ${FD_HEADROOM} to spare ` +
            `it takes at most ${count(r.fdCap)} sockets` +
            (r.perInstanceCap < r.fdCap
              ? `, and MAX_TABS_PER_INSTANCE held it to ${count(r.perInstanceCap)}.`
              : '.'),
        );
      }
    }
  }
}

await main();
