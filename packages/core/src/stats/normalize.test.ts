import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './days.js';
import {
  STATS_MESSAGES,
  TEMPORARY_SESSION_ID,
  addSessionFailedMessage,
  autoRefreshDelay,
  emptyStatsSummary,
  isAutoRefreshDue,
  isRefreshDebounced,
  isServerFailure,
  normalizeFocusSession,
  normalizeStatsSummary,
  optimisticSession,
  saveSessionFailedMessage,
  shouldRetryStatsFetch,
  statsLoadMessage,
  statsRetryDelay,
  withLocalSessions,
} from './normalize.js';
import { computeStats } from './summary.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0);
const NOW_ISO = new Date(NOW).toISOString();

describe('the statistics summary', () => {
  it('is the empty default for anything that is not an object', () => {
    for (const raw of [undefined, null, 'html', 42, []]) {
      expect(normalizeStatsSummary(raw)).toEqual(emptyStatsSummary());
    }
  });

  it('has every field in the empty default, all zero, every weekday present', () => {
    const empty = emptyStatsSummary();
    expect(empty.totalSessions).toBe(0);
    expect(empty.totalFocusTime).toBe(0);
    expect(empty.mostProductiveDay).toBeNull();
    expect(empty.completionTrend).toEqual({ currentWeek: 0, previousWeek: 0, percentChange: 0 });
    expect(empty.activityHeatmap).toEqual([]);
    for (const activity of [
      empty.lastWeekActivity,
      empty.last30DaysActivity,
      empty.allTimeActivity,
    ]) {
      expect(Object.keys(activity)).toEqual([...WEEKDAYS]);
      expect(activity.Monday).toEqual({ count: 0, totalMinutes: 0 });
    }
  });

  it('keeps every figure of a full server answer', () => {
    const server = computeStats({
      days: [
        { date: '2026-11-22', count: 2, minutes: 50 },
        { date: '2026-11-17', count: 1, minutes: 25 },
      ],
      totalSessions: 4,
      today: '2026-11-22',
    });
    const summary = normalizeStatsSummary(server);
    expect(summary.totalSessions).toBe(4);
    expect(summary.completedSessions).toBe(3);
    expect(summary.totalFocusTime).toBe(75);
    expect(summary.totalFocusTimeMinutes).toBe(75);
    expect(summary.averageSessionDuration).toBe(25);
    expect(summary.averageSessionDurationMinutes).toBe(25);
    expect(summary.averageDailySessions).toBe(server.averageDailySessions);
    expect(summary.mostProductiveDay).toEqual(server.mostProductiveDay);
    expect(summary.completionTrend).toEqual(server.completionTrend);
    expect(summary.currentStreak).toBe(1);
    expect(summary.longestStreak).toBe(1);
    expect(summary.allTimeActivity).toEqual(server.allTimeActivity);
    expect(summary.activityHeatmap).toHaveLength(365);
    expect(summary.activityHeatmap.at(-1)).toEqual({ date: '2026-11-22', count: 2, minutes: 50 });
  });

  it('takes total focus time from totalMinutes and the average from averageSessionMinutes', () => {
    const summary = normalizeStatsSummary({
      totalMinutes: 130,
      totalFocusTime: 1,
      averageSessionMinutes: 26,
      averageSessionDuration: 2,
    });
    expect(summary.totalFocusTime).toBe(130);
    expect(summary.totalFocusTimeMinutes).toBe(130);
    expect(summary.averageSessionDuration).toBe(26);
    expect(summary.averageSessionDurationMinutes).toBe(26);
  });

  it('falls back to total sessions divided by 7 with two decimals for average daily sessions', () => {
    expect(normalizeStatsSummary({ totalSessions: 10 }).averageDailySessions).toBe(1.43);
    expect(normalizeStatsSummary({ totalSessions: 7 }).averageDailySessions).toBe(1);
    expect(normalizeStatsSummary({}).averageDailySessions).toBe(0);
    // A value the server sent wins, even zero.
    expect(
      normalizeStatsSummary({ totalSessions: 10, averageDailySessions: 0 }).averageDailySessions,
    ).toBe(0);
  });

  it('falls back to heatmapData when activityHeatmap is missing', () => {
    const heatmapData = [{ date: '2026-11-22', count: 1, minutes: 25 }];
    expect(normalizeStatsSummary({ heatmapData }).activityHeatmap).toEqual(heatmapData);
    expect(normalizeStatsSummary({ activityHeatmap: [], heatmapData }).activityHeatmap).toEqual([]);
  });

  it('fills missing weekdays and drops malformed heatmap entries', () => {
    const summary = normalizeStatsSummary({
      lastWeekActivity: { Tuesday: { count: 2, totalMinutes: 50 }, Funday: { count: 9 } },
      activityHeatmap: [{ date: '2026-11-22', count: 'x' }, null, { count: 3 }],
      mostProductiveDay: { day: 'Funday', minutes: 3, count: 1 },
    });
    expect(summary.lastWeekActivity.Tuesday).toEqual({ count: 2, totalMinutes: 50 });
    expect(summary.lastWeekActivity.Monday).toEqual({ count: 0, totalMinutes: 0 });
    expect(summary.activityHeatmap).toEqual([{ date: '2026-11-22', count: 0, minutes: 0 }]);
    expect(summary.mostProductiveDay).toBeNull();
  });
});

