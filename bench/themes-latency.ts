/**
 * The theme lists every client polls (product §4: a check every 5 s, a fetch at most every 60 s
 * per signed-in user) against GET /api/health in the same run: requests per second and latency
 * with autocannon, on the built server (SQLite). GET /api/themes is open to everyone (the ten
 * standard themes); GET /api/themes/custom/public is the gallery, here 200 public themes of 20
 * users with their usernames. Also the time to create a theme with a 1.5 MB photo-like upload
 * (sniffed, re-encoded to WebP by sharp) and the server's peak RSS meanwhile.
 *
 * Then the upload barrage (decision 061): 8 concurrent uploads of a 7000x6999 PNG
 * with alpha (just under the 50-megapixel limit, under 1 MB as sent), each on a fresh server:
 * its RSS at rest, the peak while the 8 are re-encoded (VmRSS every 20 ms), and RSS 1 s and
 * 10 s after the last answer (how far it falls back). Variants, in turns, `BARRAGE_ROUNDS`
 * times: as `npm start` runs it (IMAGE_DECODE_CONCURRENCY=1 and glibc's mmap threshold fixed at
 * 128 KiB through GLIBC_TUNABLES); the baseline as before decision 061 (bound lifted, =1000, so
 * libuv's four threads decode four at once, and no GLIBC_TUNABLES); each of the two changes
 * alone; and as built with sharp's default operation cache (`lib/sharp-default-cache.mjs`; the
 * server turns it off).
 *
 *   npm run build -w @focusroom/core && npm run build -w @focusroom/server
 *   npx tsx bench/themes-latency.ts        (DURATION=5 ROUNDS=3 CONNECTIONS=10 BARRAGE_ROUNDS=2)
 *   PARTS=barrage npx tsx bench/themes-latency.ts          (the barrage only)
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SharpModule from 'sharp';
import { autocannon } from './lib/autocannon.js';
import { ROOT, json, rssMb, startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const median = (samples: readonly number[]) => percentile(samples, 50);

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const USERS = 20;
const PUBLIC_THEMES_PER_USER = 10;
const UPLOADS = 8;
const PARTS = (process.env.PARTS ?? 'lists,barrage').split(',');
const BARRAGE_ROUNDS = Number(process.env.BARRAGE_ROUNDS ?? 2);
const BARRAGE_SIZE = 8;
const BARRAGE_CHANNELS = Number(process.env.BARRAGE_CHANNELS ?? 4) === 3 ? 3 : 4;
const RSS_BAR_MB = 200;
const SHARP_DEFAULT_CACHE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'lib/sharp-default-cache.mjs',
);
/** glibc's mmap threshold fixed at 128 KiB (its starting value; it otherwise grows to 32 MiB). */
const MMAP_128K = 'glibc.malloc.mmap_threshold=131072';

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

/**
 * 7000x6999 (48,993,000 pixels, the limit is 50,000,000) of one colour, with alpha (about 1 MB
 * as PNG; BARRAGE_CHANNELS=3 for one without).
 */
function barrageImage(): Promise<Buffer> {
  return sharp({
    create: {
      width: 7000,
      height: 6999,
      channels: BARRAGE_CHANNELS,
      background: { r: 40, g: 60, b: 90, alpha: 0.8 },
    },
  })
    .png()
    .toBuffer();
}

interface BarrageVariant {
  name: string;
  env: Record<string, string>;
}

const NO_TUNABLES = { GLIBC_TUNABLES: '' };
const UNBOUNDED = { IMAGE_DECODE_CONCURRENCY: '1000', IMAGE_DECODE_QUEUE: '1000' };

const BARRAGE_VARIANTS: BarrageVariant[] = [
  { name: `as built (npm start): 1 decode at a time, ${MMAP_128K}`, env: {} },
  {
    name: 'baseline, as before: decodes unbounded (libuv: 4 at once), no GLIBC_TUNABLES',
    env: { ...UNBOUNDED, ...NO_TUNABLES },
  },
  { name: '1 decode at a time, no GLIBC_TUNABLES', env: NO_TUNABLES },
  { name: `decodes unbounded, ${MMAP_128K}`, env: UNBOUNDED },
  {
    name: "as built, with sharp's default cache (50 MB, 100 operations)",
    env: { NODE_OPTIONS: `--import=${SHARP_DEFAULT_CACHE}` },
  },
];

