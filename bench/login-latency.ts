/**
 * Login latency through the real built server (SQLite), against a baseline measured in the same
 * process: argon2id verification alone with the production parameters. The difference is what
 * the server adds around the hash (HTTP, validation, database, JWT, session row).
 *
 *   npm run build && npx tsx bench/login-latency.ts
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { startServer, verifyFromOutbox } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.RUNS ?? 60);
/** Algorithm.Argon2id (an ambient const enum that verbatimModuleSyntax cannot read). */
const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

async function main() {
  const password = 'correct horse battery staple 42';
  const stored = await hash(password, ARGON);
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await verify(stored, password);
    baseline.push(performance.now() - t);
  }

  const server = await startServer();
  try {
    const user = { name: 'Bench', username: 'bench_user', email: 'bench@example.com', password };
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (reg.status !== 201) throw new Error(`register answered ${reg.status}`);
    await verifyFromOutbox(server, user.email);
    const timings = {
      byEmail: [] as number[],
      byUsername: [] as number[],
      wrongPassword: [] as number[],
    };
    const attempt = async (body: object) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return { ms: performance.now() - t, status: res.status };
    };
    const statuses = new Set<number>();
    for (let i = 0; i < RUNS; i++) {
      const a = await attempt({ email: user.email, password });
      const b = await attempt({ login: user.username.toUpperCase(), password });
      const c = await attempt({ login: user.username, password: 'wrong password!' });
      timings.byEmail.push(a.ms);
      timings.byUsername.push(b.ms);
      timings.wrongPassword.push(c.ms);
      statuses.add(a.status).add(b.status).add(c.status);
    }
    const row = (name: string, xs: number[]) =>
      `| ${name} | ${round(percentile(xs, 50))} | ${round(percentile(xs, 99))} |`;
    console.log(
      `Login latency, ${RUNS} sequential requests each (ms); statuses seen: ${[...statuses].join(', ')}`,
    );
    console.log('| what | median | p99 |');
    console.log('|---|---|---|');
    console.log(row('baseline: argon2id verify alone (same run)', baseline));
    console.log(row('POST /api/auth/login by email', timings.byEmail));
    console.log(row('POST /api/auth/login by username (other case)', timings.byUsername));
    console.log(row('POST /api/auth/login wrong password', timings.wrongPassword));
    console.log(
      `server overhead over the hash (median): ${round(percentile(timings.byEmail, 50) - percentile(baseline, 50))} ms; server peak RSS ${server.peakRssMb()} MB`,
    );
  } finally {
    await server.stop();
  }
}

await main();
