import { describe, expect, it } from 'vitest';
import {
  LIVE_RECONNECT_MAX_MS,
  LIVE_RECONNECT_MIN_MS,
  liveReconnectDelay,
  mergeLiveDevices,
} from './protocol.js';

describe('liveReconnectDelay', () => {
  it('starts at the minimum and doubles, each wait in the upper half of its step', () => {
    expect(liveReconnectDelay(1, 0)).toBe(LIVE_RECONNECT_MIN_MS / 2);
    expect(liveReconnectDelay(1, 0.999_999)).toBe(LIVE_RECONNECT_MIN_MS);
    expect(liveReconnectDelay(2, 0)).toBe(LIVE_RECONNECT_MIN_MS);
    expect(liveReconnectDelay(3, 0.5)).toBe(1_500);
  });

  it('never waits longer than the maximum, however many attempts failed', () => {
    for (const attempt of [7, 8, 20, 1_000]) {
      expect(liveReconnectDelay(attempt, 0.999_999)).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS);
      expect(liveReconnectDelay(attempt, 0)).toBe(LIVE_RECONNECT_MAX_MS / 2);
    }
  });

  it('spreads tabs that reconnect together over half a step', () => {
    const waits = Array.from({ length: 100 }, (_, i) => liveReconnectDelay(4, i / 100));
    expect(new Set(waits).size).toBeGreaterThan(90);
    expect(Math.min(...waits)).toBe(2_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(4_000);
  });

  it('reads a nonsense attempt or draw as the first', () => {
    expect(liveReconnectDelay(0, -1)).toBe(LIVE_RECONNECT_MIN_MS / 2);
    expect(liveReconnectDelay(-5, 2)).toBe(LIVE_RECONNECT_MIN_MS);
  });
});

describe('mergeLiveDevices', () => {
  it('counts a device once across instances and lists them in a stable order', () => {
    const merged = mergeLiveDevices([
      [
        { id: 'b', label: 'Firefox on Linux' },
        { id: 'a', label: 'Chrome on Android' },
      ],
      [{ id: 'b', label: 'Firefox on Linux' }],
      [],
    ]);
    expect(merged).toEqual([
      { id: 'a', label: 'Chrome on Android' },
      { id: 'b', label: 'Firefox on Linux' },
    ]);
  });
});
