import { describe, expect, it } from 'vitest';
import { CLOCK_SAMPLES_KEPT, estimateClockOffset, keepClockSample } from './clock-offset.js';

describe('estimateClockOffset', () => {
  it('takes the midpoint of the quickest exchange', () => {
    // The device runs 5 s behind the server.
    const samples = [
      { sentAt: 1000, serverAt: 6400, receivedAt: 1600 }, // slow: 600 ms
      { sentAt: 2000, serverAt: 7040, receivedAt: 2080 }, // quick: 80 ms
      { sentAt: 3000, serverAt: 8300, receivedAt: 3400 },
    ];
    expect(estimateClockOffset(samples)).toEqual({ offsetMs: 5000, errorMs: 40 });
  });

  it('works for a device ahead of the server', () => {
    expect(estimateClockOffset([{ sentAt: 10_000, serverAt: 7_050, receivedAt: 10_100 }])).toEqual({
      offsetMs: -3000,
      errorMs: 50,
    });
  });

  it('skips samples that cannot be right and has no estimate without one', () => {
    expect(estimateClockOffset([])).toBeNull();
    expect(
      estimateClockOffset([
        { sentAt: 2000, serverAt: 5000, receivedAt: 1000 },
        { sentAt: Number.NaN, serverAt: 5000, receivedAt: 1000 },
      ]),
    ).toBeNull();
  });
});

describe('keepClockSample', () => {
  it('keeps the latest samples only', () => {
    let kept: ReturnType<typeof keepClockSample> = [];
    for (let i = 0; i < CLOCK_SAMPLES_KEPT + 3; i++) {
      kept = keepClockSample(kept, { sentAt: i, serverAt: i, receivedAt: i });
    }
    expect(kept).toHaveLength(CLOCK_SAMPLES_KEPT);
    expect(kept[0]!.sentAt).toBe(3);
  });
});
