/**
 * GET /api/playlists at 10 playlists x 20 tracks, 200 x 50 and 200 x 500 (the limits), through
 * the real built server on SQLite (decision 015): bytes of the answer, sequential median and
 * max time to the last byte, and how long the server kept other requests waiting meanwhile:
 * GET /api/health is asked over and over while each list is being sent, and its slowest answer
 * is how long one list held the event loop at most. Baseline: GET /api/health alone, same run.
 *
 * Playlists and tracks are seeded straight into the database (one user per size).
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/playlists-list.ts        (RUNS=10 SIZES=10x20,200x50,200x500)
 */
import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.RUNS ?? 10);
const SIZES = (process.env.SIZES ?? '10x20,200x50,200x500').split(',').map((size) => {
  const [playlists, tracks] = size.split('x').map(Number);
  return { playlists: playlists!, tracks: tracks! };
});

async function registerUser(server: RunningServer): Promise<{ token: string; id: string }> {
  const tag = randomBytes(4).toString('hex');
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench playlists',
      username: `bench_${tag}`,
      email: `bench_${tag}@example.com`,
      password: 'correct horse battery staple 42',
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/** Playlists of realistic tracks (YouTube-like urls and titles) for one user. */
function seed(server: RunningServer, userId: string, playlists: number, tracks: number) {
  const db = new Database(path.join(server.dataDir, 'focusroom.db'));
  db.pragma('busy_timeout = 5000');
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

/** Sequential GET /api/health until `done()`; each answer's milliseconds. */
async function healthWhile(server: RunningServer, done: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/health`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
  }
  return samples;
}

async function main() {
  const server = await startServer();
  const users = [];
  for (const size of SIZES) {
    const user = await registerUser(server);
    seed(server, user.id, size.playlists, size.tracks);
    users.push({ ...size, token: user.token });
  }

  let asked = 0;
  const alone = await healthWhile(server, () => asked++ >= 200);
  console.log(
    `GET /api/health alone: median ${round(percentile(alone, 50), 2)} ms, ` +
      `max ${round(Math.max(...alone), 2)} ms (${alone.length} requests)`,
  );

  const rows = [];
  for (const user of users) {
    const times: number[] = [];
    const waits: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      let done = false;
      const health = healthWhile(server, () => done);
      const started = performance.now();
      const response = await fetch(`${server.url}/api/playlists`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = await response.arrayBuffer();
      const elapsed = performance.now() - started;
      done = true;
      const healthSamples = await health;
      if (response.status !== 200) throw new Error(`/api/playlists answered ${response.status}`);
      if (run === 0) continue; // warm-up
      bytes = body.byteLength;
      times.push(elapsed);
      waits.push(Math.max(...healthSamples));
    }
    rows.push({
      size: `${user.playlists} x ${user.tracks}`,
      MB: round(bytes / 1e6, 2),
      'median ms': round(percentile(times, 50)),
      'max ms': round(Math.max(...times)),
      'health max ms (median of runs)': round(percentile(waits, 50)),
      'health max ms (worst)': round(Math.max(...waits)),
    });
  }
  console.table(rows);
  console.log(`server peak RSS: ${round(server.peakRssMb())} MB`);
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
