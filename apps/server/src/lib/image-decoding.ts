import { DEFAULT_IMAGE_DECODE_CONCURRENCY, DEFAULT_IMAGE_DECODE_QUEUE } from '../config.js';
import { QueueFullError, Semaphore } from './semaphore.js';

/**
 * Image decodes running at once. Re-encoding one large upload holds about 100 MB while it runs
 * (a 7000x6999 PNG with alpha scaled to 2560 px and written as WebP: bench/themes-latency.ts),
 * and libuv's four threads would run four at once; the rest wait their turn, at most
 * `maxQueued` of them, and a decode that finds the queue full is refused (decision 061). The
 * app sets IMAGE_DECODE_CONCURRENCY's and IMAGE_DECODE_QUEUE's values at start-up.
 */
const decodeSlots = new Semaphore(DEFAULT_IMAGE_DECODE_CONCURRENCY, DEFAULT_IMAGE_DECODE_QUEUE);
let concurrency = DEFAULT_IMAGE_DECODE_CONCURRENCY;

/** A decode's recent duration (ms), for how long a refused upload is asked to wait. */
let recentDecodeMs = 1_000;

/** The decode queue is full; `retryAfterSeconds` is how long the decodes ahead should take. */
export class ImageDecodeBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('image decoding busy');
    this.name = 'ImageDecodeBusyError';
  }
}

/** Sets how many image decodes run at once and how many may wait (config). */
export function setImageDecodeLimits(limit: number, maxQueued: number): void {
  decodeSlots.setLimit(limit);
  decodeSlots.setMaxQueued(maxQueued);
  concurrency = limit;
}

/** Decodes running and waiting now. */
export function imageDecodeLoad(): { active: number; queued: number } {
  return { active: decodeSlots.active, queued: decodeSlots.queued };
}

/**
 * Runs `decode` once a slot is free (first come, first served); throws ImageDecodeBusyError
 * without running it when the queue is full.
 */
export async function runImageDecode<T>(decode: () => Promise<T>): Promise<T> {
  try {
    return await decodeSlots.run(async () => {
      const started = performance.now();
      try {
        return await decode();
      } finally {
        recentDecodeMs = 0.7 * recentDecodeMs + 0.3 * (performance.now() - started);
      }
    });
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    const ahead = decodeSlots.active + decodeSlots.queued;
    throw new ImageDecodeBusyError(
      Math.max(1, Math.ceil((ahead * recentDecodeMs) / concurrency / 1000)),
    );
  }
}
