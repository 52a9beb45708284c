import { DEFAULT_SESSION_TASK, type SessionRecord } from '../timer/session.js';
import { WEEKDAYS, type Weekday } from './days.js';
import {
  round2,
  type ActivityByWeekday,
  type HeatmapEntry,
  type StatsResponse,
} from './summary.js';

/**
 * The client side of the statistics (SPEC §3 statistics summary and focus session, §4
 * Statistics, §8 Statistics, §9 refresh constants), as pure functions: the web's statistics
 * state applies them with real timers and real requests.
 */

// ---------------------------------------------------------------------------------------------
// Statistics summary (SPEC §3)

/** SPEC §9: the default divisor for average daily sessions. */
export const AVERAGE_DAILY_SESSIONS_DIVISOR = 7;

/** The statistics summary the client shows (SPEC §3), plus DESIGN §5's longest streak. */
export interface StatsSummary {
  totalSessions: number;
  completedSessions: number;
  /** Minutes, from the server's totalMinutes. */
  totalFocusTime: number;
  /** Minutes, from the server's totalMinutes. */
  totalFocusTimeMinutes: number;
  lastWeekActivity: ActivityByWeekday;
  last30DaysActivity: ActivityByWeekday;
  allTimeActivity: ActivityByWeekday;
  /** Minutes, from the server's averageSessionMinutes. */
  averageSessionDuration: number;
  averageSessionDurationMinutes: number;
  mostProductiveDay: StatsResponse['mostProductiveDay'];
  averageDailySessions: number;
  completionTrend: StatsResponse['completionTrend'];
  currentStreak: number;
  longestStreak: number;
  /** Local days, oldest first. */
  activityHeatmap: HeatmapEntry[];
}

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

/** SPEC §4: the summary used when a fetch fails and nothing is cached. */
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
 * SPEC §3: the summary from a stats answer, with its fallbacks. totalFocusTime(+Minutes) come
 * from totalMinutes, averageSessionDuration(+Minutes) from averageSessionMinutes,
 * averageDailySessions falls back to totalSessions / 7 with two decimals and activityHeatmap to
 * heatmapData. DESIGN §4a: the fallbacks apply only when a field is missing; our server always
 * sends every field, older or foreign ones may not. Anything that is not an object reads as
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
// Focus sessions (SPEC §3, §4 Adding a session)

/** SPEC §4: the id of a session shown before the server has answered. */
export const TEMPORARY_SESSION_ID = -1;

/** A focus session in the statistics state (SPEC §3). */
export interface FocusSession {
  /** The server's id, or TEMPORARY_SESSION_ID while a local session is not saved. */
  id: string | number;
  /** Minutes. */
  duration: number;
  task: string;
  completed: boolean;
  created_at: string;
  start_time: string;
  end_time: string;
  task_name: string;
  /** DESIGN §4's idempotency key; lists key on it (several sessions can share id -1). */
  client_id?: string | null;
  /** Set on a locally added session whose save failed (SPEC §4). */
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
 * SPEC §3: a session from the server or from the client, with its defaults: task
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

/** SPEC §4: the session shown at once, before the server answers: id -1, times default to now. */
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
 * SPEC §4: local totals go up by one per session, by one more if it is completed, and by its
 * duration (DESIGN §4a: literally, so an incomplete session's minutes count until the reload).
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

// ---------------------------------------------------------------------------------------------
// Refresh policy (SPEC §9)

/** Automatic refreshes (interval, focus) come at least this far apart. */
export const STATS_REFRESH_THROTTLE_MS = 60_000;
/** ... and this far after a server error. */
export const STATS_REFRESH_THROTTLE_AFTER_SERVER_ERROR_MS = 120_000;
/** A requested refresh is skipped when the last one was under this long ago... */
export const STATS_REFRESH_DEBOUNCE_MS = 30_000;
/** ... or under this long ago when an error is shown. */
export const STATS_REFRESH_DEBOUNCE_WITH_ERROR_MS = 10_000;
/** Retries of a failed stats or sessions fetch (never for a 500). */
export const STATS_RETRY_COUNT = 2;
const STATS_RETRY_BASE_DELAY_MS = 1000;
const STATS_RETRY_MAX_DELAY_MS = 30_000;

/** Milliseconds until an automatic refresh is due (0: now). */
export function autoRefreshDelay(
  now: number,
  lastRefreshAt: number | null,
  afterServerError: boolean,
): number {
  if (lastRefreshAt === null) return 0;
  const gap = afterServerError
    ? STATS_REFRESH_THROTTLE_AFTER_SERVER_ERROR_MS
    : STATS_REFRESH_THROTTLE_MS;
  return Math.max(0, lastRefreshAt + gap - now);
}

/** SPEC §9 throttle: may an automatic refresh (interval, focus) run now? */
export function isAutoRefreshDue(
  now: number,
  lastRefreshAt: number | null,
  afterServerError: boolean,
): boolean {
  return autoRefreshDelay(now, lastRefreshAt, afterServerError) === 0;
}

/** SPEC §9 debounce: is a requested refresh skipped because the last one was too recent? */
export function isRefreshDebounced(
  now: number,
  lastRefreshAt: number | null,
  errorShown: boolean,
): boolean {
  if (lastRefreshAt === null) return false;
  const gap = errorShown ? STATS_REFRESH_DEBOUNCE_WITH_ERROR_MS : STATS_REFRESH_DEBOUNCE_MS;
  return now - lastRefreshAt < gap;
}

/** What the statistics state knows about a failed fetch. */
export interface StatsLoadFailure {
  /** HTTP status; undefined when no answer arrived (offline, timeout). */
  status?: number | undefined;
  message?: string | undefined;
  /** A failure that is not a request failure (a bug, a malformed answer). */
  unexpected?: boolean | undefined;
}

/** True for answers that mean the server is in trouble (5xx). */
export function isServerFailure(failure: StatsLoadFailure): boolean {
  return failure.status !== undefined && failure.status >= 500;
}

/**
 * SPEC §9 retry count 2, never for a 500 (which SPEC §8 shows at once). `failuresSoFar` counts
 * the failures before this decision, from 0, as TanStack Query's retry function does. Network
 * trouble, timeouts and other server errors are retried; a client error (4xx) other than 408
 * and 429 would only fail again, and a 401 has already ended the session.
 */
export function shouldRetryStatsFetch(failuresSoFar: number, failure: StatsLoadFailure): boolean {
  if (failure.unexpected) return false;
  if (failuresSoFar >= STATS_RETRY_COUNT) return false;
  const { status } = failure;
  if (status === undefined) return true;
  if (status === 500) return false;
  return status >= 500 || status === 408 || status === 429;
}

/** Exponential backoff before retry number `failuresSoFar + 1`: 1 s, 2 s, ... at most 30 s. */
export function statsRetryDelay(failuresSoFar: number): number {
  return Math.min(
    STATS_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, failuresSoFar),
    STATS_RETRY_MAX_DELAY_MS,
  );
}

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §8 Statistics)

