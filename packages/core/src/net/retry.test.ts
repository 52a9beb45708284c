import { describe, expect, it } from 'vitest';
import {
  CURRENT_USER_RETRY_POLICY,
  GENERIC_RETRY_POLICY,
  OVERLOADED_CODE,
  RETRY_AFTER_POLICY,
  asksForRetryAfter,
  backoffDelay,
  isResourceOrNetworkError,
  isRetryableByGenericPolicy,
  nextCurrentUserDelay,
  retryAfterDelay,
  withJitter,
} from './retry.js';

const low = () => 0;
const high = () => 0.999999;
const mid = () => 0.5;

describe('generic retry policy', () => {
  it('makes three attempts with a 1000 ms base doubled each retry', () => {
    expect(GENERIC_RETRY_POLICY.attempts).toBe(3);
    expect(backoffDelay(GENERIC_RETRY_POLICY, 1, mid)).toBe(1000);
    expect(backoffDelay(GENERIC_RETRY_POLICY, 2, mid)).toBe(2000);
  });

  it('keeps the jitter within plus or minus ten percent', () => {
    expect(backoffDelay(GENERIC_RETRY_POLICY, 1, low)).toBe(900);
    expect(backoffDelay(GENERIC_RETRY_POLICY, 1, high)).toBe(1100);
    expect(withJitter(2000, 0.1, low)).toBe(1800);
  });

  it('retries timeouts and ETIMEDOUT bodies only', () => {
    expect(isRetryableByGenericPolicy({ timedOut: true })).toBe(true);
    expect(isRetryableByGenericPolicy({ status: 500, bodyCode: 'ETIMEDOUT' })).toBe(true);
    expect(isRetryableByGenericPolicy({ status: 500 })).toBe(false);
    expect(isRetryableByGenericPolicy({ networkMessage: 'Network Error' })).toBe(false);
  });

  it('never retries 401 or 404, even when they time out', () => {
    expect(isRetryableByGenericPolicy({ status: 401, timedOut: true })).toBe(false);
    expect(isRetryableByGenericPolicy({ status: 404, bodyCode: 'ETIMEDOUT' })).toBe(false);
  });
});

describe('current-user retry policy', () => {
  it('starts with 2000 ms and allows three retries after the first attempt', () => {
    expect(CURRENT_USER_RETRY_POLICY.attempts).toBe(4);
    expect(nextCurrentUserDelay(1, null, { status: 500 }, mid)).toBe(2000);
    expect(nextCurrentUserDelay(4, 2000, { status: 500 }, mid)).toBeNull();
  });

  it('grows the delay by 1.5 with jitter only after network trouble', () => {
    const network = { networkMessage: 'net::ERR_INSUFFICIENT_RESOURCES' };
    expect(nextCurrentUserDelay(2, 2000, network, mid)).toBe(3000);
    expect(nextCurrentUserDelay(2, 2000, network, high)).toBe(3300);
    expect(nextCurrentUserDelay(2, 2000, { status: 503 }, high)).toBe(2000);
  });

  it('never goes above the 30 s cap', () => {
    const network = { networkMessage: 'Network Error' };
    expect(nextCurrentUserDelay(2, 29_000, network, high)).toBe(30_000);
  });

  it('stops at once on 401 and 404', () => {
    expect(nextCurrentUserDelay(1, null, { status: 401 })).toBeNull();
    expect(nextCurrentUserDelay(1, null, { status: 404 })).toBeNull();
  });

  it('treats only answerless failures as network errors', () => {
    expect(isResourceOrNetworkError({ networkMessage: 'Network Error' })).toBe(true);
    expect(isResourceOrNetworkError({ status: 500, networkMessage: 'Network Error' })).toBe(false);
    expect(isResourceOrNetworkError({ networkMessage: 'boom' })).toBe(false);
  });
});

describe('retry after Retry-After (decision 063)', () => {
  it('waits at least what the server asked, spread over a window as long, doubling per retry', () => {
    expect(retryAfterDelay(5, 1, low)).toBe(5000);
    expect(retryAfterDelay(5, 1, high)).toBe(10_000);
    expect(retryAfterDelay(5, 2, low)).toBe(10_000);
    expect(retryAfterDelay(5, 2, high)).toBe(20_000);
    expect(retryAfterDelay(5, 3, mid)).toBe(30_000);
  });

  it('spreads clients turned away together evenly over the window (no second herd)', () => {
    // 1,000 clients shed in the same second with Retry-After: 5 come back over 5 s, not at once.
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    const perSecond = [0, 0, 0, 0, 0];
    for (let i = 0; i < 1000; i++) {
      const at = retryAfterDelay(5, 1, random)!;
      perSecond[Math.min(4, Math.floor(at / 1000) - 5)]!++;
    }
    for (const count of perSecond) expect(count).toBeGreaterThan(150);
    for (const count of perSecond) expect(count).toBeLessThan(250);
  });

  it('waits at least a second when Retry-After is 0, and at most the cap', () => {
    expect(retryAfterDelay(0, 1, low)).toBe(1000);
    expect(retryAfterDelay(60, 4, high)).toBe(RETRY_AFTER_POLICY.capMs);
  });

  it('stops after the last retry, and never waits for a Retry-After over a minute', () => {
    expect(retryAfterDelay(5, RETRY_AFTER_POLICY.retries, low)).not.toBeNull();
    expect(retryAfterDelay(5, RETRY_AFTER_POLICY.retries + 1, low)).toBeNull();
    expect(retryAfterDelay(5, 0, low)).toBeNull();
    expect(retryAfterDelay(900, 1, low)).toBeNull();
  });

  it('repeats a 503 or 429 with Retry-After when the request may be repeated', () => {
    expect(asksForRetryAfter({ status: 503, retryAfterSeconds: 5 }, true)).toBe(true);
    expect(asksForRetryAfter({ status: 429, retryAfterSeconds: 30 }, true)).toBe(true);
    expect(asksForRetryAfter({ status: 503 }, true)).toBe(false);
    expect(asksForRetryAfter({ status: 500, retryAfterSeconds: 5 }, true)).toBe(false);
    expect(asksForRetryAfter({ status: 429, retryAfterSeconds: 900 }, true)).toBe(false);
  });

  it('repeats a write that may not be repeated only when the server refused it before any work', () => {
    expect(asksForRetryAfter({ status: 503, retryAfterSeconds: 5 }, false)).toBe(false);
    expect(asksForRetryAfter({ status: 429, retryAfterSeconds: 5 }, false)).toBe(false);
    expect(
      asksForRetryAfter({ status: 503, retryAfterSeconds: 5, bodyCode: OVERLOADED_CODE }, false),
    ).toBe(true);
    expect(
      asksForRetryAfter({ status: 429, retryAfterSeconds: 5, bodyCode: OVERLOADED_CODE }, false),
    ).toBe(false);
  });
});
