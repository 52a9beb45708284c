import {
  WEEKDAYS,
  addDays,
  daysBetween,
  mondayOf,
  weekdayOf,
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

function byWeekday(days: readonly DayAggregate[]): ActivityByWeekday {
  const result = emptyWeekdays();
  for (const day of days) {
    const slot = result[weekdayOf(day.date)];
    slot.count += day.count;
    slot.totalMinutes += day.minutes;
  }
  return result;
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
  const days = input.days.filter((d) => d.count > 0 && d.date <= today);
  const completedSessions = days.reduce((n, d) => n + d.count, 0);
  const totalMinutes = days.reduce((n, d) => n + d.minutes, 0);
  const averageSessionMinutes =
    completedSessions === 0 ? 0 : Math.round(totalMinutes / completedSessions);

  const within = (n: number) => days.filter((d) => daysBetween(d.date, today) < n);
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

  const thisMonday = mondayOf(today);
  const lastMonday = addDays(thisMonday, -7);
  const currentWeek = days.filter((d) => d.date >= thisMonday).reduce((n, d) => n + d.count, 0);
  const previousWeek = days
    .filter((d) => d.date >= lastMonday && d.date < thisMonday)
    .reduce((n, d) => n + d.count, 0);
  const percentChange =
    previousWeek === 0
      ? currentWeek > 0
        ? 100
        : 0
      : Math.round(((currentWeek - previousWeek) / previousWeek) * 100);

  const { current, longest } = streaks(
    days.map((d) => d.date),
    today,
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
    averageDailySessions: round2(lastWeek.reduce((n, d) => n + d.count, 0) / 7),
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
  const sorted = [...new Set(dates)].filter((d) => d <= today).sort();
  let longest = 0;
  let run = 0;
  let previous: IsoDate | null = null;
  for (const date of sorted) {
    run = previous !== null && daysBetween(previous, date) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = date;
  }
  const last = sorted.at(-1);
  const current = last !== undefined && daysBetween(last, today) <= 1 ? run : 0;
  return { current, longest };
}
