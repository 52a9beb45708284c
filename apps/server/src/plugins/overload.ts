import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES, LIVE_CONNECTION_MEMORY_BYTES, OVERLOADED_CODE } from '@focusroom/core';
import { LogThrottle } from '../lib/log-throttle.js';

/**
 * Graceful overload (decision 063): past what the instance can serve, an API request is refused
 * at once with 503, Retry-After and `{ message, code: OVERLOADED }`, before any work is done on it
 * (no sign-in check, no database), instead of queueing for seconds behind the ones already
 * accepted. The signal is @fastify/under-pressure's check, sampled every `sampleIntervalMs`: the
 * mean event-loop delay over the last sample and the V8 heap in use; and, read on each request,
 * the queries waiting for a PostgreSQL connection. The heap bar is set for the API's work: every
 * open live channel raises it by LIVE_CONNECTION_MEMORY_BYTES (what one may cost, DESIGN §6), so
 * an instance holding its tabs is not taken for overloaded.
 */
export interface OverloadConfig {
  /** Mean event-loop delay (ms) over a sample past which requests are shed; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /**
   * V8 heap in use (bytes) past which requests are shed, plus LIVE_CONNECTION_MEMORY_BYTES per
   * open live channel; 0 turns it off.
   */
  maxHeapUsedBytes: number;
  /**
   * Queries waiting for a PostgreSQL connection past which requests are shed (checked every
   * sample); 0 turns it off. A database that falls behind queues requests in the pool while the
   * event loop stays idle.
   */
  maxDatabaseWaiting: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

type PressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/** How often shedding is logged at most while it lasts. */
const SHED_LOG_INTERVAL_MS = 10_000;

/**
 * Paths never shed: liveness (an overloaded process is alive; a restart would lose its queue
 * and bring the reload herd back) and readiness, which answers "overloaded" itself so a load
 * balancer can steer new work elsewhere. The page shell and its files are not shed either:
 * they are static, cheap, and a 503 there would show the browser's error page instead of the
 * app, whose API client knows to wait and retry.
 */
function exempt(url: string): boolean {
  if (!url.startsWith('/api/')) return true;
  return url === '/api/health' || url === '/api/ready' || url.startsWith('/api/health?');
}

/** The overload state the readiness route reports. */
export interface OverloadProbe {
  overloaded: () => boolean;
}

/** What the instance reads on each request besides its samples. */
export interface OverloadGauges {
  /** Queries waiting for a PostgreSQL connection. */
  databaseWaiting?: () => number;
  /** Live channels open on this instance. */
  liveConnections?: () => number;
}

/** The heap in use past which requests are shed, with this many live channels open. */
export function heapBar(maxHeapUsedBytes: number, liveConnections: number): number {
  return maxHeapUsedBytes + liveConnections * LIVE_CONNECTION_MEMORY_BYTES;
}

export async function registerOverload(
  app: FastifyInstance,
  config: OverloadConfig,
  gauges: OverloadGauges = {},
  now: () => number = Date.now,
): Promise<OverloadProbe> {
  const databaseWaiting = gauges.databaseWaiting ?? (() => 0);
  const liveConnections = gauges.liveConnections ?? (() => 0);
  if (
    config.maxEventLoopDelayMs <= 0 &&
    config.maxHeapUsedBytes <= 0 &&
    config.maxDatabaseWaiting <= 0
  ) {
    return { overloaded: () => false };
  }
  const log = new LogThrottle(SHED_LOG_INTERVAL_MS, now);
  const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => {
    if (exempt(request.url)) return undefined;
    const logged = log.take();
    if (logged) {
      request.log.warn(
        { pressure: type, value, earlierLeftOut: logged.skipped },
        `overloaded: answered 503 (at most one such warning per ${SHED_LOG_INTERVAL_MS / 1000} s)`,
      );
    }
    void reply
      .code(503)
      .header('retry-after', String(config.retryAfterSeconds))
      .header('cache-control', 'no-store');
    return { message: HTTP_MESSAGES.overloaded, code: OVERLOADED_CODE };
  };
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    // The heap is checked below, against a bar that moves with the live channels; the plugin
    // samples it either way (memoryUsage()).
    maxHeapUsedBytes: 0,
    sampleInterval: config.sampleIntervalMs,
    retryAfter: config.retryAfterSeconds,
    // undefined lets the request through; anything else is sent as the answer, without
    // calling the route (the plugin's README: "Any other return value than a promise or nullish
    // will be sent to the client with reply.send"; its type says void only).
    pressureHandler: shed as unknown as PressureHandler,
  });
  const heapOver = (): number | undefined => {
    if (config.maxHeapUsedBytes <= 0) return undefined;
    const { heapUsed } = app.memoryUsage();
    return heapUsed > heapBar(config.maxHeapUsedBytes, liveConnections()) ? heapUsed : undefined;
  };
  // The database's queue is read per request, not per sample: a flood fills a pool of ten
  // connections within one sample, and its waiters would time out (3 s) before the next.
  const databaseOver = (): number | undefined => {
    if (config.maxDatabaseWaiting <= 0) return undefined;
    const waiting = databaseWaiting();
    return waiting > config.maxDatabaseWaiting ? waiting : undefined;
  };
  if (config.maxHeapUsedBytes > 0 || config.maxDatabaseWaiting > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      const heap = heapOver();
      const waiting = heap === undefined ? databaseOver() : undefined;
      if (heap === undefined && waiting === undefined) {
        done();
        return;
      }
      const body =
        heap !== undefined
          ? shed(request, reply, 'heapUsedBytes', heap)
          : shed(request, reply, 'databaseWaiting', waiting);
      if (body === undefined) done();
      else void reply.send(body);
    });
  }
  return {
    overloaded: () =>
      app.isUnderPressure() || heapOver() !== undefined || databaseOver() !== undefined,
  };
}
