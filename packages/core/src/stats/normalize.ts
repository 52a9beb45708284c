import type { Session } from '../schemas/pomodoro.js';
import { DEFAULT_SESSION_TASK, type SessionRecord } from '../timer/session.js';
import { WEEKDAYS, type Weekday } from './days.js';
import {
  round2,
  type ActivityByWeekday,
  type HeatmapEntry,
  type StatsResponse,
} from './summary.js';

/**
 * The client's reading of the statistics (product §3 statistics summary and focus session, §4
 * adding a session), as pure functions: answers from our server or an older one become the
 * shapes the page shows, with the fallbacks product §3 names.
 */

// ---------------------------------------------------------------------------------------------
// Statistics summary (product §3)

/** Product §9: the default divisor for average daily sessions. */
const AVERAGE_DAILY_SESSIONS_DIVISOR = 7;

/**
 * The statistics summary the client shows (product §3): the stats answer without the server's
 * own names that normalizeStatsSummary reads once (totalMinutes becomes totalFocusTime and
 * totalFocusTimeMinutes, averageSessionMinutes the two averageSessionDuration fields, and
 * heatmapData the fallback of activityHeatmap). Totals are in minutes; the heatmap is local
 * days, oldest first.
 */
export type StatsSummary = Omit<
  StatsResponse,
  'totalMinutes' | 'averageSessionMinutes' | 'heatmapData'
>;

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function emptyActivity(): ActivityByWeekday {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, { count: 0, totalMinutes: 0 }]),
  ) as ActivityByWeekday;
}

/** Every weekday present, missing or malformed ones as zeros. */
function normalizeActivity(value: unknown): ActivityByWeekday {
  const result = emptyActivity();
  const source = record(value);
  if (!source) return result;
  for (const day of WEEKDAYS) {
    const slot = record(source[day]);
    if (!slot) continue;
    result[day] = {
      count: finite(slot.count) ?? 0,
      totalMinutes: finite(slot.totalMinutes) ?? 0,
    };
  }
  return result;
}

function normalizeHeatmap(value: unknown): HeatmapEntry[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const entries: HeatmapEntry[] = [];
  for (const item of value) {
    const entry = record(item);
    if (!entry || typeof entry.date !== 'string') continue;
    entries.push({
      date: entry.date,
      count: finite(entry.count) ?? 0,
      minutes: finite(entry.minutes) ?? 0,
    });
  }
  return entries;
}

function normalizeMostProductiveDay(value: unknown): StatsSummary['mostProductiveDay'] {
  const day = record(value);
  if (!day || !(WEEKDAYS as readonly unknown[]).includes(day.day)) return null;
  return {
    day: day.day as Weekday,
    minutes: finite(day.minutes) ?? 0,
    count: finite(day.count) ?? 0,
  };
}

function normalizeTrend(value: unknown): StatsSummary['completionTrend'] {
  const trend = record(value);
  return {
    currentWeek: finite(trend?.currentWeek) ?? 0,
    previousWeek: finite(trend?.previousWeek) ?? 0,
    percentChange: finite(trend?.percentChange) ?? 0,
  };
}

/** Product §4: the summary used when a fetch fails and nothing is cached. */
export function emptyStatsSummary(): StatsSummary {
  return {
    totalSessions: 0,
    completedSessions: 0,
    totalFocusTime: 0,
    totalFocusTimeMinutes: 0,
    lastWeekActivity: emptyActivity(),
    last30DaysActivity: emptyActivity(),
    allTimeActivity: emptyActivity(),
    averageSessionDuration: 0,
    averageSessionDurationMinutes: 0,
    mostProductiveDay: null,
    averageDailySessions: 0,
    completionTrend: { currentWeek: 0, previousWeek: 0, percentChange: 0 },
    currentStreak: 0,
    longestStreak: 0,
    activityHeatmap: [],
  };
}

/**
 * Product §3: the summary from a stats answer, with its fallbacks. totalFocusTime(+Minutes)
 * come from totalMinutes, averageSessionDuration(+Minutes) from averageSessionMinutes,
 * averageDailySessions falls back to totalSessions / 7 with two decimals and activityHeatmap to
 * heatmapData. The fallbacks apply only when a field is missing: our server always sends every
 * field, older or foreign ones may not. Anything that is not an object reads as
 * the empty summary.
 */
