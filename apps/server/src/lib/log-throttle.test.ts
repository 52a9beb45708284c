import { describe, expect, it } from 'vitest';
import { LogThrottle } from './log-throttle.js';

describe('LogThrottle', () => {
  it('logs the first at once, counts the rest of the interval, and reports them with the next', () => {
    let now = 1_000;
    const throttle = new LogThrottle(10_000, () => now);
    expect(throttle.take()).toEqual({ skipped: 0 });
    now += 1;
    expect(throttle.take()).toBeNull();
    now += 5_000;
    expect(throttle.take()).toBeNull();
    now += 4_999;
    expect(throttle.take()).toEqual({ skipped: 2 });
    now += 10_000;
    expect(throttle.take()).toEqual({ skipped: 0 });
  });
});
