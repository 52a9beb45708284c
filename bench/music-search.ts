/**
 * The music endpoints on the built server (SQLite), against baselines in the same run:
 *
 * - GET /api/music/search answered from the cache, against the same search when every query is
 *   new (proxied to a local fake of the Data API, so the cost is ours, not the network's), and
 *   against calling that fake directly: sequential latency of each, median and p99.
 * - Throughput (autocannon, interleaved rounds) of a cached search, GET /api/playlists (10
 *   playlists of 20 tracks) and GET /api/playlists/{id} (one of them), against GET /api/health.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/music-search.ts        (DURATION=5 ROUNDS=3 CONNECTIONS=10 SEQUENTIAL=300)
 */
import { randomBytes } from 'node:crypto';
import { startFakeYouTube } from '../apps/server/test/fakes/youtube.mjs';
import { autocannon } from './lib/autocannon.js';
import { json, startServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const median = (samples: readonly number[]) => percentile(samples, 50);

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 300);
const PLAYLISTS = 10;
const TRACKS = 20;

/** Milliseconds of each of `count` sequential GETs of `url(i)`; throws on a non-2xx answer. */
async function sequential(
  count: number,
  url: (i: number) => string,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url(i), { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url(i)} answered ${response.status}`);
  }
  return samples;
}

async function main() {
  const fake = await startFakeYouTube();
  const server = await startServer({
    YOUTUBE_API_KEY: 'bench-key',
    YOUTUBE_API_BASE: fake.baseUrl,
    YOUTUBE_OEMBED_BASE: fake.oembedBase,
    RATE_LIMIT_SEARCH_USER: '100000000/1h',
  });
  const tag = randomBytes(4).toString('hex');
  const { token } = await json<{ token: string }>(server, 'POST', '/api/auth/register', {
    name: 'Bench music',
    username: `bench_${tag}`,
    email: `bench_${tag}@example.com`,
    password: 'correct horse battery staple 42',
  });
  const auth = { authorization: `Bearer ${token}` };

  let playlistId = '';
  for (let p = 0; p < PLAYLISTS; p++) {
    const created = await json<{ id: string }>(
      server,
      'POST',
      '/api/playlists',
      {
        name: `Playlist ${p}`,
        description: 'Bench',
        tracks: Array.from({ length: TRACKS }, (_, t) => ({
          title: `Track ${p}-${t} with a title of ordinary length`,
          artist: `Channel ${t}`,
          url: `https://www.youtube.com/watch?v=${String(p * 100 + t).padStart(11, 'x')}`,
          artwork: `https://i.ytimg.com/vi/${String(p * 100 + t).padStart(11, 'x')}/hqdefault.jpg`,
          source: 'youtube',
        })),
      },
      token,
    );
    playlistId = created.id;
  }

  // Sequential latency: a new query every time (proxied), the same query (cached), the fake alone.
  const searchUrl = (q: string) => `${server.url}/api/music/search?q=${encodeURIComponent(q)}`;
  await sequential(20, (i) => searchUrl(`warm ${i}`), auth);
  await sequential(1, () => searchUrl('cached query'), auth);
  const fakeUrl = (q: string) =>
    `${fake.baseUrl}/search?part=snippet&maxResults=10&type=video&key=k&q=${encodeURIComponent(q)}`;
  const seq = { uncached: [] as number[], cached: [] as number[], upstream: [] as number[] };
  // Interleaved in blocks so drift (GC, a neighbour's load) falls on all three alike.
  const blocks = 5;
  for (let b = 0; b < blocks; b++) {
    const n = Math.ceil(SEQUENTIAL / blocks);
    seq.uncached.push(...(await sequential(n, (i) => searchUrl(`new ${b} ${i} ${tag}`), auth)));
    seq.cached.push(...(await sequential(n, () => searchUrl('cached query'), auth)));
    seq.upstream.push(...(await sequential(n, (i) => fakeUrl(`direct ${b} ${i}`))));
  }
  const upstreamCalls = fake.callsTo('search').length;

  const cases = [
    { name: 'GET /api/health (reference)', path: '/api/health', auth: false },
    {
      name: 'GET /api/music/search (cached)',
      path: '/api/music/search?q=cached%20query',
      auth: true,
    },
    {
      name: `GET /api/playlists (${PLAYLISTS} x ${TRACKS} tracks)`,
      path: '/api/playlists',
      auth: true,
    },
    {
      name: `GET /api/playlists/{id} (${TRACKS} tracks)`,
      path: `/api/playlists/${playlistId}`,
      auth: true,
    },
  ];
  const results = new Map<string, { rps: number[]; p50: number[]; p99: number[] }>();
  let failures = 0;
  for (let r = 1; r <= ROUNDS; r++) {
    for (const c of cases) {
      process.stderr.write(`${c.name}: round ${r}/${ROUNDS}\n`);
      const result = await autocannon({
        url: `${server.url}${c.path}`,
        connections: CONNECTIONS,
        duration: DURATION,
        ...(c.auth ? { headers: auth } : {}),
      });
      if (result.non2xx > 0 || result.errors > 0) failures++;
      const entry = results.get(c.name) ?? { rps: [], p50: [], p99: [] };
      entry.rps.push(result.requests.average);
      entry.p50.push(result.latency.p50);
      entry.p99.push(result.latency.p99);
      results.set(c.name, entry);
    }
  }
  const peak = server.peakRssMb();
  await server.stop();
  await fake.close();

  console.log(
    `Sequential GETs, ${seq.cached.length} of each, interleaved in ${blocks} blocks, one client ` +
      'on the same machine; the fake Data API is local, so "uncached" is our proxy cost plus a ' +
      'local round trip.',
  );
  console.log('');
  console.log('| request | median (ms) | p99 (ms) |');
  console.log('|---|---:|---:|');
  for (const [name, samples] of [
    ['search, cached (same query)', seq.cached],
    ['search, uncached (new query each time, proxied)', seq.uncached],
    ['the fake Data API called directly', seq.upstream],
  ] as const) {
    console.log(
      `| ${name} | ${round(median(samples), 2)} | ${round(percentile(samples, 99), 2)} |`,
    );
  }
  console.log('');
  console.log(
    `Upstream calls made by the server: ${upstreamCalls - seq.upstream.length} for ` +
      `${seq.uncached.length + 20 + 1} distinct queries and ${seq.cached.length} repeats ` +
      '(the cache answered every repeat).',
  );
  console.log('');
  const health = median(results.get(cases[0]!.name)!.rps);
  console.log(
    `autocannon ${CONNECTIONS} connections x ${DURATION} s, ${ROUNDS} rounds interleaved, built ` +
      'server on SQLite; medians of the rounds.',
  );
  console.log('');
  console.log('| request | req/s | vs /api/health | latency p50 / p99 (ms) |');
  console.log('|---|---:|---:|---:|');
  for (const c of cases) {
    const entry = results.get(c.name)!;
    const rps = median(entry.rps);
    console.log(
      `| ${c.name} | ${Math.round(rps)} | ${round((rps / health) * 100)}% | ${median(entry.p50)} / ${median(entry.p99)} |`,
    );
  }
  console.log('');
  console.log(`Server peak RSS: ${peak} MB (bar 200 MB: ${peak <= 200 ? 'met' : 'NOT met'}).`);
  if (failures > 0) {
    console.error(`${failures} load runs had non-2xx answers or errors`);
    process.exit(1);
  }
}

await main();
