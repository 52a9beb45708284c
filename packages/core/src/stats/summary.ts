import {
  WEEKDAYS,
  addDays,
  dayNumber,
  weekdayIndexOf,
  type IsoDate,
  type Weekday,
} from './days.js';

/** Completed sessions of one local day. */
export interface DayAggregate {
  date: IsoDate;
  count: number;
  minutes: number;
}

export interface WeekdayActivity {
  count: number;
  totalMinutes: number;
}
export type ActivityByWeekday = Record<Weekday, WeekdayActivity>;

export interface HeatmapEntry {
  date: IsoDate;
  count: number;
  minutes: number;
}

/** GET /pomodoro/stats, every field always present (DESIGN §4). */
export interface StatsResponse {
  totalSessions: number;
  completedSessions: number;
  totalMinutes: number;
  totalFocusTime: number;
  totalFocusTimeMinutes: number;
  averageSessionMinutes: number;
  averageSessionDuration: number;
  averageSessionDurationMinutes: number;
  lastWeekActivity: ActivityByWeekday;
  last30DaysActivity: ActivityByWeekday;
  allTimeActivity: ActivityByWeekday;
  mostProductiveDay: { day: Weekday; minutes: number; count: number } | null;
  averageDailySessions: number;
  completionTrend: { currentWeek: number; previousWeek: number; percentChange: number };
  currentStreak: number;
  longestStreak: number;
  activityHeatmap: HeatmapEntry[];
  heatmapData: HeatmapEntry[];
}

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

/** A day with its date parsed once: `day` counts days from 1970-01-01. */
interface NumberedDay extends DayAggregate {
  day: number;
}

function byWeekday(days: readonly NumberedDay[]): ActivityByWeekday {
  const result = emptyWeekdays();
  for (const day of days) {
    const slot = result[WEEKDAYS[weekdayIndexOf(day.day)]!];
    slot.count += day.count;
    slot.totalMinutes += day.minutes;
  }
  return result;
}

function countOf(days: readonly NumberedDay[]): number {
  let n = 0;
  for (const d of days) n += d.count;
  return n;
}

/**
 * Every statistics field of DESIGN §4 from per-local-day aggregates of completed sessions and
 * the all-session counts. `days` may be in any order and may include days after `today`.
 */
export function computeStats(input: {
  days: readonly DayAggregate[];
  totalSessions: number;
  today: IsoDate;
}): StatsResponse {
  const { today } = input;
  const todayNumber = dayNumber(today);
  // Dates are parsed once here; everything below compares day numbers (10 years of days
  // made repeated string parsing the bulk of the work).
  const days: NumberedDay[] = [];
  for (const d of input.days) {
    if (d.count > 0 && d.date <= today) days.push({ ...d, day: dayNumber(d.date) });
  }
  const completedSessions = countOf(days);
  const totalMinutes = days.reduce((n, d) => n + d.minutes, 0);
  const averageSessionMinutes =
    completedSessions === 0 ? 0 : Math.round(totalMinutes / completedSessions);

  const within = (n: number) => days.filter((d) => todayNumber - d.day < n);
  const lastWeek = within(7);
  const allTimeActivity = byWeekday(days);

  let mostProductiveDay: StatsResponse['mostProductiveDay'] = null;
  if (completedSessions > 0) {
    for (const day of WEEKDAYS) {
      const a = allTimeActivity[day];
      if (a.count > 0 && (!mostProductiveDay || a.totalMinutes > mostProductiveDay.minutes)) {
        mostProductiveDay = { day, minutes: a.totalMinutes, count: a.count };
      }
    }
  }

  const thisMonday = todayNumber - weekdayIndexOf(todayNumber);
  const lastMonday = thisMonday - 7;
  const currentWeek = countOf(days.filter((d) => d.day >= thisMonday));
  const previousWeek = countOf(days.filter((d) => d.day >= lastMonday && d.day < thisMonday));
  const percentChange =
    previousWeek === 0
      ? currentWeek > 0
        ? 100
        : 0
      : Math.round(((currentWeek - previousWeek) / previousWeek) * 100);

  const { current, longest } = streakOfDayNumbers(
    days.map((d) => d.day),
    todayNumber,
  );

  const byDate = new Map(days.map((d) => [d.date, d]));
  const heatmap: HeatmapEntry[] = [];
  for (let i = HEATMAP_DAYS - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    const d = byDate.get(date);
    heatmap.push({ date, count: d?.count ?? 0, minutes: d?.minutes ?? 0 });
  }

  return {
    totalSessions: input.totalSessions,
    completedSessions,
    totalMinutes,
    totalFocusTime: totalMinutes,
    totalFocusTimeMinutes: totalMinutes,
    averageSessionMinutes,
    averageSessionDuration: averageSessionMinutes,
    averageSessionDurationMinutes: averageSessionMinutes,
    lastWeekActivity: byWeekday(lastWeek),
    last30DaysActivity: byWeekday(within(30)),
    allTimeActivity,
    mostProductiveDay,
    averageDailySessions: round2(countOf(lastWeek) / 7),
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
  return streakOfDayNumbers(dates.filter((d) => d <= today).map(dayNumber), dayNumber(today));
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
