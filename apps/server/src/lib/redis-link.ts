import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  MemoryRateLimitStore,
  RedisRateLimitStore,
  type CounterChange,
  type CounterState,
  type RateLimitStore,
} from './rate-limit.js';

/** A Redis call that takes longer fails, and the caller falls back to this process's state. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long the server waits for Redis before its first request (it starts either way). */
export const REDIS_READY_WAIT_MS = 3000;

/**
 * The app's connections to Redis (REDIS_URL) and whether it can be reached. Everything shared
 * across instances goes through here: the rate-limit counters (`commands`) and the broadcast
 * (`subscriber`, a connection of its own as Redis requires). When Redis cannot be reached the
 * app keeps serving from in-process state; the link says so once (warn) when it goes and once
 * (info) when it returns, however many calls fail or reconnects are tried in between.
 */
export class RedisLink {
  readonly commands: Redis;
  readonly subscriber: Redis;
  private down = false;
  private closing = false;
  private readonly recoveredHandlers: (() => void)[] = [];

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // No offline queue: while Redis is away a call fails at once (and falls back) instead of
    // waiting for a reconnect that may never come.
    this.commands = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // The subscriber queues its SUBSCRIBE until connected and resubscribes after a reconnect.
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, autoResubscribe: true });
    for (const client of [this.commands, this.subscriber]) {
      client.on('error', (error: unknown) => this.failed(error));
      client.on('end', () => this.failed(new Error('connection ended')));
    }
    this.commands.on('ready', () => this.succeeded());
    this.subscriber.on('ready', () => this.succeeded());
  }

  /** Whether calls on `commands` can be tried now (connected, not known to be away). */
  get usable(): boolean {
    return this.commands.status === 'ready';
  }

  /** A failed call or connection: logged once until Redis is reachable again. */
  failed(error: unknown): void {
    if (this.closing || this.down) return;
    this.down = true;
    this.log.warn(
      { err: error },
      'Redis unreachable: rate limits are counted in this process and caches are cleared locally only, until it returns',
    );
  }

  /** Runs `handler` every time Redis is reachable again after being away. */
  onRecovered(handler: () => void): void {
    this.recoveredHandlers.push(handler);
  }

  /** A connection or call that worked: Redis is back once both connections are. */
  succeeded(): void {
    if (!this.down) return;
    // Both connections must be back before state is shared again.
    if (this.commands.status !== 'ready' || this.subscriber.status !== 'ready') return;
    this.down = false;
    this.log.info('Redis reachable again: rate limits and cache invalidation are shared again');
    for (const handler of this.recoveredHandlers) handler();
  }

  /** Waits (at most `ms`) for both connections, so the first requests already share state. */
  async ready(ms = REDIS_READY_WAIT_MS): Promise<void> {
    const wait = (client: Redis) =>
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => client.once('ready', () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([wait(this.commands), wait(this.subscriber)]),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      [this.commands, this.subscriber].map((client) =>
        client.quit().then(
          () => undefined,
          () => client.disconnect(),
        ),
      ),
    );
  }
}

/**
 * Rate limits in Redis while it answers, in this process while it does not: a limit keeps
 * holding per instance during an outage (product §9 limits never switch off), and counts are
 * shared again as soon as Redis is back. Points counted in memory during the outage are not
 * carried over.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private readonly shared: RedisRateLimitStore;
  private readonly local = new MemoryRateLimitStore();

  constructor(private readonly link: RedisLink) {
    this.shared = new RedisRateLimitStore(link.commands);
  }

  async increment(key: string, change: CounterChange): Promise<CounterState> {
    if (this.link.usable) {
      try {
        const state = await this.shared.increment(key, change);
        this.link.succeeded();
        return state;
      } catch (error) {
        this.link.failed(error);
      }
    }
    return this.local.increment(key, change);
  }

  /** The link owns the connection; app.ts closes it. */
  async close(): Promise<void> {
    await this.local.close();
  }
}
