import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  WEEKDAYS,
  addDays,
  dayOfWeekFrom,
  daysBetween,
  mondayOf,
  startOfWeek,
  weekdayIndexOfDate,
  weekdayOf,
  weekdayOrder,
} from './days.js';

// 2026-11-22 is a Sunday, 2026-11-21 a Saturday, 2026-11-23 a Monday.
const MONDAY = 0;
const SATURDAY = 5;
const SUNDAY = 6;

describe('weekdayIndexOfDate', () => {
  it('counts from Monday as WEEKDAYS does', () => {
    expect(weekdayIndexOfDate('2026-11-23')).toBe(0);
    expect(weekdayIndexOfDate('2026-11-21')).toBe(5);
    expect(weekdayIndexOfDate('2026-11-22')).toBe(6);
    expect(WEEKDAYS[weekdayIndexOfDate('2026-11-22')]).toBe('Sunday');
  });
});

describe('startOfWeek', () => {
  it('is the Monday before for a Monday-first week, as mondayOf', () => {
    expect(startOfWeek('2026-11-22', MONDAY)).toBe('2026-11-16');
    expect(startOfWeek('2026-11-23', MONDAY)).toBe('2026-11-23');
  });

  it('starts a Sunday-first week on the Sunday on or before the date', () => {
    expect(startOfWeek('2026-11-22', SUNDAY)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-21', SUNDAY)).toBe('2026-11-15');
    expect(startOfWeek('2026-11-23', SUNDAY)).toBe('2026-11-22');
  });

  it('starts a Saturday-first week on the Saturday on or before the date, across a year end', () => {
    expect(startOfWeek('2026-11-21', SATURDAY)).toBe('2026-11-21');
    expect(startOfWeek('2026-11-20', SATURDAY)).toBe('2026-11-14');
    // 2027-01-01 is a Friday: its Saturday-first week began in 2026.
    expect(startOfWeek('2027-01-01', SATURDAY)).toBe('2026-12-26');
  });

  it('is always the given weekday, at most six days before, for any first day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 6 }),
        (instant, firstDay) => {
          const date = instant.toISOString().slice(0, 10);
          const start = startOfWeek(date, firstDay);
          expect(weekdayIndexOfDate(start)).toBe(firstDay);
          expect(daysBetween(start, date)).toBe(dayOfWeekFrom(date, firstDay));
          expect(daysBetween(start, date)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(start, date)).toBeLessThan(7);
          expect(startOfWeek(date, 0)).toBe(mondayOf(date));
        },
      ),
    );
  });
});

describe('dayOfWeekFrom', () => {
  it('places a day in a week that starts on the given weekday', () => {
    expect(dayOfWeekFrom('2026-11-22', SUNDAY)).toBe(0);
    expect(dayOfWeekFrom('2026-11-21', SUNDAY)).toBe(6);
    expect(dayOfWeekFrom('2026-11-21', SATURDAY)).toBe(0);
    expect(dayOfWeekFrom('2026-11-20', SATURDAY)).toBe(6);
    expect(dayOfWeekFrom('2026-11-22', MONDAY)).toBe(6);
  });
});

describe('weekdayOrder', () => {
  it('lists the seven weekdays from the first day of the week', () => {
    expect(weekdayOrder(MONDAY)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder(SUNDAY).map((i) => WEEKDAYS[i])).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekdayOrder(SATURDAY)).toEqual([5, 6, 0, 1, 2, 3, 4]);
  });

  it('agrees with the layout of consecutive days', () => {
    const start = startOfWeek('2026-11-18', SATURDAY);
    const names = Array.from({ length: 7 }, (_, i) => weekdayOf(addDays(start, i)));
    expect(names).toEqual(weekdayOrder(SATURDAY).map((i) => WEEKDAYS[i]));
  });
});
