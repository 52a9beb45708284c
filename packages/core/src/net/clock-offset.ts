/**
 * A device's clock against the server's (issue 33: every device shows the same time left to
 * within a second). Each sample is one exchange: the device's clock when it sent, the server's
 * clock when it answered, the device's clock when the answer arrived. The server answered at some
 * instant within the round trip, so the sample with the shortest round trip bounds the offset
 * best: its midpoint, with half the round trip as the error (Cristian's algorithm, as NTP picks
 * its best sample).
 */
export interface ClockSample {
  sentAt: number;
  serverAt: number;
  receivedAt: number;
}

export interface ClockOffset {
  /** Add to the device's clock to get the server's. */
  offsetMs: number;
  /** The offset is right to within this many milliseconds. */
  errorMs: number;
}

/** How many recent samples a device keeps: enough to find a quick exchange among slow ones. */
export const CLOCK_SAMPLES_KEPT = 8;

/** The best estimate from the samples, or null when none is usable. */
export function estimateClockOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockOffset | null = null;
  for (const { sentAt, serverAt, receivedAt } of samples) {
    const roundTrip = receivedAt - sentAt;
    if (![sentAt, serverAt, receivedAt].every(Number.isFinite) || roundTrip < 0) continue;
    const errorMs = roundTrip / 2;
    if (best && best.errorMs <= errorMs) continue;
    best = { offsetMs: Math.round(serverAt - (sentAt + errorMs)), errorMs };
  }
  return best;
}

/** The samples to keep after a new one: the latest CLOCK_SAMPLES_KEPT (clocks drift). */
export function keepClockSample(
  samples: readonly ClockSample[],
  sample: ClockSample,
): ClockSample[] {
  return [...samples, sample].slice(-CLOCK_SAMPLES_KEPT);
}
