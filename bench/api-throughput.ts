/**
 * Requests per second of the built server for authenticated reads (GET /api/pomodoro/stats, GET
 * /api/settings) and a write (POST /api/pomodoro/sessions), each against a bare node:http server
 * answering the same bytes, measured in the same run with autocannon (decision 010: reads >= 40%
 * and writes >= 25% of the bare server; server RSS <= 200 MB under load), on SQLite and on
 * PostgreSQL (a `focusroom_bench_*` database on 127.0.0.1:5432, dropped after).
 *
 * The bare server runs in its own process, as the real one does, so both share the two cores
 * with autocannon the same way. The user has 1,000 sessions over the last year. GET /api/health
 * (no sign-in, no database, the same security headers) is measured too as a reference: the
 * framework's own ceiling on this machine, with no bar of its own.
 *
 * On PostgreSQL the write is measured twice in each round, right after each other: as the server
 * does it (one statement, decision 033) and as it did before, step by step (zone lock, insert,
 * rollup upsert in one transaction) on a second server on the same database, started with
 * `lib/session-write-step-by-step.mjs`, which switches the one statement off (bench only).
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/api-throughput.ts        (DURATION=5 ROUNDS=3 CONNECTIONS=10
 *                                           ENGINES=sqlite,postgres)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { autocannon, type AutocannonResult } from './lib/autocannon.js';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database.js';
import { startServer, type RunningServer } from './lib/server.js';
import { round } from './lib/stats.js';

const DURATION = Number(process.env.DURATION ?? 5);
/** Paired bare/server runs per request; the median ratio is reported (this VM is noisy). */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SEEDED_SESSIONS = 1000;
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const STEP_BY_STEP = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/session-write-step-by-step.mjs'),
).href;

/** A session body with a fresh client_id and times in the last year. */
function sessionBody(): string {
  const start = Date.now() - Math.floor(Math.random() * 365 * 86_400_000);
  return JSON.stringify({
    duration: 25,
    task: 'Benchmark focus',
    completed: true,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 25 * 60_000).toISOString(),
    client_id: randomUUID(),
  });
}