export const STATS_MESSAGES = {
  loginToView: 'Please login to view your statistics.',
  serverError: 'Server error (500): The API is currently experiencing issues',
  statsFailed: 'Failed to load statistics data',
  sessionsFailed: 'Failed to load session history',
} as const;

/** A message without its closing full stop, so a sentence can follow it. */
function detail(value: string): string {
  return value.trim().replace(/[.\s]+$/, '') || 'Unknown error';
}

/** The text for one failed fetch: the 500 message, else the error's message, else `fallback`. */
export function describeStatsFailure(failure: StatsLoadFailure, fallback: string): string {
  if (failure.status === 500) return STATS_MESSAGES.serverError;
  const message = failure.message?.trim();
  return message ? message : fallback;
}

/**
 * SPEC §8: the one message for the outcome of loading stats and sessions together, or null
 * when there is nothing to say (both loaded, or a 401, which shows no message because the
 * person is being sent to log in). Failures that are not request failures read
 * 'Failed to load initial data: ...' on the first load and 'An unexpected error occurred: ...'
 * later.
 */
export function statsLoadMessage(input: {
  stats: StatsLoadFailure | null;
  sessions: StatsLoadFailure | null;
  initial: boolean;
}): string | null {
  const { stats, sessions, initial } = input;
  if (stats?.status === 401 || sessions?.status === 401) return null;
  const unexpected = [stats, sessions].find((f) => f?.unexpected);
  if (unexpected) {
    const message = describeStatsFailure(
      unexpected,
      unexpected === stats ? STATS_MESSAGES.statsFailed : STATS_MESSAGES.sessionsFailed,
    );
    return initial ? initialLoadFailedMessage(message) : unexpectedErrorMessage(message);
  }
  if (stats && sessions) {
    return `Could not load all data: ${describeStatsFailure(stats, STATS_MESSAGES.statsFailed)} and ${describeStatsFailure(sessions, STATS_MESSAGES.sessionsFailed)}`;
  }
  if (stats) {
    return `Stats data may be incomplete: ${describeStatsFailure(stats, STATS_MESSAGES.statsFailed)}`;
  }
  if (sessions) {
    return `Session history may be incomplete: ${describeStatsFailure(sessions, STATS_MESSAGES.sessionsFailed)}`;
  }
  return null;
}

/** SPEC §8: 'An unexpected error occurred: ...'. */
export function unexpectedErrorMessage(message: string): string {
  return `An unexpected error occurred: ${message}`;
}

/** SPEC §8: 'Failed to load initial data: ...'. */
export function initialLoadFailedMessage(message: string): string {
  return `Failed to load initial data: ${message}`;
}

/** SPEC §8: 'Failed to save session: ... Local changes will be lost on reload.' */
export function saveSessionFailedMessage(message: string): string {
  return `Failed to save session: ${detail(message)}. Local changes will be lost on reload.`;
}

/** SPEC §8: 'An error occurred while adding the session: ...'. */
export function addSessionFailedMessage(message: string): string {
  return `An error occurred while adding the session: ${message}`;
}
