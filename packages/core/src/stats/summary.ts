import type { StatsResponseJson } from '../schemas/pomodoro.js';
import { WEEKDAYS, dateOfDayNumber, dayNumber, weekdayIndexOf, type IsoDate } from './days.js';

/** Completed sessions of one local day. */
export interface DayAggregate {
  date: IsoDate;
  count: number;
  minutes: number;
}

/**
 * GET /pomodoro/stats, every field always present (product §7). The type is the zod schema's
 * (`import type`: zod stays out of core's runtime, decision 001).
 */
export type StatsResponse = StatsResponseJson;
export type ActivityByWeekday = StatsResponse['allTimeActivity'];
export type HeatmapEntry = StatsResponse['activityHeatmap'][number];

/** The heatmap's local days, today the last (product §9). */
export const HEATMAP_DAYS = 365;

/** Rounds to two decimals as a JSON number. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function emptyWeekdays(): ActivityByWeekday {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, { count: 0, totalMinutes: 0 }]),
  ) as ActivityByWeekday;
}

/** Per-weekday sums, Monday first, while the days are walked. */
class WeekdayTally {
  private readonly counts = [0, 0, 0, 0, 0, 0, 0];
  private readonly minutes = [0, 0, 0, 0, 0, 0, 0];

  add(weekday: number, count: number, minutes: number): void {
    this.counts[weekday]! += count;
    this.minutes[weekday]! += minutes;
  }

  toRecord(): ActivityByWeekday {
    const result = emptyWeekdays();
    WEEKDAYS.forEach((day, i) => {
      result[day] = { count: this.counts[i]!, totalMinutes: this.minutes[i]! };
    });
    return result;
  }
}

/**
 * Every statistics field of product §7 from per-local-day aggregates of completed sessions and
 * the all-session counts. `days` may be in any order and may include days after `today`.
 *
 * One pass over the days, each date parsed once: ten years are ~3,650 days, and this runs on
 * every read that follows a write, whose whole request has a budget of 25 ms.
 */
export function computeStats(input: {
  days: readonly DayAggregate[];
  totalSessions: number;
  today: IsoDate;
}): StatsResponse {
  const { today } = input;
  const todayNumber = dayNumber(today);
  // Weeks start on Monday (product §3) for every reader: this answer is shared by all clients,
  // whatever the first day of their locale's week (that only changes the web's calendar layout).
  const thisMonday = todayNumber - weekdayIndexOf(todayNumber);
  const lastMonday = thisMonday - 7;

  let completedSessions = 0;
  let totalMinutes = 0;
  let currentWeek = 0;
  let previousWeek = 0;
  let lastWeekCount = 0;
  const allTime = new WeekdayTally();
  const lastWeek = new WeekdayTally();
  const last30 = new WeekdayTally();
  const activeDays: number[] = [];
  // Index 0 is 364 days ago, the last one today.
  const heatmapCounts = new Array<number>(HEATMAP_DAYS).fill(0);
  const heatmapMinutes = new Array<number>(HEATMAP_DAYS).fill(0);

  for (const d of input.days) {
    if (d.count <= 0 || d.date > today) continue;
    const day = dayNumber(d.date);
    const age = todayNumber - day;
    const weekday = weekdayIndexOf(day);
    completedSessions += d.count;
    totalMinutes += d.minutes;
    allTime.add(weekday, d.count, d.minutes);
    if (age < 30) last30.add(weekday, d.count, d.minutes);
    if (age < 7) {
      lastWeek.add(weekday, d.count, d.minutes);
      lastWeekCount += d.count;
    }
    if (day >= thisMonday) currentWeek += d.count;
    else if (day >= lastMonday) previousWeek += d.count;
    if (age < HEATMAP_DAYS) {
      heatmapCounts[HEATMAP_DAYS - 1 - age]! += d.count;
      heatmapMinutes[HEATMAP_DAYS - 1 - age]! += d.minutes;
    }
    activeDays.push(day);
  }

  const averageSessionMinutes =
    completedSessions === 0 ? 0 : Math.round(totalMinutes / completedSessions);
  const allTimeActivity = allTime.toRecord();

  let mostProductiveDay: StatsResponse['mostProductiveDay'] = null;
  for (const day of WEEKDAYS) {
    const a = allTimeActivity[day];
    if (a.count > 0 && (!mostProductiveDay || a.totalMinutes > mostProductiveDay.minutes)) {
      mostProductiveDay = { day, minutes: a.totalMinutes, count: a.count };
    }
  }

  const percentChange =
    previousWeek === 0
      ? currentWeek > 0
        ? 100
        : 0
      : Math.round(((currentWeek - previousWeek) / previousWeek) * 100);

  const { current, longest } = streakOfDayNumbers(activeDays, todayNumber);

  const heatmap: HeatmapEntry[] = heatmapCounts.map((count, i) => ({
    date: dateOfDayNumber(todayNumber - (HEATMAP_DAYS - 1 - i)),
    count,
    minutes: heatmapMinutes[i]!,
  }));

  return {
    totalSessions: input.totalSessions,
    completedSessions,
    totalMinutes,
    totalFocusTime: totalMinutes,
    totalFocusTimeMinutes: totalMinutes,
    averageSessionMinutes,
    averageSessionDuration: averageSessionMinutes,
    averageSessionDurationMinutes: averageSessionMinutes,
    lastWeekActivity: lastWeek.toRecord(),
    last30DaysActivity: last30.toRecord(),
    allTimeActivity,
    mostProductiveDay,
    averageDailySessions: round2(lastWeekCount / 7),
    completionTrend: { currentWeek, previousWeek, percentChange },
    currentStreak: current,
    longestStreak: longest,
    activityHeatmap: heatmap,
    heatmapData: heatmap,
  };
}

/**
 * Streaks of consecutive local days with a completed session; the current one must end today or
 * yesterday (a day not over yet does not break it).
 */
export function streaks(
  dates: readonly IsoDate[],
  today: IsoDate,
): { current: number; longest: number } {
  return streakOfDayNumbers(dates.map(dayNumber), dayNumber(today));
}

function streakOfDayNumbers(
  dayNumbers: readonly number[],
  today: number,
): { current: number; longest: number } {
  const sorted = [...new Set(dayNumbers)].filter((d) => d <= today).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of sorted) {
    run = previous !== null && day - previous === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const last = sorted.at(-1);
  const current = last !== undefined && today - last <= 1 ? run : 0;
  return { current, longest };
}
