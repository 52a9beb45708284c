/**
 * Requests per second of the built server (SQLite) for authenticated reads (GET
 * /api/pomodoro/stats, GET /api/settings) and a write (POST /api/pomodoro/sessions), each
 * against a bare node:http server answering the same bytes, measured in the same run with
 * autocannon (decision 010: reads >= 40% and writes >= 25% of the bare server; server RSS <= 200 MB
 * under load).
 *
 * The bare server runs in its own process, as the real one does, so both share the two cores
 * with autocannon the same way. The user has 1,000 sessions over the last year. GET /api/health
 * (no sign-in, no database, the same security headers) is measured too as a reference: the
 * framework's own ceiling on this machine, with no bar of its own.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/api-throughput.ts        (DURATION=5 ROUNDS=3 CONNECTIONS=10)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon, type AutocannonResult } from './lib/autocannon.js';
import { startServer, type RunningServer } from './lib/server.js';
import { round } from './lib/stats.js';

const DURATION = Number(process.env.DURATION ?? 5);
/** Paired bare/server runs per request; the median ratio is reported (this VM is noisy). */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SEEDED_SESSIONS = 1000;

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

async function main() {
  const server = await startServer();
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
  const bare = await startBareServer(answers);

  const rows: string[] = [];
  let failures = 0;
  try {
    for (const c of CASES) {
      const pairs: { bare: number; ours: number; p50: number; p99: number }[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        process.stderr.write(`${c.name}: round ${round}/${ROUNDS}\n`);
        const baseline = await load(bare.url, token, c);
        const measured = await load(server.url, token, c);
        if (measured.non2xx > 0 || measured.errors > 0) {
          failures++;
          process.stderr.write(`  ${measured.non2xx} non-2xx answers, ${measured.errors} errors\n`);
        }
        pairs.push({
          bare: baseline.requests.average,
          ours: measured.requests.average,
          p50: measured.latency.p50,
          p99: measured.latency.p99,
        });
      }
      pairs.sort((a, b) => a.ours / a.bare - b.ours / b.bare);
      const mid = pairs[Math.floor(pairs.length / 2)]!;
      const ratio = mid.ours / mid.bare;
      const all = pairs.map((p) => `${round((p.ours / p.bare) * 100)}%`).join(', ');
      const bar = c.kind === 'reference' ? null : c.kind === 'read' ? 0.4 : 0.25;
      const verdict = bar === null ? 'no bar' : ratio >= bar ? 'met' : 'NOT met';
      rows.push(
        `| ${c.name} | ${Math.round(mid.bare)} | ${Math.round(mid.ours)} | ${round(ratio * 100)}% (${all}) | ${bar === null ? '-' : `${bar * 100}%`} | ${verdict} | ${mid.p50} / ${mid.p99} |`,
      );
    }
  } finally {
    await bare.stop();
  }
  const peak = server.peakRssMb();
  await server.stop();

  console.log(
    `Requests per second, autocannon ${CONNECTIONS} connections x ${DURATION} s each, SQLite, ` +
      `one signed-in user with ${SEEDED_SESSIONS} sessions; bare node:http answers the same bytes. ` +
      `${ROUNDS} paired rounds per request; the round with the median ratio is shown, all ratios in brackets.`,
  );
  console.log('');
  console.log(
    '| request | bare node:http req/s | Focusroom req/s | ratio (each round) | bar | | server latency p50 / p99 (ms) |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(
    `Server peak RSS under load: ${peak} MB (bar 200 MB: ${peak <= 200 ? 'met' : 'NOT met'})`,
  );
  if (failures > 0) process.exit(1);
}

await main();