interface BarrageResult {
  rest: number;
  peak: number;
  after1s: number;
  after10s: number;
  ms: number;
  statuses: number[];
}

/** BARRAGE_SIZE concurrent uploads of `image` to a fresh server started with `env`. */
async function barrage(image: Buffer, env: Record<string, string>): Promise<BarrageResult> {
  const server = await startServer(env);
  try {
    const token = await registerUser(server, 0);
    const body = (i: number) =>
      JSON.stringify({
        name: `Barrage ${i}`,
        ...COLORS,
        image_url: `data:image/png;base64,${image.toString('base64')}`,
      });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rest = rssMb(server.pid);
    let peak = rest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 20);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: BARRAGE_SIZE }, async (_, i) => {
        const response = await fetch(`${server.url}/api/themes/custom`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body(i),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.pid));
    const after1s = rssMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    return { rest, peak, after1s, after10s: rssMb(server.pid), ms, statuses };
  } finally {
    await server.stop();
  }
}

async function runBarrage(): Promise<boolean> {
  const image = await barrageImage();
  const results = new Map<string, BarrageResult[]>();
  for (let r = 1; r <= BARRAGE_ROUNDS; r++) {
    for (const variant of BARRAGE_VARIANTS) {
      process.stderr.write(`barrage: ${variant.name}, round ${r}/${BARRAGE_ROUNDS}\n`);
      const result = await barrage(image, variant.env);
      results.set(variant.name, [...(results.get(variant.name) ?? []), result]);
    }
  }
  console.log('');
  console.log(
    `${BARRAGE_SIZE} concurrent uploads of a 7000x6999 PNG ${BARRAGE_CHANNELS === 4 ? 'with' : 'without'} ` +
      `alpha (${round(image.length / 1_048_576, 2)} MB), ` +
      `each variant on a fresh server (SQLite), ${BARRAGE_ROUNDS} rounds in turns; RSS in MB ` +
      '(each round: rest -> peak -> 1 s after -> 10 s after), the answers and the time for all.',
  );
  console.log('');
  console.log(
    '| variant | rounds: rest -> peak -> 1 s -> 10 s after (MB) | answers | time for all 8 (s) |',
  );
  console.log('|---|---|---|---:|');
  for (const variant of BARRAGE_VARIANTS) {
    const rounds = results.get(variant.name)!;
    const rss = rounds
      .map((x) => `${x.rest} -> **${x.peak}** -> ${x.after1s} -> ${x.after10s}`)
      .join('; ');
    const answers = [...new Set(rounds.flatMap((x) => x.statuses))]
      .map(
        (status) =>
          `${rounds.flatMap((x) => x.statuses).filter((s) => s === status).length}x ${status}`,
      )
      .join(', ');
    const time = rounds.map((x) => round(x.ms / 1000)).join(', ');
    console.log(`| ${variant.name} | ${rss} | ${answers} | ${time} |`);
  }
  const built = results.get(BARRAGE_VARIANTS[0]!.name)!;
  const worst = Math.max(...built.map((x) => x.peak));
  console.log('');
  console.log(
    `As built: peak ${worst} MB (bar ${RSS_BAR_MB} MB: ${worst <= RSS_BAR_MB ? 'met' : 'NOT met'}).`,
  );
  return built.every((x) => x.statuses.every((status) => status === 201));
}

async function main() {
  let ok = true;
  if (PARTS.includes('lists')) ok = (await runLists()) && ok;
  if (PARTS.includes('barrage')) ok = (await runBarrage()) && ok;
  if (!ok) process.exit(1);
}

async function runLists(): Promise<boolean> {
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
    return false;
  }
  return true;
}

await main();
