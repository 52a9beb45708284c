import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from './days.js';
import {
  TEMPORARY_SESSION_ID,
  emptyStatsSummary,
  normalizeFocusSession,
  normalizeStatsSummary,
  optimisticSession,
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
