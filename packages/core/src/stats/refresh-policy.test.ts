import { describe, expect, it } from 'vitest';
import {
  autoRefreshDelay,
  isAutoRefreshDue,
  isRefreshDebounced,
  shouldRetryStatsFetch,
  statsRetryDelay,
} from './refresh-policy.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0);

describe('the refresh policy', () => {
  it('lets automatic refreshes run at most every 60 s, 120 s after a server error', () => {
    expect(isAutoRefreshDue(NOW, null, false)).toBe(true);
    expect(isAutoRefreshDue(NOW, NOW - 59_999, false)).toBe(false);
    expect(isAutoRefreshDue(NOW, NOW - 60_000, false)).toBe(true);
    expect(isAutoRefreshDue(NOW, NOW - 60_000, true)).toBe(false);
    expect(isAutoRefreshDue(NOW, NOW - 120_000, true)).toBe(true);
    expect(autoRefreshDelay(NOW, NOW - 20_000, false)).toBe(40_000);
    expect(autoRefreshDelay(NOW, NOW - 20_000, true)).toBe(100_000);
  });

  it('skips a requested refresh under 30 s after the last one, under 10 s when an error shows', () => {
    expect(isRefreshDebounced(NOW, null, false)).toBe(false);
    expect(isRefreshDebounced(NOW, NOW - 29_999, false)).toBe(true);
    expect(isRefreshDebounced(NOW, NOW - 30_000, false)).toBe(false);
    expect(isRefreshDebounced(NOW, NOW - 9_999, true)).toBe(true);
    expect(isRefreshDebounced(NOW, NOW - 10_000, true)).toBe(false);
  });

  it('retries twice, never for a 500, a 401 or a client error', () => {
    expect(shouldRetryStatsFetch(0, {})).toBe(true);
    expect(shouldRetryStatsFetch(1, { status: 503 })).toBe(true);
    expect(shouldRetryStatsFetch(2, { status: 503 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 500 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 401 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 400 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 429 })).toBe(true);
    expect(shouldRetryStatsFetch(0, { unexpected: true })).toBe(false);
  });

  it('backs off exponentially', () => {
    expect([0, 1, 2, 10].map(statsRetryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
