/**
 * The theme lists every client polls (product §4: a check every 5 s, a fetch at most every 60 s
 * per signed-in user) against GET /api/health in the same run: requests per second and latency
 * with autocannon, on the built server (SQLite). GET /api/themes is open to everyone (the ten
 * standard themes); GET /api/themes/custom/public is the gallery, here 200 public themes of 20
 * users with their usernames. Also the time to create a theme with a 1.5 MB photo-like upload
 * (sniffed, re-encoded to WebP by sharp) and the server's peak RSS meanwhile.
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/themes-latency.ts        (DURATION=5 ROUNDS=3 CONNECTIONS=10)
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SharpModule from 'sharp';
import { autocannon } from './lib/autocannon.js';
import { ROOT, json, startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const median = (samples: readonly number[]) => percentile(samples, 50);

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const USERS = 20;
const PUBLIC_THEMES_PER_USER = 10;
const UPLOADS = 8;

// sharp is the server's dependency; the benchmark borrows it to make a photo-like image.
const sharp = createRequire(path.join(ROOT, 'apps/server/package.json'))(
  'sharp',
) as typeof SharpModule;

async function registerUser(server: RunningServer, i: number): Promise<string> {
  const tag = `${randomBytes(3).toString('hex')}${i}`;
  const { token } = await json<{ token: string }>(server, 'POST', '/api/auth/register', {
    name: `Bench ${i}`,
    username: `bench_${tag}`,
    email: `bench_${tag}@example.com`,
    password: 'correct horse battery staple 42',
  });
  return token;
}

const COLORS = {
  background_color: '#101820',
  text_color: '#ffffff',
  primary_color: '#7c3aed',
  secondary_color: '#a78bfa',
  accent_color: '#f97316',
};

/** A 1600x1000 JPEG of smooth noise (photo-like, about 1.5 MB at quality 95). */
async function photoLike(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: '#334155',
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 40 },
    },
  })
    .blur(0.6)
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function main() {
  const server = await startServer();
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) tokens.push(await registerUser(server, i));
  for (const [u, token] of tokens.entries()) {
    for (let t = 0; t < PUBLIC_THEMES_PER_USER; t++) {
      await json(
        server,
        'POST',
        '/api/themes/custom',
        { name: `Theme ${u}-${t}`, ...COLORS, is_public: true },
        token,
      );
    }
  }
  const token = tokens[0]!;

  const cases = [
    { name: 'GET /api/health (reference)', path: '/api/health', auth: false },
    { name: 'GET /api/themes (standard, anyone)', path: '/api/themes', auth: false },
    {
      name: `GET /api/themes/custom/public (${USERS * PUBLIC_THEMES_PER_USER} themes)`,
      path: '/api/themes/custom/public',
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
        ...(c.auth ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      if (result.non2xx > 0 || result.errors > 0) failures++;
      const entry = results.get(c.name) ?? { rps: [], p50: [], p99: [] };
      entry.rps.push(result.requests.average);
      entry.p50.push(result.latency.p50);
      entry.p99.push(result.latency.p99);
      results.set(c.name, entry);
    }
  }

  const peakBeforeUploads = server.peakRssMb();
  const uploadMs: number[] = [];
  let uploadBytes = 0;
  for (let i = 0; i < UPLOADS; i++) {
    const image = await photoLike(i);
    uploadBytes = image.length;
    const started = performance.now();
    await json(
      server,
      'POST',
      '/api/themes/custom',
      {
        name: `Upload ${i}`,
        ...COLORS,
        image_url: `data:image/jpeg;base64,${image.toString('base64')}`,
      },
      tokens[1 + (i % (USERS - 1))],
    );
    uploadMs.push(performance.now() - started);
  }
  const peak = server.peakRssMb();
  await server.stop();

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
  console.log(
    `Create with a ${round(uploadBytes / 1_048_576)} MB JPEG upload (sniff, sharp re-encode to ` +
      `WebP, store), ${UPLOADS} sequential: median ${round(median(uploadMs))} ms, ` +
      `p90 ${round(percentile(uploadMs, 90))} ms. Server peak RSS: ${peakBeforeUploads} MB ` +
      `under the list load, ${peak} MB after the uploads (bar 200 MB: ` +
      `${peak <= 200 ? 'met' : 'NOT met'}).`,
  );
  if (failures > 0) {
    console.error(`${failures} load runs had non-2xx answers or errors`);
    process.exit(1);
  }
}

await main();