/** The bare node:http server: answers each path with the recorded body and status. */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const answers = JSON.parse(fs.readFileSync(process.env.ANSWERS, 'utf8'));
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST') JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const answer = answers[req.method + ' ' + req.url.split('?')[0]];
    if (!answer) { res.writeHead(404); res.end(); return; }
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(answer.body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send && process.send('ready'));
`;

interface Answer {
  status: number;
  body: string;
}

async function startBareServer(answers: Record<string, Answer>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'focusroom-bare-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = 30_000 + Math.floor(Math.random() * 10_000);
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, ANSWERS: file, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function call(
  server: RunningServer,
  token: string,
  method: string,
  url: string,
  body?: string,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ?? null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return { status: res.status, body: text };
}

interface Case {
  name: string;
  /** reference: no sign-in and no database, the framework's own ceiling here. */
  kind: 'read' | 'write' | 'reference';
  method: 'GET' | 'POST';
  path: string;
}

const CASES: Case[] = [
  { name: 'GET /api/health (reference)', kind: 'reference', method: 'GET', path: '/api/health' },
  { name: 'GET /api/pomodoro/stats', kind: 'read', method: 'GET', path: '/api/pomodoro/stats' },
  { name: 'GET /api/settings', kind: 'read', method: 'GET', path: '/api/settings' },
  {
    name: 'POST /api/pomodoro/sessions',
    kind: 'write',
    method: 'POST',
    path: '/api/pomodoro/sessions',
  },
];

async function load(url: string, token: string, c: Case): Promise<AutocannonResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (c.method === 'POST') headers['content-type'] = 'application/json';
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: c.method,
        path: c.path,
        headers,
        ...(c.method === 'POST'
          ? { setupRequest: (request) => ({ ...request, body: sessionBody() }) }
          : {}),
      },
    ],
  });
}

/** One server under measurement: the app as built, or the bench-only step-by-step write. */
interface Target {
  label: string;
  server: RunningServer;
}

interface Measured {
  bare: number;
  ours: number;
  p50: number;
  p99: number;
}

interface EngineResult {
  engine: string;
  rows: string[];
  peaks: string[];
  /** The write's requests per second in each round, by target label. */
  writes: Map<string, number[]>;
  health: number[];
  failures: number;
}

async function measureEngine(engine: string): Promise<EngineResult> {
  let database: BenchDatabase | undefined;
  // One signing key, so a token works on both servers of the PostgreSQL run.
  const env: Record<string, string> = { JWT_SECRET: randomBytes(32).toString('hex') };
  if (engine === 'postgres') {
    database = await createBenchDatabase();
    env.DATABASE_URL = database.url;
  }
  const servers: RunningServer[] = [];
  try {
    const server = await startServer(env);
    servers.push(server);
    const targets: Target[] = [{ label: 'as built', server }];
    if (engine === 'postgres') {
      // Started after the first so it finds the database migrated.
      const stepByStep = await startServer({ ...env, NODE_OPTIONS: `--import=${STEP_BY_STEP}` });
      servers.push(stepByStep);
      targets.push({ label: 'step by step (before decision 033, bench only)', server: stepByStep });
    }
    return await measureTargets(engine, targets);
  } finally {
    for (const server of servers) await server.stop();
    await database?.drop();
  }
}

async function measureTargets(engine: string, targets: Target[]): Promise<EngineResult> {
  const server = targets[0]!.server;
  const tag = randomBytes(4).toString('hex');
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      username: `bench_${tag}`,
      email: `bench_${tag}@example.com`,
      password: 'correct horse battery staple 42',
    }),
  });
  const { token } = (await registered.json()) as { token: string };
  await call(server, token, 'PUT', '/api/users/me', JSON.stringify({ time_zone: 'Europe/Berlin' }));
  for (let i = 0; i < SEEDED_SESSIONS; i++) {
    await call(server, token, 'POST', '/api/pomodoro/sessions', sessionBody());
  }
  await call(server, token, 'PUT', '/api/settings', JSON.stringify({ pomodoro_duration: 30 }));

  const answers: Record<string, Answer> = {};
  for (const c of CASES) {
    const answer = await call(
      server,
      token,
      c.method,
      c.path,
      c.method === 'POST' ? sessionBody() : undefined,
    );
    answers[`${c.method} ${c.path}`] = answer;
  }
  // Both servers answer the write the same: one session each, in the rollup.
  for (const target of targets.slice(1)) {
    await call(target.server, token, 'POST', '/api/pomodoro/sessions', sessionBody());
  }
  const bare = await startBareServer(answers);

  const result: EngineResult = {
    engine,
    rows: [],
    peaks: [],
    writes: new Map(),
    health: [],
    failures: 0,
  };
  try {
    for (const c of CASES) {
      // The write is measured on every target, each right after the other in the round.
      const measured = c.kind === 'write' ? targets : targets.slice(0, 1);
      const pairs = new Map<string, Measured[]>(measured.map((t) => [t.label, []]));
      for (let round = 1; round <= ROUNDS; round++) {
        process.stderr.write(`${engine} ${c.name}: round ${round}/${ROUNDS}\n`);
        const baseline = await load(bare.url, token, c);
        for (const target of measured) {
          const run = await load(target.server.url, token, c);
          if (run.non2xx > 0 || run.errors > 0) {
            result.failures++;
            process.stderr.write(`  ${run.non2xx} non-2xx answers, ${run.errors} errors\n`);
          }
          pairs.get(target.label)!.push({
            bare: baseline.requests.average,
            ours: run.requests.average,
            p50: run.latency.p50,
            p99: run.latency.p99,
          });
          if (c.kind === 'write') {
            const list = result.writes.get(target.label) ?? [];
            list.push(run.requests.average);
            result.writes.set(target.label, list);
          }
          if (c.kind === 'reference') result.health.push(run.requests.average);
        }
      }
      for (const target of measured) {
        const name = target === targets[0] ? c.name : `${c.name}, ${target.label}`;
        result.rows.push(row(name, c, pairs.get(target.label)!));
      }
    }
  } finally {
    await bare.stop();
  }
  for (const target of targets) {
    const peak = target.server.peakRssMb();
    result.peaks.push(
      `${target.label}: ${peak} MB (bar 200 MB: ${peak <= 200 ? 'met' : 'NOT met'})`,
    );
  }
  return result;
}

/** A table row: the round with the median ratio to the bare server, and every round's ratio. */
function row(name: string, c: Case, rounds: Measured[]): string {
  const pairs = [...rounds].sort((a, b) => a.ours / a.bare - b.ours / b.bare);
  const mid = pairs[Math.floor(pairs.length / 2)]!;
  const ratio = mid.ours / mid.bare;
  const all = rounds.map((p) => `${round((p.ours / p.bare) * 100)}%`).join(', ');
  const bar = c.kind === 'reference' ? null : c.kind === 'read' ? 0.4 : 0.25;
  const verdict = bar === null ? 'no bar' : ratio >= bar ? 'met' : 'NOT met';
  return `| ${name} | ${Math.round(mid.bare)} | ${Math.round(mid.ours)} | ${round(ratio * 100)}% (${all}) | ${bar === null ? '-' : `${bar * 100}%`} | ${verdict} | ${mid.p50} / ${mid.p99} |`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  let failures = 0;
  for (const engine of ENGINES) {
    const result = await measureEngine(engine);
    failures += result.failures;
    console.log(
      `### ${engine}\n\nRequests per second, autocannon ${CONNECTIONS} connections x ${DURATION} s each, ` +
        `one signed-in user with ${SEEDED_SESSIONS} sessions; bare node:http answers the same bytes. ` +
        `${ROUNDS} paired rounds per request; the round with the median ratio is shown, all ratios in brackets.`,
    );
    console.log('');
    console.log(
      '| request | bare node:http req/s | Focusroom req/s | ratio (each round) | bar | | server latency p50 / p99 (ms) |',
    );
    console.log('|---|---:|---:|---:|---:|---|---:|');
    for (const line of result.rows) console.log(line);
    console.log('');
    const [built, ...others] = [...result.writes.entries()];
    if (built) {
      const health = median(result.health);
      console.log(
        `Write against GET /api/health in the same run: ${round((median(built[1]) / health) * 100)}% ` +
          `(median ${Math.round(median(built[1]))} against ${Math.round(health)} req/s)`,
      );
      for (const [label, runs] of others) {
        const ratios = built[1].map((ours, i) => ours / runs[i]!);
        console.log(
          `Write as built against ${label}: ${round(median(ratios), 2)}x ` +
            `(each round: ${ratios.map((r) => `${round(r, 2)}x`).join(', ')}; ` +
            `median ${Math.round(median(built[1]))} against ${Math.round(median(runs))} req/s)`,
        );
      }
    }
    console.log(`Server peak RSS under load: ${result.peaks.join('; ')}`);
    console.log('');
  }
  if (failures > 0) process.exit(1);
}

await main();