describe('a focus session', () => {
  it("defaults the task to 'Completed Pomodoro', completed to true, and times to now", () => {
    const session = normalizeFocusSession({ id: 'a', duration: 25 }, NOW);
    expect(session).toEqual({
      id: 'a',
      duration: 25,
      task: 'Completed Pomodoro',
      completed: true,
      created_at: NOW_ISO,
      start_time: NOW_ISO,
      end_time: NOW_ISO,
      task_name: 'Completed Pomodoro',
    });
  });

  it('falls back from task_name to task and keeps an explicit false', () => {
    const session = normalizeFocusSession({ id: 'a', task: 'Write', completed: false }, NOW);
    expect(session.task_name).toBe('Write');
    expect(session.completed).toBe(false);
    expect(normalizeFocusSession({ task: 'Write', task_name: 'Other' }).task_name).toBe('Other');
  });

  it('takes a missing duration as the rounded minutes between start and end', () => {
    const session = normalizeFocusSession({
      start_time: '2026-11-22T09:00:00.000Z',
      end_time: '2026-11-22T09:24:40.000Z',
    });
    expect(session.duration).toBe(25);
    expect(normalizeFocusSession({ start_time: '2026-11-22T09:00:00.000Z' }, NOW).duration).toBe(0);
    // A duration that was sent wins over the times.
    expect(
      normalizeFocusSession({
        duration: 10,
        start_time: '2026-11-22T09:00:00.000Z',
        end_time: '2026-11-22T09:30:00.000Z',
      }).duration,
    ).toBe(10);
  });

  it('is shown optimistically with the temporary id -1 and timestamps defaulting to now', () => {
    const session = optimisticSession({ duration: 25, task: 'Read', client_id: 'c1' }, NOW);
    expect(session.id).toBe(TEMPORARY_SESSION_ID);
    expect(session.id).toBe(-1);
    expect(session.created_at).toBe(NOW_ISO);
    expect(session.start_time).toBe(NOW_ISO);
    expect(session.client_id).toBe('c1');
    expect(session.completed).toBe(true);
  });

  it('raises local totals by one, one more if completed, and by the duration', () => {
    const summary = { ...emptyStatsSummary(), totalSessions: 3, completedSessions: 2 };
    const next = withLocalSessions(summary, [
      { duration: 25, completed: true },
      { duration: 10, completed: false },
    ]);
    expect(next.totalSessions).toBe(5);
    expect(next.completedSessions).toBe(3);
    expect(next.totalFocusTime).toBe(35);
    expect(next.totalFocusTimeMinutes).toBe(35);
    expect(withLocalSessions(summary, [])).toBe(summary);
  });
});

