/**
 * At most one log entry per `intervalMs` for a condition that can repeat on every request (the
 * database away: every request answers 503). The first occurrence is logged at once; the ones in
 * the next interval are only counted, and the next entry says how many were left out, so an
 * outage shows in the logs as a few lines rather than thousands.
 */
export class LogThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private skipped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /** Null: do not log this one. Otherwise log it, with how many were left out since the last. */
  take(): { skipped: number } | null {
    const now = this.now();
    if (now - this.lastAt < this.intervalMs) {
      this.skipped += 1;
      return null;
    }
    const skipped = this.skipped;
    this.lastAt = now;
    this.skipped = 0;
    return { skipped };
  }
}
