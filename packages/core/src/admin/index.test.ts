import { describe, expect, it } from 'vitest';
import { adminPageCount, fillAdminSeries, utcDayBefore } from './index.js';

describe('fillAdminSeries', () => {
  const now = new Date('2031-03-03T09:00:00.000Z');

  it('has one entry per UTC day, oldest first, ending today, zero where the database had none', () => {
    const series = fillAdminSeries([], now);
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '2031-02-02', signups: 0, sessions: 0, focus_minutes: 0 });
    expect(series.at(-1)!.date).toBe('2031-03-03');
  });

  it('merges rows of the same day from separate queries and ignores days outside the window', () => {
    const series = fillAdminSeries(
      [
        { date: '2031-03-03', signups: 2 },
        { date: '2031-03-03', sessions: 5, focus_minutes: 100 },
        { date: '2031-03-01', sessions: 1, focus_minutes: 25 },
        { date: '2030-12-31', sessions: 9 },
      ],
      now,
      3,
    );
    expect(series).toEqual([
      { date: '2031-03-01', signups: 0, sessions: 1, focus_minutes: 25 },
      { date: '2031-03-02', signups: 0, sessions: 0, focus_minutes: 0 },
      { date: '2031-03-03', signups: 2, sessions: 5, focus_minutes: 100 },
    ]);
  });
});

describe('utcDayBefore', () => {
  it('counts UTC days, across month ends, whatever the hour', () => {
    expect(utcDayBefore(new Date('2031-03-01T23:59:59.999Z'), 1)).toBe('2031-02-28');
    expect(utcDayBefore(new Date('2031-03-01T00:00:00.000Z'), 0)).toBe('2031-03-01');
  });
});

describe('adminPageCount', () => {
  it('is at least one page, rounding up', () => {
    expect(adminPageCount(0, 20)).toBe(1);
    expect(adminPageCount(41, 20)).toBe(3);
  });
});
