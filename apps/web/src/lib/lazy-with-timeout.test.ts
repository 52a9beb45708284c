import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, importWithTimeout } from './lazy-with-timeout';

describe('importWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a chunk after 120 s, and not a millisecond sooner', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'still waiting';
    const result = importWithTimeout(() => new Promise(() => undefined)).catch((e: unknown) => {
      outcome = e;
      return e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(outcome).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('passes a module that arrives in time through', async () => {
    await expect(importWithTimeout(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });
});
