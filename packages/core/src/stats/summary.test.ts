import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS, addDays, dayNumber, localDate, mondayOf, weekdayOf } from './days.js';
import { computeStats, streaks } from './summary.js';

describe('calendar days', () => {
  it('knows weekdays, Mondays and month ends', () => {
    expect(weekdayOf('2026-11-22')).toBe('Sunday');
    expect(weekdayOf('2026-11-23')).toBe('Monday');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('numbers days and names weekdays as the calendar does, before 1970 too', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        fc.integer({ min: -4000, max: 4000 }),
        (instant, offset) => {
          const date = instant.toISOString().slice(0, 10);
          const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
          expect(weekdayOf(date)).toBe(WEEKDAYS[(sundayFirst + 6) % 7]);
          expect(dayNumber(addDays(date, offset)) - dayNumber(date)).toBe(offset);
        },
      ),
    );
  });

  it('finds the local day of an instant in a zone', () => {
    // 23:30 in Los Angeles on the 21st is 07:30 UTC on the 22nd.
    expect(localDate(Date.UTC(2026, 10, 22, 7, 30), 'America/Los_Angeles')).toBe('2026-11-21');
    // 00:30 in Tokyo on the 22nd is 15:30 UTC on the 21st.
    expect(localDate(Date.UTC(2026, 10, 21, 15, 30), 'Asia/Tokyo')).toBe('2026-11-22');
    expect(localDate(Date.UTC(2026, 10, 21, 15, 30), 'UTC')).toBe('2026-11-21');
  });
});

describe('streaks', () => {
  it('counts a current streak ending today or yesterday, and the longest', () => {
    expect(streaks(['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-22')).toEqual({
      current: 3,
      longest: 3,
    });
    expect(streaks(['2026-11-20', '2026-11-21'], '2026-11-22')).toEqual({ current: 2, longest: 2 });
    expect(streaks(['2026-11-19', '2026-11-20'], '2026-11-22')).toEqual({ current: 0, longest: 2 });
  });

  it('breaks on a missing day and resumes', () => {
    const dates = [
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-06',
      '2026-11-07',
    ];
    expect(streaks(dates, '2026-11-07')).toEqual({ current: 2, longest: 4 });
  });
});

describe('computeStats', () => {
  const today = '2026-11-22'; // a Sunday

  it('gives every field for a user with no sessions', () => {
    const stats = computeStats({ days: [], totalSessions: 0, today });
    expect(stats.totalSessions).toBe(0);
    expect(stats.averageSessionMinutes).toBe(0);
    expect(stats.mostProductiveDay).toBeNull();
    expect(stats.completionTrend).toEqual({ currentWeek: 0, previousWeek: 0, percentChange: 0 });
    expect(Object.keys(stats.lastWeekActivity)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(stats.activityHeatmap).toHaveLength(365);
    expect(stats.activityHeatmap[0]).toEqual({ date: '2025-11-23', count: 0, minutes: 0 });
    expect(stats.activityHeatmap.at(-1)).toEqual({ date: today, count: 0, minutes: 0 });
    expect(stats.heatmapData).toBe(stats.activityHeatmap);
  });

  it('works every field out of hand-placed days', () => {
    const stats = computeStats({
      totalSessions: 9,
      today,
      days: [
        { date: '2026-11-22', count: 2, minutes: 50 }, // Sunday, this week
        { date: '2026-11-17', count: 1, minutes: 25 }, // Tuesday, this week
        { date: '2026-11-16', count: 1, minutes: 30 }, // Monday, this week (7th day back)
        { date: '2026-11-15', count: 2, minutes: 40 }, // Sunday, last week, 8th day back
        { date: '2026-10-01', count: 1, minutes: 60 }, // Thursday, older than 30 days
      ],
    });
    expect(stats.completedSessions).toBe(7);
    expect(stats.totalMinutes).toBe(205);
    expect(stats.totalFocusTime).toBe(205);
    expect(stats.averageSessionMinutes).toBe(29);
    expect(stats.lastWeekActivity.Sunday).toEqual({ count: 2, totalMinutes: 50 });
    expect(stats.lastWeekActivity.Monday).toEqual({ count: 1, totalMinutes: 30 });
    expect(stats.last30DaysActivity.Sunday).toEqual({ count: 4, totalMinutes: 90 });
    expect(stats.allTimeActivity.Thursday).toEqual({ count: 1, totalMinutes: 60 });
    expect(stats.mostProductiveDay).toEqual({ day: 'Sunday', minutes: 90, count: 4 });
    expect(stats.averageDailySessions).toBe(0.57);
    expect(stats.completionTrend).toEqual({ currentWeek: 4, previousWeek: 2, percentChange: 100 });
    expect(stats.currentStreak).toBe(1);
    expect(stats.longestStreak).toBe(3); // the 15th, 16th and 17th
  });

  it('breaks a most-productive tie towards the earlier weekday', () => {
    const stats = computeStats({
      totalSessions: 2,
      today,
      days: [
        { date: '2026-11-20', count: 1, minutes: 25 }, // Friday
        { date: '2026-11-17', count: 1, minutes: 25 }, // Tuesday
      ],
    });
    expect(stats.mostProductiveDay?.day).toBe('Tuesday');
  });

  it('reports 100 percent when last week was empty and this week is not, and negative changes', () => {
    expect(
      computeStats({ totalSessions: 1, today, days: [{ date: today, count: 1, minutes: 25 }] })
        .completionTrend,
    ).toEqual({ currentWeek: 1, previousWeek: 0, percentChange: 100 });
    expect(
      computeStats({
        totalSessions: 4,
        today,
        days: [
          { date: '2026-11-10', count: 3, minutes: 75 },
          { date: '2026-11-18', count: 1, minutes: 25 },
        ],
      }).completionTrend,
    ).toEqual({ currentWeek: 1, previousWeek: 3, percentChange: -67 });
  });
});
