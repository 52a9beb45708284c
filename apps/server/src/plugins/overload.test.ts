import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { LIVE_CONNECTION_MEMORY_BYTES } from '@focusroom/core';
import { afterEach, describe, expect, it } from 'vitest';
import { heapBar, registerOverload } from './overload.js';

const MB = 1024 * 1024;

describe('the heap bar for shedding load', () => {
  it('rises by what a live connection may cost for each one open', () => {
    expect(heapBar(160 * MB, 0)).toBe(160 * MB);
    expect(heapBar(160 * MB, 20_000)).toBe(160 * MB + 20_000 * LIVE_CONNECTION_MEMORY_BYTES);
  });

  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('sheds past the bar, and not when the heap over it is what the open live channels may hold', async () => {
    const app = Fastify();
    apps.push(app);
    let live = 0;
    // A bar every process is over with no live channel open.
    const bar = 1 * MB;
    await registerOverload(
      app,
      {
        maxEventLoopDelayMs: 0,
        maxHeapUsedBytes: bar,
        maxDatabaseWaiting: 0,
        sampleIntervalMs: 100,
        retryAfterSeconds: 5,
      },
      { liveConnections: () => live },
    );
    app.get('/api/thing', () => ({ ok: true }));
    await app.ready();
    await sleep(250);

    const refused = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');

    // As many channels as may hold what the heap holds, and 64 MB more: under the bar.
    live = Math.ceil((app.memoryUsage().heapUsed + 64 * MB) / LIVE_CONNECTION_MEMORY_BYTES);
    const served = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(served.statusCode).toBe(200);
  });
});
