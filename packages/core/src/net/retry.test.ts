import { describe, expect, it } from 'vitest';
import {
  CURRENT_USER_RETRY_POLICY,
  GENERIC_RETRY_POLICY,
  backoffDelay,
  isResourceOrNetworkError,
  isRetryableByGenericPolicy,
  nextCurrentUserDelay,
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
