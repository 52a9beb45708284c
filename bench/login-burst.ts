/**
 * Memory and throughput of the built server (SQLite) under bursts of concurrent sign-ins: each
 * argon2id verification holds 19 MiB while it runs, and the server runs at most one per core at
 * once, the rest queued (PASSWORD_HASH_CONCURRENCY, lib/passwords.ts, decision 033).
 *
 * Two servers run side by side: as configured by default, and with the bound lifted
 * (PASSWORD_HASH_CONCURRENCY=1000, so every verification starts at once and only libuv's four
 * threads hold them back), the baseline. Each has USERS verified users. Bursts of 10, 20 and 50
 * logins at once (different users, all by email with the right password) alternate between the
 * two, ROUNDS times. While each burst runs, the server's VmRSS is read from /proc every 20 ms.
 * Reported per server and burst size: the peak RSS during the burst in the first round (the
 * bursts run in rising size, so it shows how far each size raises it), the peak during any round
 * of that size (RSS a larger burst raised may stay), the median time of the burst, logins per
 * second, and the server's CPU time per login (from /proc, so other work on the machine does not
 * count in it).
 * Bar: peak RSS <= 200 MB for the server as configured.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/login-burst.ts        (BURSTS=10,20,50 ROUNDS=3)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rssMb, startServer, verifyFromOutbox, type RunningServer } from './lib/server.js';
import { round } from './lib/stats.js';

const BURSTS = (process.env.BURSTS ?? '10,20,50').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const USERS = Math.max(...BURSTS);
const SAMPLE_MS = 20;
const RSS_BAR_MB = 200;
const PASSWORD = 'correct horse battery staple 42';

interface Subject {
  label: string;
  server: RunningServer;
  emails: string[];
  /** Highest RSS seen so far while this server was measured, in MB. */
  peak: number;
  /** By burst size, per round: the peak RSS during the burst, its time, the server's CPU time. */
  results: Map<number, { peaks: number[]; ms: number[]; cpuMs: number[] }>;
}

async function makeUsers(server: RunningServer, count: number): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `burst_${tag}_${i}@example.com`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Burst ${i}`,
        username: `burst_${tag}_${i}`,
        email,
        password: PASSWORD,
      }),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
    await verifyFromOutbox(server, email);
    emails.push(email);
  }
  return emails;
}

/** User plus system CPU time of a process so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `size` logins at once: the burst's time, the highest RSS seen and the server's CPU time. */
async function burst(
  subject: Subject,
  size: number,
): Promise<{ ms: number; peak: number; cpu: number }> {
  const { server } = subject;
  const cpuBefore = cpuMs(server.pid);
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const statuses = await Promise.all(
      subject.emails.slice(0, size).map(async (email) => {
        const res = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const failed = statuses.filter((status) => status !== 200);
    if (failed.length > 0) throw new Error(`${failed.length} logins failed: ${failed.join(', ')}`);
    return {
      ms: performance.now() - started,
      peak: Math.max(peak, rssMb(server.pid)),
      cpu: cpuMs(server.pid) - cpuBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const subjects: Subject[] = [];
  try {
    for (const [label, env] of [
      ['bounded (default: one hash per core)', {}],
      [
        'unbounded (PASSWORD_HASH_CONCURRENCY=1000), baseline',
        { PASSWORD_HASH_CONCURRENCY: '1000' },
      ],
    ] as const) {
      const server = await startServer(env);
      subjects.push({ label, server, emails: [], peak: 0, results: new Map() });
    }
    for (const subject of subjects) {
      subject.emails = await makeUsers(subject.server, USERS);
    }
    const idle = subjects.map((s) => `${s.label}: ${rssMb(s.server.pid)} MB`).join('; ');

    for (let r = 1; r <= ROUNDS; r++) {
      for (const size of BURSTS) {
        for (const subject of subjects) {
          process.stderr.write(`round ${r}/${ROUNDS}, ${size} logins at once: ${subject.label}\n`);
          const { ms, peak, cpu } = await burst(subject, size);
          subject.peak = Math.max(subject.peak, peak);
          const result = subject.results.get(size) ?? { peaks: [], ms: [], cpuMs: [] };
          result.peaks.push(peak);
          result.ms.push(ms);
          result.cpuMs.push(cpu);
          subject.results.set(size, result);
        }
      }
    }

    console.log(
      `Bursts of concurrent logins (by email, right password, each user once per burst), SQLite, ` +
        `${USERS} verified users per server, ${ROUNDS} rounds alternating between the servers; ` +
        `VmRSS read every ${SAMPLE_MS} ms. RSS after creating the users: ${idle}.`,
    );
    console.log('');
    console.log(
      '| server | logins at once | peak RSS, round 1 (MB) | peak RSS, any round (MB) | burst time, median (ms) | logins/s (median) | server CPU per login, median (ms) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const subject of subjects) {
      for (const size of BURSTS) {
        const result = subject.results.get(size)!;
        const ms = median(result.ms);
        console.log(
          `| ${subject.label} | ${size} | ${result.peaks[0]} | ${Math.max(...result.peaks)} | ${Math.round(ms)} | ${round((size / ms) * 1000)} | ${round(median(result.cpuMs) / size)} |`,
        );
      }
    }
    console.log('');
    const bounded = subjects[0]!;
    const baseline = subjects[1]!;
    for (const size of BURSTS) {
      const ratio = median(baseline.results.get(size)!.ms) / median(bounded.results.get(size)!.ms);
      console.log(`${size} at once: bounded logins/s = ${round(ratio, 2)}x the baseline's`);
    }
    const met = bounded.peak <= RSS_BAR_MB;
    console.log(
      `Peak RSS, bounded: ${bounded.peak} MB (bar ${RSS_BAR_MB} MB: ${met ? 'met' : 'NOT met'}); ` +
        `baseline: ${baseline.peak} MB`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const subject of subjects) await subject.server.stop();
  }
}

await main();
