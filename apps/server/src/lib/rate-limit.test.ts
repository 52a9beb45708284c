import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit.js';
import { needs } from '../../test/support/prerequisites.js';

class ManualClock {
  constructor(public ms = Date.UTC(2031, 0, 1)) {}
  now() {
    return new Date(this.ms);
  }
}

function limiterSuite(name: string, makeStore: () => RateLimitStore) {
  describe(name, () => {
    it('allows max hits, limits the next, and frees the key when the window ends', async () => {
      const clock = new ManualClock();
      const limiter = new RateLimiter(makeStore(), clock, `t${Math.random()}`, {
        max: 3,
        windowMs: 60_000,
      });
      for (let i = 0; i < 3; i++) expect((await limiter.hit('k')).limited).toBe(false);
      expect(await limiter.check('k')).toEqual({ limited: true, retryAfterMs: 60_000 });
      clock.ms += 20_000;
      expect(await limiter.hit('k')).toEqual({ limited: true, retryAfterMs: 40_000 });
      clock.ms += 40_000;
      expect(await limiter.check('k')).toEqual({ limited: false, retryAfterMs: 0 });
      expect((await limiter.hit('k')).limited).toBe(false);
    });

    it('keeps keys and rule names apart', async () => {
      const clock = new ManualClock();
      const store = makeStore();
      const prefix = `t${Math.random()}`;
      const a = new RateLimiter(store, clock, `${prefix}a`, { max: 1, windowMs: 1000 });
      const b = new RateLimiter(store, clock, `${prefix}b`, { max: 1, windowMs: 1000 });
      await a.hit('k');
      expect((await a.check('k')).limited).toBe(true);
      expect((await a.check('other')).limited).toBe(false);
      expect((await b.check('k')).limited).toBe(false);
    });

    it('counts parallel reservations, so at most max of them go through', async () => {
      const clock = new ManualClock();
      const limiter = new RateLimiter(makeStore(), clock, `t${Math.random()}`, {
        max: 4,
        windowMs: 60_000,
      });
      const all = await Promise.all(Array.from({ length: 12 }, () => limiter.reserve('k')));
      expect(all.filter((r) => !r.limited)).toHaveLength(4);
      expect(all.find((r) => r.limited)?.retryAfterMs).toBe(60_000);
    });

    it('gives a released point back once, so only attempts that fail count', async () => {
      const clock = new ManualClock();
      const limiter = new RateLimiter(makeStore(), clock, `t${Math.random()}`, {
        max: 2,
        windowMs: 60_000,
      });
      for (let i = 0; i < 5; i++) {
        const reservation = await limiter.reserve('k');
        expect(reservation.limited).toBe(false);
        await reservation.release();
        await reservation.release();
      }
      await limiter.reserve('k');
      const second = await limiter.reserve('k');
      expect(second.limited).toBe(false);
      const over = await limiter.reserve('k');
      expect(over.limited).toBe(true);
      await over.release();
      // A double release of one point must not free the other one.
      await second.release();
      await second.release();
      expect((await limiter.check('k')).limited).toBe(false);
      expect((await limiter.reserve('k')).limited).toBe(false);
      expect((await limiter.reserve('k')).limited).toBe(true);
    });

    it('never refunds below zero, into an ended window or into the window after it', async () => {
      const clock = new ManualClock();
      const store = makeStore();
      const name = `t${Math.random()}`;
      const limiter = new RateLimiter(store, clock, name, { max: 2, windowMs: 60_000 });
      const change = (amount: number) =>
        store.increment(`${name}:k`, { amount, nowMs: clock.ms, windowMs: 60_000 });
      // A refund for a key with no window starts none and leaves nothing negative behind.
      expect(await change(-3)).toMatchObject({
        count: 0,
      });
      expect(await change(0)).toMatchObject({ count: 0 });

      const old = await limiter.reserve('k');
      clock.ms += 60_000;
      const fresh = [await limiter.reserve('k'), await limiter.reserve('k')];
      expect(fresh.map((r) => r.limited)).toEqual([false, false]);
      // The point of the ended window goes back nowhere: the new window stays full.
      await old.release();
      expect((await limiter.check('k')).limited).toBe(true);
      expect(await change(0)).toEqual({
        count: 2,
        resetAtMs: clock.ms + 60_000,
      });
    });

    it('starts a fresh window after refunds empty one', async () => {
      const clock = new ManualClock();
      const limiter = new RateLimiter(makeStore(), clock, `t${Math.random()}`, {
        max: 1,
        windowMs: 60_000,
      });
      await (await limiter.reserve('k')).release();
      clock.ms += 50_000;
      await limiter.reserve('k');
      // The window of the failure starts at the failure, not at the released attempt before it.
      expect(await limiter.check('k')).toEqual({ limited: true, retryAfterMs: 60_000 });
    });

    it('does not count a check', async () => {
      const clock = new ManualClock();
      const limiter = new RateLimiter(makeStore(), clock, `t${Math.random()}`, {
        max: 1,
        windowMs: 1000,
      });
      for (let i = 0; i < 5; i++) expect((await limiter.check('k')).limited).toBe(false);
      expect((await limiter.hit('k')).limited).toBe(false);
    });
  });
}

limiterSuite('RateLimiter over the memory store', () => new MemoryRateLimitStore());

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!needs(hasRedis, 'redis-server'))('RateLimiter over Redis', () => {
  let server: ChildProcess;
  let redis: Redis;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port);
    redis = new Redis({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await redis?.quit();
    server?.kill();
  });

  limiterSuite('shared store', () => new RedisRateLimitStore(redis));
});

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not open port ${port}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
