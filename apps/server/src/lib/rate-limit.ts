import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../config.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './http-errors.js';

/** One change to a key's counter, at `nowMs`, for windows `windowMs` long. */
export interface CounterChange {
  amount: number;
  nowMs: number;
  windowMs: number;
  /** Refunds only: the end of the window the point was taken in. */
  windowEndMs?: number;
}

export interface CounterState {
  count: number;
  resetAtMs: number;
}

/** A counter per key whose window starts at the key's first hit and ends `windowMs` later. */
export interface RateLimitStore {
  /**
   * Changes the key's counter by `amount` and returns the count and when the window ends.
   *
   * - `amount > 0` counts, first starting a new window when the current one ended at or before
   *   `nowMs`.
   * - `amount = 0` only looks.
   * - `amount < 0` gives points back (a refund): only to a live window, and only to the window
   *   that ends at `windowEndMs` when that is given (a point taken in an ended window is not
   *   returned to the next one); never below 0; it never starts or extends a window. A window
   *   emptied by refunds is dropped, so the next counted event starts a fresh one.
   */
  increment(key: string, change: CounterChange): Promise<CounterState>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, CounterState>();
  private operations = 0;

  async increment(key: string, { amount, nowMs, windowMs, windowEndMs }: CounterChange) {
    if (++this.operations % 1000 === 0) this.sweep(nowMs);
    const stored = this.entries.get(key);
    const live = stored && stored.resetAtMs > nowMs ? stored : undefined;
    if (amount < 0) {
      if (!live) return { count: 0, resetAtMs: nowMs + windowMs };
      if (windowEndMs !== undefined && live.resetAtMs !== windowEndMs) {
        return { count: live.count, resetAtMs: live.resetAtMs };
      }
      live.count = Math.max(0, live.count + amount);
      if (live.count === 0) this.entries.delete(key);
      return { count: live.count, resetAtMs: live.resetAtMs };
    }
    if (!live) {
      if (amount === 0) return { count: 0, resetAtMs: nowMs + windowMs };
      const entry = { count: amount, resetAtMs: nowMs + windowMs };
      this.entries.set(key, entry);
      return { ...entry };
    }
    live.count += amount;
    return { count: live.count, resetAtMs: live.resetAtMs };
  }

  /** Forgets ended windows so memory stays bounded by active keys. */
  private sweep(nowMs: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAtMs <= nowMs) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/**
 * The same window rule in one atomic Lua call, so several app instances share counts. Window
 * ends come from the app's clock (passed in), not Redis's; the key's TTL only cleans up.
 * ARGV: amount, now, window length, and (refunds only, may be empty) the window's end.
 */
const INCREMENT_SCRIPT = `
local amount = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local only = tonumber(ARGV[4])
local data = redis.call('HMGET', KEYS[1], 'count', 'reset')
local count = tonumber(data[1]) or 0
local reset = tonumber(data[2])
local live = reset ~= nil and reset > now
if amount < 0 then
  if not live then
    return {0, now + window}
  end
  if only ~= nil and only ~= reset then
    return {count, reset}
  end
  count = math.max(0, count + amount)
  if count == 0 then
    redis.call('DEL', KEYS[1])
  else
    redis.call('HSET', KEYS[1], 'count', count)
  end
  return {count, reset}
end
if not live then
  count = 0
  reset = now + window
end
count = count + amount
if amount > 0 then
  redis.call('HSET', KEYS[1], 'count', count, 'reset', reset)
  redis.call('PEXPIRE', KEYS[1], window)
end
return {count, reset}
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'focusroom:rl:',
  ) {}

  async increment(key: string, { amount, nowMs, windowMs, windowEndMs }: CounterChange) {
    const result = (await this.redis.eval(
      INCREMENT_SCRIPT,
      1,
      this.prefix + key,
      String(amount),
      String(nowMs),
      String(windowMs),
      windowEndMs === undefined ? '' : String(windowEndMs),
    )) as [number, number];
    return { count: Number(result[0]), resetAtMs: Number(result[1]) };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export interface LimitState {
  limited: boolean;
  /** Until the window ends; 0 when not limited. */
  retryAfterMs: number;
}

/** A point counted before the work it limits; `release` gives it back (at most once). */
export interface Reservation extends LimitState {
  release(): Promise<void>;
}

/** One named rule (e.g. failed logins per account) over a shared store. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly name: string,
    private readonly rule: RateLimitRule,
  ) {}

  /** Whether `key` has used up its allowance, without counting this call. */
  async check(key: string): Promise<LimitState> {
    return this.apply(key, 0, (count) => count >= this.rule.max);
  }

  /** Counts one event; limited when this event is over the allowance. */
  async hit(key: string): Promise<LimitState> {
    return this.apply(key, 1, (count) => count > this.rule.max);
  }

  /**
   * Counts one attempt before it is made and decides on that count, so parallel attempts each
   * see the others' points (check-then-count would let them all through). Release the point
   * when the attempt turns out not to count (a right password, a refused request).
   */
  async reserve(key: string): Promise<Reservation> {
    const storeKey = `${this.name}:${key}`;
    const nowMs = this.clock.now().getTime();
    const { windowMs } = this.rule;
    const { count, resetAtMs } = await this.store.increment(storeKey, {
      amount: 1,
      nowMs,
      windowMs,
    });
    const limited = count > this.rule.max;
    let released = false;
    return {
      limited,
      retryAfterMs: limited ? Math.max(0, resetAtMs - nowMs) : 0,
      release: async () => {
        if (released) return;
        released = true;
        await this.store.increment(storeKey, {
          amount: -1,
          nowMs: this.clock.now().getTime(),
          windowMs,
          windowEndMs: resetAtMs,
        });
      },
    };
  }

  private async apply(key: string, amount: number, isLimited: (count: number) => boolean) {
    const nowMs = this.clock.now().getTime();
    const { count, resetAtMs } = await this.store.increment(`${this.name}:${key}`, {
      amount,
      nowMs,
      windowMs: this.rule.windowMs,
    });
    const limited = isLimited(count);
    return { limited, retryAfterMs: limited ? Math.max(0, resetAtMs - nowMs) : 0 };
  }
}

/**
 * Count-first limit on failures (product §9: only failures count). Reserves a point on every
 * `[limiter, key]` before `attempt` runs; when any is over its allowance, gives every point back
 * and answers 429. `attempt` returns `false` for a failure, which keeps the points; any other
 * value (or a thrown error, which is not the caller's failure) gives them back.
 */
export async function limitFailures<T>(
  limits: ReadonlyArray<readonly [RateLimiter, string]>,
  attempt: () => Promise<T | false>,
): Promise<T | false> {
  const settled = await Promise.allSettled(limits.map(([limiter, key]) => limiter.reserve(key)));
  const reservations = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const releaseAll = () => Promise.all(reservations.map((r) => r.release())).then(() => undefined);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) {
    await releaseAll().catch(() => undefined);
    throw failed.reason;
  }
  const over = reservations.filter((r) => r.limited);
  if (over.length > 0) {
    await releaseAll();
    throw tooManyRequests(Math.max(...over.map((r) => r.retryAfterMs)));
  }
  let outcome: T | false;
  try {
    outcome = await attempt();
  } catch (error) {
    await releaseAll().catch(() => undefined);
    throw error;
  }
  if (outcome !== false) await releaseAll();
  return outcome;
}