describe('the refresh policy', () => {
  it('lets automatic refreshes run at most every 60 s, 120 s after a server error', () => {
    expect(isAutoRefreshDue(NOW, null, false)).toBe(true);
    expect(isAutoRefreshDue(NOW, NOW - 59_999, false)).toBe(false);
    expect(isAutoRefreshDue(NOW, NOW - 60_000, false)).toBe(true);
    expect(isAutoRefreshDue(NOW, NOW - 60_000, true)).toBe(false);
    expect(isAutoRefreshDue(NOW, NOW - 120_000, true)).toBe(true);
    expect(autoRefreshDelay(NOW, NOW - 20_000, false)).toBe(40_000);
    expect(autoRefreshDelay(NOW, NOW - 20_000, true)).toBe(100_000);
  });

  it('skips a requested refresh under 30 s after the last one, under 10 s when an error shows', () => {
    expect(isRefreshDebounced(NOW, null, false)).toBe(false);
    expect(isRefreshDebounced(NOW, NOW - 29_999, false)).toBe(true);
    expect(isRefreshDebounced(NOW, NOW - 30_000, false)).toBe(false);
    expect(isRefreshDebounced(NOW, NOW - 9_999, true)).toBe(true);
    expect(isRefreshDebounced(NOW, NOW - 10_000, true)).toBe(false);
  });

  it('retries twice, never for a 500, a 401 or a client error', () => {
    expect(shouldRetryStatsFetch(0, {})).toBe(true);
    expect(shouldRetryStatsFetch(1, { status: 503 })).toBe(true);
    expect(shouldRetryStatsFetch(2, { status: 503 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 500 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 401 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 400 })).toBe(false);
    expect(shouldRetryStatsFetch(0, { status: 429 })).toBe(true);
    expect(shouldRetryStatsFetch(0, { unexpected: true })).toBe(false);
  });

  it('backs off exponentially', () => {
    expect([0, 1, 2, 10].map(statsRetryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });

  it('counts 5xx answers, not network trouble, as server errors', () => {
    expect(isServerFailure({ status: 500 })).toBe(true);
    expect(isServerFailure({ status: 503 })).toBe(true);
    expect(isServerFailure({ status: 404 })).toBe(false);
    expect(isServerFailure({})).toBe(false);
  });
});

describe('the statistics messages', () => {
  it('says nothing when both loaded, and nothing on a 401', () => {
    expect(statsLoadMessage({ stats: null, sessions: null, initial: true })).toBeNull();
    expect(
      statsLoadMessage({ stats: { status: 401 }, sessions: { status: 500 }, initial: false }),
    ).toBeNull();
  });

  it('names both errors when both failed', () => {
    expect(
      statsLoadMessage({
        stats: { status: 503, message: 'Service unavailable' },
        sessions: { message: 'Network Error' },
        initial: false,
      }),
    ).toBe('Could not load all data: Service unavailable and Network Error');
    expect(
      statsLoadMessage({ stats: { status: 502 }, sessions: { status: 502 }, initial: false }),
    ).toBe(
      'Could not load all data: Failed to load statistics data and Failed to load session history',
    );
  });

  it('says which half may be incomplete when one failed', () => {
    expect(
      statsLoadMessage({ stats: { message: 'Network Error' }, sessions: null, initial: false }),
    ).toBe('Stats data may be incomplete: Network Error');
    expect(statsLoadMessage({ stats: null, sessions: { status: 404 }, initial: false })).toBe(
      'Session history may be incomplete: Failed to load session history',
    );
  });

  it('gives the fixed 500 text whatever the server said', () => {
    expect(
      statsLoadMessage({
        stats: { status: 500, message: 'Internal Server Error' },
        sessions: null,
        initial: false,
      }),
    ).toBe(`Stats data may be incomplete: ${STATS_MESSAGES.serverError}`);
    expect(STATS_MESSAGES.serverError).toBe(
      'Server error (500): The API is currently experiencing issues',
    );
  });

  it('reads failures that are not request failures as initial or unexpected', () => {
    const bug = { unexpected: true, message: 'x is not a function' };
    expect(statsLoadMessage({ stats: bug, sessions: null, initial: true })).toBe(
      'Failed to load initial data: x is not a function',
    );
    expect(statsLoadMessage({ stats: null, sessions: bug, initial: false })).toBe(
      'An unexpected error occurred: x is not a function',
    );
  });

  it('composes the save and add failures', () => {
    expect(saveSessionFailedMessage('Network Error')).toBe(
      'Failed to save session: Network Error. Local changes will be lost on reload.',
    );
    expect(saveSessionFailedMessage('Request timed out.')).toBe(
      'Failed to save session: Request timed out. Local changes will be lost on reload.',
    );
    expect(addSessionFailedMessage('Storage is full')).toBe(
      'An error occurred while adding the session: Storage is full',
    );
    expect(STATS_MESSAGES.loginToView).toBe('Please login to view your statistics.');
    expect(STATS_MESSAGES.statsFailed).toBe('Failed to load statistics data');
    expect(STATS_MESSAGES.sessionsFailed).toBe('Failed to load session history');
  });
});
