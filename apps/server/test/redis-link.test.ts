// The pieces under the scale-out suite, on a Redis of the test's own: the broadcast, and the
// rate-limit store that falls back to this process while Redis is away (decision 036).
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalBroadcast, RedisBroadcast } from '../src/lib/broadcast.js';
import { FallbackRateLimitStore, RedisLink } from '../src/lib/redis-link.js';
import { freePort, hasRedisServer, startRedis, type OwnProcess } from './support/scale-out.js';
import { needs } from './support/prerequisites.js';

/** A logger that keeps what was logged at warn and info. */
function recordingLogger() {
  const lines: { level: 'warn' | 'info'; message: string }[] = [];
  const keep = (level: 'warn' | 'info') => (first: unknown, second?: unknown) => {
    lines.push({ level, message: String(typeof first === 'string' ? first : second) });
  };
  const log = {
    warn: keep('warn'),
    info: keep('info'),
    error: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('LocalBroadcast', () => {
  it("runs the topic's handlers before publish resolves, and no other topic's", async () => {
    const broadcast = new LocalBroadcast();
    const seen: string[] = [];
    broadcast.subscribe('lists', (message) => seen.push(`lists:${message}`));
    broadcast.subscribe('other', (message) => seen.push(`other:${message}`));
    const published = broadcast.publish('lists', 'changed');
    expect(seen).toEqual(['lists:changed']);
    await published;
    expect(seen).toEqual(['lists:changed']);
  });
});

describe.skipIf(!needs(hasRedisServer, 'redis-server'))('over Redis', () => {
  let port = 0;
  let redis: OwnProcess;
  const links: RedisLink[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterEach(async () => {
    await Promise.all(links.splice(0).map((link) => link.close()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  async function link() {
    const { log, lines } = recordingLogger();
    const made = new RedisLink(`redis://127.0.0.1:${port}`, log);
    links.push(made);
    await made.ready();
    return { link: made, lines };
  }

  it('delivers to the other instance, once to the publisher, and never to another channel', async () => {
    const [one, two, elsewhere] = await Promise.all([link(), link(), link()]);
    const first = new RedisBroadcast(one.link, 'test:channel');
    const second = new RedisBroadcast(two.link, 'test:channel');
    const third = new RedisBroadcast(elsewhere.link, 'test:elsewhere');
    const seen: string[] = [];
    first.subscribe('lists', (m) => seen.push(`first:${m}`));
    second.subscribe('lists', (m) => seen.push(`second:${m}`));
    third.subscribe('lists', (m) => seen.push(`third:${m}`));
    // SUBSCRIBE is sent when the broadcast is made; give it a turn to be registered.
    await sleep(100);
    await first.publish('lists', 'a');
    await until(() => seen.includes('second:a'));
    await sleep(100);
    expect(seen.sort()).toEqual(['first:a', 'second:a']);
  });

  it('falls back to counting in this process while Redis is away, warns once, and recovers', async () => {
    const { link: made, lines } = await link();
    const broadcast = new RedisBroadcast(made, 'test:recover');
    const missed: (string | null)[] = [];
    broadcast.subscribe('lists', (m) => missed.push(m));
    const store = new FallbackRateLimitStore(made);
    const change = { amount: 1, nowMs: Date.now(), windowMs: 60_000 };
    expect((await store.increment('k', change)).count).toBe(1);
    expect((await store.increment('k', change)).count).toBe(2);

    await redis.stop();
    await until(() => !made.usable);
    // Counted in this process from zero: limits still hold while Redis is away.
    expect((await store.increment('k', change)).count).toBe(1);
    expect((await store.increment('k', change)).count).toBe(2);
    await broadcast.publish('lists', 'local');
    expect(missed).toEqual(['local']);
    await sleep(1500);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);

    redis = await startRedis(port);
    await until(() => lines.some((l) => l.message.includes('reachable again')));
    // Pub/sub kept nothing while away: every handler hears "you may have missed something".
    expect(missed).toEqual(['local', null]);
    // The shared count is back (Redis restarted empty here).
    expect((await store.increment('k', change)).count).toBe(1);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  }, 30_000);
});
