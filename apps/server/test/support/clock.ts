import type { Clock } from '../../src/lib/clock.js';

/** A clock tests move by hand: expiry and rate-limit windows without waiting. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2031-03-03T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }

  advanceHours(hours: number): void {
    this.advance(hours * 3_600_000);
  }
}
