/**
 * GET /api/users/me/export (decision 034) for a user at the limits, through the real built
 * server on SQLite: 100,000 focus sessions (SESSIONS), alone and with 200 playlists of 500
 * tracks (the playlist limits, about 35 MB). Per case: bytes, sequential median and max time to
 * the last byte, the server's peak RSS above its idle RSS while the export is sent (VmRSS every
 * 20 ms), and the slowest GET /api/health asked over and over meanwhile (how long the export
 * keeps other requests waiting). The first answer is parsed and checked (every session there).
 * Baselines in the same run: GET /api/auth/me of the same user, and GET /api/health alone (its
 * slowest answer is what the machine's own noise adds to "health max"), both sequential.
 *
 * Sessions and playlists are seeded straight into the database.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/export.ts        (RUNS=5 SESSIONS=100000)
 */
import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rssMb, startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.RUNS ?? 5);
const SESSIONS = Number(process.env.SESSIONS ?? 100_000);

async function registerUser(server: RunningServer): Promise<{ token: string; id: string }> {
  const tag = randomBytes(4).toString('hex');
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench export',
      username: `bench_${tag}`,
      email: `bench_${tag}@example.com`,
      password: 'correct horse battery staple 42',
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

function open(server: RunningServer) {
  const db = new Database(path.join(server.dataDir, 'focusroom.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** `count` sessions of 25 minutes, one every 50 minutes back from now, realistic task labels. */
function seedSessions(server: RunningServer, userId: string, count: number) {
  const db = open(server);
  const insert = db.prepare(
    `insert into focus_sessions (id, user_id, client_id, duration, task, completed, start_time,
       end_time, created_at, updated_at)
     values (?, ?, ?, 25, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const start = new Date(now - (i + 1) * 50 * 60_000).toISOString();
      const end = new Date(Date.parse(start) + 25 * 60_000).toISOString();
      insert.run(
        randomUUID(),
        userId,
        randomUUID(),
        `Write chapter ${i % 40}: draft, then revise`,
        i % 7 === 0 ? 0 : 1,
        start,
        end,
        end,
        end,
      );
    }
  })();
  db.close();
}

function seedPlaylists(server: RunningServer, userId: string, playlists: number, tracks: number) {
  const db = open(server);
  const insertPlaylist = db.prepare(
    `insert into playlists (id, user_id, name, description, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const insertTrack = db.prepare(
    `insert into playlist_tracks (id, playlist_id, position, title, artist, url, artwork,
       duration, source, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'youtube', ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let p = 0; p < playlists; p++) {
      const id = randomUUID();
      const at = new Date(now - p * 60_000).toISOString();
      insertPlaylist.run(id, userId, `Focus mix ${p}`, 'Instrumental, no lyrics', at, at);
      for (let t = 0; t < tracks; t++) {
        const video = randomBytes(8).toString('base64url').slice(0, 11);
        insertTrack.run(
          randomUUID(),
          id,
          t,
          `Lofi beats to study to, part ${t} (official audio)`,
          `Artist ${t % 37}`,
          `https://www.youtube.com/watch?v=${video}`,
          `https://i.ytimg.com/vi/${video}/hqdefault.jpg`,
          180 + (t % 120),
          at,
        );
      }
    }
  })();
  db.close();
}

/** Sequential GET `url` until `done()`; each answer's milliseconds. */
async function askWhile(
  server: RunningServer,
  url: string,
  done: () => boolean,
  token?: string,
): Promise<number[]> {
  const samples: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${server.url}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
  return samples;
}

/** VmRSS of the server every 20 ms until stopped; the highest, in MB. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

async function measure(server: RunningServer, label: string, token: string, sessions: number) {
  const times: number[] = [];
  const waits: number[] = [];
  const rssAbove: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS + 1; run++) {
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssMb(server.pid);
    const stopRss = sampleRss(server.pid);
    let done = false;
    const health = askWhile(server, '/api/health', () => done);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/users/me/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    done = true;
    const healthSamples = await health;
    const peak = stopRss();
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    if (run === 0) {
      // Warm-up, and the check that the document is whole.
      const document = JSON.parse(Buffer.from(body).toString('utf8')) as { sessions: unknown[] };
      if (document.sessions.length !== sessions) {
        throw new Error(`export held ${document.sessions.length} sessions, not ${sessions}`);
      }
      continue;
    }
    bytes = body.byteLength;
    times.push(elapsed);
    waits.push(Math.max(...healthSamples));
    rssAbove.push(peak - idle);
  }
  return {
    case: label,
    MB: round(bytes / 1e6, 1),
    'median ms': round(percentile(times, 50)),
    'max ms': round(Math.max(...times)),
    'RSS above idle, median MB': round(percentile(rssAbove, 50)),
    'RSS above idle, max MB': round(Math.max(...rssAbove)),
    'health max ms (median of runs)': round(percentile(waits, 50)),
    'health max ms (worst)': round(Math.max(...waits)),
  };
}

async function main() {
  const server = await startServer();
  const sessionsOnly = await registerUser(server);
  seedSessions(server, sessionsOnly.id, SESSIONS);
  const atLimits = await registerUser(server);
  seedSessions(server, atLimits.id, SESSIONS);
  seedPlaylists(server, atLimits.id, 200, 500);

  let asked = 0;
  const baseline = await askWhile(server, '/api/auth/me', () => asked++ >= 200, atLimits.token);
  console.log(
    `baseline GET /api/auth/me: median ${round(percentile(baseline, 50), 2)} ms, ` +
      `p99 ${round(percentile(baseline, 99), 2)} ms (${baseline.length} requests)`,
  );
  asked = 0;
  const healthAlone = await askWhile(server, '/api/health', () => asked++ >= 500);
  console.log(
    `baseline GET /api/health alone: median ${round(percentile(healthAlone, 50), 2)} ms, ` +
      `p99 ${round(percentile(healthAlone, 99), 2)} ms, max ${round(Math.max(...healthAlone), 1)} ms ` +
      `(${healthAlone.length} requests)`,
  );
  const rows = [
    await measure(server, `${SESSIONS} sessions`, sessionsOnly.token, SESSIONS),
    await measure(server, `${SESSIONS} sessions + 200x500 playlists`, atLimits.token, SESSIONS),
  ];
  console.table(rows);
  console.log(`server peak RSS over the whole run: ${round(server.peakRssMb())} MB`);
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