export function normalizeStatsSummary(raw: unknown): StatsSummary {
  const source = record(raw);
  if (!source) return emptyStatsSummary();
  const totalSessions = finite(source.totalSessions) ?? 0;
  const totalMinutes =
    finite(source.totalMinutes) ??
    finite(source.totalFocusTimeMinutes) ??
    finite(source.totalFocusTime) ??
    0;
  const averageMinutes =
    finite(source.averageSessionMinutes) ??
    finite(source.averageSessionDurationMinutes) ??
    finite(source.averageSessionDuration) ??
    0;
  return {
    totalSessions,
    completedSessions: finite(source.completedSessions) ?? 0,
    totalFocusTime: totalMinutes,
    totalFocusTimeMinutes: totalMinutes,
    lastWeekActivity: normalizeActivity(source.lastWeekActivity),
    last30DaysActivity: normalizeActivity(source.last30DaysActivity),
    allTimeActivity: normalizeActivity(source.allTimeActivity),
    averageSessionDuration: averageMinutes,
    averageSessionDurationMinutes: averageMinutes,
    mostProductiveDay: normalizeMostProductiveDay(source.mostProductiveDay),
    averageDailySessions:
      finite(source.averageDailySessions) ?? round2(totalSessions / AVERAGE_DAILY_SESSIONS_DIVISOR),
    completionTrend: normalizeTrend(source.completionTrend),
    currentStreak: finite(source.currentStreak) ?? 0,
    longestStreak: finite(source.longestStreak) ?? 0,
    activityHeatmap:
      normalizeHeatmap(source.activityHeatmap) ?? normalizeHeatmap(source.heatmapData) ?? [],
  };
}

// ---------------------------------------------------------------------------------------------
// Focus sessions (product §3, §4 adding a session)

/** Product §4: the id of a session shown before the server has answered. */
export const TEMPORARY_SESSION_ID = -1;

/**
 * A focus session in the statistics state (product §3): the server's session, read with its
 * defaults, plus what only the client knows.
 */
export interface FocusSession extends Omit<Session, 'id' | 'client_id'> {
  /** The server's id, or TEMPORARY_SESSION_ID while a local session is not saved. */
  id: string | number;
  /** Product §3: falls back to task. */
  task_name: string;
  /** The idempotency key of product §7; lists key on it (several sessions can share id -1). */
  client_id?: string | null;
  /** Set on a locally added session whose save failed (product §4). */
  potentiallyUnsaved?: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function instant(value: unknown): string | undefined {
  const value_ = text(value);
  return value_ !== undefined && !Number.isNaN(Date.parse(value_)) ? value_ : undefined;
}

/**
 * Product §3: a session from the server or from the client, with its defaults: task
 * 'Completed Pomodoro', completed true, task_name falling back to task, and a missing duration
 * taken as the rounded minutes between start and end. Missing timestamps default to `now`.
 */
export function normalizeFocusSession(raw: unknown, now: number = Date.now()): FocusSession {
  const source = record(raw) ?? {};
  const nowIso = new Date(now).toISOString();
  const start = instant(source.start_time);
  const end = instant(source.end_time);
  const task = text(source.task) ?? DEFAULT_SESSION_TASK;
  let duration = finite(source.duration);
  if (duration === undefined) {
    duration =
      start !== undefined && end !== undefined
        ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000)
        : 0;
  }
  const id = source.id;
  const session: FocusSession = {
    id: typeof id === 'string' || typeof id === 'number' ? id : TEMPORARY_SESSION_ID,
    duration,
    task,
    completed: typeof source.completed === 'boolean' ? source.completed : true,
    created_at: instant(source.created_at) ?? nowIso,
    start_time: start ?? nowIso,
    end_time: end ?? nowIso,
    task_name: text(source.task_name) ?? task,
  };
  if (typeof source.client_id === 'string' || source.client_id === null) {
    session.client_id = source.client_id;
  }
  if (source.potentiallyUnsaved === true) session.potentiallyUnsaved = true;
  return session;
}

/** Product §4: the session shown at once, before the server answers: id -1, times default to now. */
export function optimisticSession(
  record_: Partial<SessionRecord>,
  now: number = Date.now(),
): FocusSession {
  return normalizeFocusSession(
    { ...record_, id: TEMPORARY_SESSION_ID, created_at: new Date(now).toISOString() },
    now,
  );
}

/**
 * Product §4: local totals go up by one per session, by one more if it is completed, and by its
 * duration (literally, so an incomplete session's minutes count until the reload).
 */
export function withLocalSessions(
  summary: StatsSummary,
  sessions: readonly Pick<FocusSession, 'duration' | 'completed'>[],
): StatsSummary {
  if (sessions.length === 0) return summary;
  let completed = 0;
  let minutes = 0;
  for (const session of sessions) {
    if (session.completed) completed += 1;
    minutes += session.duration;
  }
  return {
    ...summary,
    totalSessions: summary.totalSessions + sessions.length,
    completedSessions: summary.completedSessions + completed,
    totalFocusTime: summary.totalFocusTime + minutes,
    totalFocusTimeMinutes: summary.totalFocusTimeMinutes + minutes,
  };
}
