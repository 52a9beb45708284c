/**
 * What it costs to check that an external sign-in provider is still there (decision 059):
 * `POST /api/auth/oauth/oidc/start` through the built server (SQLite) against the local OpenID
 * Connect issuer (apps/server/test/fakes/oidc-issuer.mjs) made to answer `LATENCY_MS` late, as a
 * provider far away does.
 *
 * - the first start after the server starts, which waits for the provider's discovery (so does
 *   a start after the server was idle past OAUTH_DISCOVERY_MAX_AGE_MS);
 * - a steady stream of starts (one every `INTERVAL_MS` for `STEADY_SECONDS`, past both the
 *   background refresh and the maximum age): median, p99 and max, and how often the provider
 *   was asked meanwhile;
 * - then the provider stops: how long (and how many starts) until the first 503, and how fast
 *   the 503s come.
 *
 * Baseline in the same run: the discovery document fetched straight from the issuer, which is
 * what every start would wait for if each one asked the provider. `BENCH_SERVER_DIST` runs the
 * same on an earlier build (before decision 059 the configuration was held for ever).
 *
 *   npm run build && npx tsx bench/oauth-start.ts   (LATENCY_MS=60 INTERVAL_MS=25 STEADY_SECONDS=35)
 */
import { startOidcIssuer } from '../apps/server/test/fakes/oidc-issuer.mjs';
import { startServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const LATENCY_MS = Number(process.env.LATENCY_MS ?? 60);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 25);
const STEADY_SECONDS = Number(process.env.STEADY_SECONDS ?? 35);
const DOWN_SECONDS = Number(process.env.DOWN_SECONDS ?? 15);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const issuer = await startOidcIssuer({
    redirectUris: ['http://127.0.0.1/api/auth/oauth/oidc/callback'],
    latencyMs: LATENCY_MS,
  });
  const server = await startServer({
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: issuer.clientId,
    OIDC_CLIENT_SECRET: issuer.clientSecret,
    RATE_LIMIT_OAUTH_START_IP: '1000000/1h',
  });
  let issuerOpen = true;
  try {
    const start = async () => {
      const t = performance.now();
      const response = await fetch(`${server.url}/api/auth/oauth/oidc/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ intent: 'signin' }),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - t, status: response.status };
    };

    const discovery: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(`${issuer.issuer}/.well-known/openid-configuration`)).arrayBuffer();
      discovery.push(performance.now() - t);
    }
    const askedBefore = issuer.discoveryRequests;

    const first = await start();
    if (first.status !== 200) throw new Error(`the first start answered ${first.status}`);

    /** Starts one every INTERVAL_MS (open loop) for `seconds`; each answer with its time. */
    const stream = async (seconds: number) => {
      const answers: Promise<{ ms: number; status: number; at: number }>[] = [];
      const began = performance.now();
      while (performance.now() - began < seconds * 1000) {
        const at = performance.now() - began;
        answers.push(start().then((answer) => ({ ...answer, at })));
        await sleep(INTERVAL_MS);
      }
      return Promise.all(answers);
    };

    const steady = await stream(STEADY_SECONDS);
    const asked = issuer.discoveryRequests - askedBefore;
    const steadyStatuses = new Set(steady.map((answer) => answer.status));

    await issuer.close();
    issuerOpen = false;
    const down = await stream(DOWN_SECONDS);
    const firstRefusal = down.findIndex((answer) => answer.status === 503);
    const refusals = down.filter((answer) => answer.status === 503).map((answer) => answer.ms);
    const deadAddresses = down.filter((answer) => answer.status === 200).length;

    const ms = (xs: number[]) =>
      `${round(percentile(xs, 50))} / ${round(percentile(xs, 99))} / ${round(Math.max(...xs))}`;
    const steadyMs = steady.map((answer) => answer.ms);
    console.log(
      `OIDC start through the built server (SQLite); the issuer answers ${LATENCY_MS} ms late; ` +
        `one start every ${INTERVAL_MS} ms.`,
    );
    console.log('');
    console.log('| what | requests | median / p99 / max (ms) |');
    console.log('|---|---:|---:|');
    console.log(
      `| baseline: the discovery document fetched from the issuer | ${discovery.length} | ${ms(discovery)} |`,
    );
    console.log(
      `| first start after the server started (asks the provider) | 1 | ${round(first.ms)} |`,
    );
    console.log(
      `| steady starts for ${STEADY_SECONDS} s, provider up (statuses ${[...steadyStatuses].join(', ')}) | ${steady.length} | ${ms(steadyMs)} |`,
    );
    console.log(
      `| starts after the provider stopped, answered 503 | ${refusals.length} | ${refusals.length > 0 ? ms(refusals) : '-'} |`,
    );
    console.log('');
    console.log(
      `The provider was asked ${asked} times during the steady ${STEADY_SECONDS} s ` +
        `(${steady.length} starts). After it stopped: ${deadAddresses} of ${down.length} starts ` +
        `were still sent to its address; ` +
        (firstRefusal === -1
          ? `none answered 503 within ${DOWN_SECONDS} s.`
          : `the first 503 came ${round(down[firstRefusal]!.at / 1000, 2)} s after it stopped ` +
            `(start #${firstRefusal + 1}).`),
    );
  } finally {
    await server.stop();
    if (issuerOpen) await issuer.close();
  }
}

await main();
