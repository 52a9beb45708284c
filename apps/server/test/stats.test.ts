import fc from 'fast-check';
import type { Session, StatsResponseJson } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS, type TestDatabase } from './support/databases.js';

type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';
const WEEKDAYS: Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** Every weekday, zero unless given. */
function activity(given: Partial<Record<Weekday, [count: number, minutes: number]>> = {}) {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      { count: given[day]?.[0] ?? 0, totalMinutes: given[day]?.[1] ?? 0 },
    ]),
  );
}

const STATS_FIELDS = [
  'activityHeatmap',
  'allTimeActivity',
  'averageDailySessions',
  'averageSessionDuration',
  'averageSessionDurationMinutes',
  'averageSessionMinutes',
  'completedSessions',
  'completionTrend',
  'currentStreak',
  'heatmapData',
  'last30DaysActivity',
  'lastWeekActivity',
  'longestStreak',
  'mostProductiveDay',
  'totalFocusTime',
  'totalFocusTimeMinutes',
  'totalMinutes',
  'totalSessions',
];

async function record(
  app: App,
  token: string,
  start: string,
  minutes: number,
  completed = true,
): Promise<Session> {
  const startMs = Date.parse(start);
  const response = await app.inject({
    method: 'POST',
    url: '/api/pomodoro/sessions',
    headers: bearer(token),
    payload: {
      duration: minutes,
      task: 'Focus',
      completed,
      start_time: start,
      end_time: new Date(startMs + minutes * 60_000).toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Session>();
}

async function stats(app: App, token: string, tz?: string): Promise<StatsResponseJson> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/pomodoro/stats${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<StatsResponseJson>();
}

async function setZone(app: App, token: string, zone: string | null) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { time_zone: zone },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function rollupZone(database: TestDatabase, userId: string) {
  const row = await database.db
    .selectFrom('session_rollup_zones')
    .select('time_zone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.time_zone;
}

function heatmapDay(result: StatsResponseJson, date: string) {
  return result.activityHeatmap.find((entry) => entry.date === date);
}

describe.each(DIALECTS)('statistics on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('gives every field, zeroed, to a user with no sessions', async () => {
    const { app, clock } = await apps.make({});
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    const result = await stats(app, token);
    expect(Object.keys(result).sort()).toEqual(STATS_FIELDS);
    expect(result).toMatchObject({
      totalSessions: 0,
      completedSessions: 0,
      totalMinutes: 0,
      totalFocusTime: 0,
      totalFocusTimeMinutes: 0,
      averageSessionMinutes: 0,
      averageSessionDuration: 0,
      averageSessionDurationMinutes: 0,
      lastWeekActivity: activity(),
      last30DaysActivity: activity(),
      allTimeActivity: activity(),
      mostProductiveDay: null,
      averageDailySessions: 0,
      completionTrend: { currentWeek: 0, previousWeek: 0, percentChange: 0 },
      currentStreak: 0,
      longestStreak: 0,
    });
    expect(result.activityHeatmap).toHaveLength(365);
    expect(result.activityHeatmap[0]).toEqual({ date: '2025-11-23', count: 0, minutes: 0 });
    expect(result.activityHeatmap.at(-1)).toEqual({ date: '2026-11-22', count: 0, minutes: 0 });
    expect(result.heatmapData).toEqual(result.activityHeatmap);
  });

  it('puts sessions on local days: 23:30 in Los Angeles and 00:30 in Tokyo', async () => {
    const { app, clock } = await apps.make();
    // Sunday 22 November 2026 in UTC, Los Angeles (04:00) and Tokyo (21:00) alike.
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    const other = await register(app);
    await setZone(app, token, 'America/Los_Angeles');
    // 23:30 on Saturday the 21st in Los Angeles; Sunday the 22nd in UTC and Tokyo.
    await record(app, token, '2026-11-22T07:30:00Z', 25);
    // 00:30 on Sunday the 22nd in Tokyo; Saturday the 21st in UTC and Los Angeles.
    await record(app, token, '2026-11-21T15:30:00Z', 30);
    // Not completed: counted in totalSessions only.
    await record(app, token, '2026-11-20T10:00:00Z', 10, false);
    // Another user's sessions never count.
    await record(app, other.token, '2026-11-22T08:00:00Z', 45);

    const common = {
      totalSessions: 3,
      completedSessions: 2,
      totalMinutes: 55,
      totalFocusTime: 55,
      totalFocusTimeMinutes: 55,
      averageSessionMinutes: 28,
      averageSessionDuration: 28,
      averageSessionDurationMinutes: 28,
      averageDailySessions: 0.29,
      completionTrend: { currentWeek: 2, previousWeek: 0, percentChange: 100 },
    };

    const la = await stats(app, token); // the profile's zone: the rollup
    expect(la).toMatchObject({
      ...common,
      lastWeekActivity: activity({ Saturday: [2, 55] }),
      last30DaysActivity: activity({ Saturday: [2, 55] }),
      allTimeActivity: activity({ Saturday: [2, 55] }),
      mostProductiveDay: { day: 'Saturday', minutes: 55, count: 2 },
      currentStreak: 1, // yesterday counts: today is not over yet
      longestStreak: 1,
    });
    expect(la.activityHeatmap.slice(-2)).toEqual([
      { date: '2026-11-21', count: 2, minutes: 55 },
      { date: '2026-11-22', count: 0, minutes: 0 },
    ]);

    const tokyo = await stats(app, token, 'Asia/Tokyo'); // another zone: aggregated directly
    expect(tokyo).toMatchObject({
      ...common,
      lastWeekActivity: activity({ Sunday: [2, 55] }),
      allTimeActivity: activity({ Sunday: [2, 55] }),
      mostProductiveDay: { day: 'Sunday', minutes: 55, count: 2 },
      currentStreak: 1,
      longestStreak: 1,
    });
    expect(tokyo.activityHeatmap.slice(-2)).toEqual([
      { date: '2026-11-21', count: 0, minutes: 0 },
      { date: '2026-11-22', count: 2, minutes: 55 },
    ]);

    const utc = await stats(app, token, 'UTC');
    expect(utc).toMatchObject({
      ...common,
      lastWeekActivity: activity({ Saturday: [1, 30], Sunday: [1, 25] }),
      allTimeActivity: activity({ Saturday: [1, 30], Sunday: [1, 25] }),
      mostProductiveDay: { day: 'Saturday', minutes: 30, count: 1 },
      currentStreak: 2,
      longestStreak: 2,
    });
    expect(utc.activityHeatmap.slice(-2)).toEqual([
      { date: '2026-11-21', count: 1, minutes: 30 },
      { date: '2026-11-22', count: 1, minutes: 25 },
    ]);
    // The other user sees only their own session.
    expect(await stats(app, other.token)).toMatchObject({ totalSessions: 1, totalMinutes: 45 });
  });

  it('uses "today" of the zone asked for', async () => {
    const { app, clock } = await apps.make();
    // Monday 05:00 in Tokyo, still Sunday in UTC and Los Angeles.
    clock.advance(Date.parse('2026-11-22T20:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    await record(app, token, '2026-11-22T19:00:00Z', 25); // Monday 04:00 in Tokyo
    const tokyo = await stats(app, token, 'Asia/Tokyo');
    expect(tokyo.activityHeatmap.at(-1)).toEqual({ date: '2026-11-23', count: 1, minutes: 25 });
    expect(tokyo.completionTrend).toEqual({ currentWeek: 1, previousWeek: 0, percentChange: 100 });
    const utc = await stats(app, token);
    expect(utc.activityHeatmap.at(-1)).toEqual({ date: '2026-11-22', count: 1, minutes: 25 });
  });

  it('follows New York through both daylight-saving changes of 2026', async () => {
    const { app, clock } = await apps.make();
    // Tuesday 3 November 2026, 07:00 in New York (EST).
    clock.advance(Date.parse('2026-11-03T12:00:00Z') - clock.now().getTime());
    const newYork = await register(app);
    const utcUser = await register(app);
    await setZone(app, newYork.token, 'America/New_York');
    const sessions: [string, number][] = [
      ['2026-03-08T04:30:00Z', 10], // Sat 7 Mar 23:30 EST
      ['2026-03-08T05:30:00Z', 20], // Sun 8 Mar 00:30 EST
      ['2026-03-08T07:00:00Z', 30], // Sun 8 Mar 03:00 EDT, the first instant of EDT
      ['2026-03-09T04:30:00Z', 40], // Mon 9 Mar 00:30 EDT (23:30 on the 8th if still EST)
      ['2026-03-10T03:59:00Z', 50], // Mon 9 Mar 23:59 EDT
      ['2026-11-01T05:30:00Z', 5], // Sun 1 Nov 01:30 EDT
      ['2026-11-01T06:30:00Z', 15], // Sun 1 Nov 01:30 EST, the repeated hour
      ['2026-11-02T04:30:00Z', 25], // Sun 1 Nov 23:30 EST (00:30 on the 2nd if still EDT)
    ];
    for (const user of [newYork, utcUser]) {
      for (const [start, minutes] of sessions) await record(app, user.token, start, minutes);
    }
    const common = {
      totalSessions: 8,
      completedSessions: 8,
      totalMinutes: 195,
      averageSessionMinutes: 24,
      averageDailySessions: 0.43,
      longestStreak: 3,
    };
    const expectedNewYork = {
      ...common,
      lastWeekActivity: activity({ Sunday: [3, 45] }),
      last30DaysActivity: activity({ Sunday: [3, 45] }),
      allTimeActivity: activity({ Saturday: [1, 10], Sunday: [5, 95], Monday: [2, 90] }),
      mostProductiveDay: { day: 'Sunday', minutes: 95, count: 5 },
      completionTrend: { currentWeek: 0, previousWeek: 3, percentChange: -100 },
      currentStreak: 0,
    };
    const expectedUtc = {
      ...common,
      lastWeekActivity: activity({ Sunday: [2, 20], Monday: [1, 25] }),
      last30DaysActivity: activity({ Sunday: [2, 20], Monday: [1, 25] }),
      allTimeActivity: activity({ Sunday: [5, 80], Monday: [2, 65], Tuesday: [1, 50] }),
      mostProductiveDay: { day: 'Sunday', minutes: 80, count: 5 },
      completionTrend: { currentWeek: 1, previousWeek: 2, percentChange: -50 },
      currentStreak: 2,
    };
    const viaRollup = await stats(app, newYork.token);
    const direct = await stats(app, utcUser.token, 'America/New_York');
    expect(viaRollup).toMatchObject(expectedNewYork);
    expect(direct).toEqual(viaRollup);
    for (const [date, count, minutes] of [
      ['2026-03-07', 1, 10],
      ['2026-03-08', 2, 50],
      ['2026-03-09', 2, 90],
      ['2026-03-10', 0, 0],
      ['2026-11-01', 3, 45],
      ['2026-11-02', 0, 0],
    ] as const) {
      expect(heatmapDay(viaRollup, date), date).toEqual({ date, count, minutes });
    }
    const utcRollup = await stats(app, utcUser.token);
    expect(utcRollup).toMatchObject(expectedUtc);
    expect(await stats(app, newYork.token, 'UTC')).toEqual(utcRollup);
    for (const [date, count, minutes] of [
      ['2026-03-07', 0, 0],
      ['2026-03-08', 3, 60],
      ['2026-03-09', 1, 40],
      ['2026-03-10', 1, 50],
      ['2026-11-01', 2, 20],
      ['2026-11-02', 1, 25],
    ] as const) {
      expect(heatmapDay(utcRollup, date), date).toEqual({ date, count, minutes });
    }
  });

  it('breaks and resumes streaks and starts weeks on Monday as the clock moves', async () => {
    const { app, clock } = await apps.make();
    const setNow = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
    setNow('2026-11-22T12:00:00Z');
    const { token } = await register(app);
    const days = [
      '2026-11-09T09:00:00Z', // Mon
      '2026-11-10T09:00:00Z',
      '2026-11-11T09:00:00Z',
      '2026-11-12T09:00:00Z', // Thu: a run of 4 ends
      '2026-11-15T23:59:59Z', // Sun, the last second of that week
      '2026-11-16T00:00:00Z', // Mon, the first second of the next
      '2026-11-20T09:00:00Z', // Fri
      '2026-11-21T09:00:00Z',
      '2026-11-22T09:00:00Z', // Sun
    ];
    for (const start of days) await record(app, token, start, 25);

    setNow('2026-11-22T23:59:59Z'); // Sunday night
    expect(await stats(app, token)).toMatchObject({
      currentStreak: 3,
      longestStreak: 4,
      completionTrend: { currentWeek: 4, previousWeek: 5, percentChange: -20 },
      lastWeekActivity: activity({
        Monday: [1, 25],
        Friday: [1, 25],
        Saturday: [1, 25],
        Sunday: [1, 25],
      }),
      averageDailySessions: 0.57,
    });

    setNow('2026-11-23T00:00:00Z'); // Monday: a new week, and the streak goes on
    await record(app, token, '2026-11-23T00:00:00Z', 25);
    expect(await stats(app, token)).toMatchObject({
      currentStreak: 4,
      longestStreak: 4,
      completionTrend: { currentWeek: 1, previousWeek: 4, percentChange: -75 },
      lastWeekActivity: activity({
        Monday: [1, 25],
        Friday: [1, 25],
        Saturday: [1, 25],
        Sunday: [1, 25],
      }),
    });
    setNow('2026-11-23T12:00:00Z');
    await record(app, token, '2026-11-23T10:00:00Z', 25);
    const monday = await stats(app, token);
    expect(monday).toMatchObject({
      totalSessions: 11,
      completedSessions: 11,
      currentStreak: 4,
      longestStreak: 4,
      completionTrend: { currentWeek: 2, previousWeek: 4, percentChange: -50 },
      lastWeekActivity: activity({
        Monday: [2, 50],
        Friday: [1, 25],
        Saturday: [1, 25],
        Sunday: [1, 25],
      }),
      last30DaysActivity: activity({
        Monday: [4, 100],
        Tuesday: [1, 25],
        Wednesday: [1, 25],
        Thursday: [1, 25],
        Friday: [1, 25],
        Saturday: [1, 25],
        Sunday: [2, 50],
      }),
      mostProductiveDay: { day: 'Monday', minutes: 100, count: 4 },
      averageDailySessions: 0.71,
    });

    setNow('2026-11-24T18:00:00Z'); // Tuesday: Monday was yesterday
    expect(await stats(app, token)).toMatchObject({ currentStreak: 4, longestStreak: 4 });
    setNow('2026-11-25T18:00:00Z'); // Wednesday: a day missed, the streak is broken
    expect(await stats(app, token)).toMatchObject({ currentStreak: 0, longestStreak: 4 });
    await record(app, token, '2026-11-25T17:00:00Z', 25); // and resumed
    expect(await stats(app, token)).toMatchObject({ currentStreak: 1, longestStreak: 4 });
    // Sessions dated after today count in totalSessions only until their day comes.
    await record(app, token, '2026-11-27T09:00:00Z', 25);
    expect(await stats(app, token)).toMatchObject({
      totalSessions: 13,
      completedSessions: 12,
      currentStreak: 1,
    });
  });

  it('keeps the rollup right through updates and deletes', async () => {
    const { app, clock, database } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token, user } = await register(app);
    const a = await record(app, token, '2026-11-20T09:00:00Z', 25);
    const b = await record(app, token, '2026-11-21T09:00:00Z', 30);
    await record(app, token, '2026-11-21T10:00:00Z', 10, false);
    const put = (id: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/pomodoro/sessions/${id}`,
        headers: bearer(token),
        payload,
      });
    // a moves to Sunday and becomes 45 minutes; b becomes incomplete.
    expect(
      (
        await put(a.id, {
          start_time: '2026-11-22T08:00:00Z',
          end_time: '2026-11-22T08:45:00Z',
          duration: 45,
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(b.id, { completed: false })).statusCode).toBe(200);
    // A refused update changes nothing.
    expect((await put(a.id, { end_time: '2026-11-21T00:00:00Z' })).statusCode).toBe(400);
    const afterUpdates = await stats(app, token);
    expect(afterUpdates).toMatchObject({
      totalSessions: 3,
      completedSessions: 1,
      totalMinutes: 45,
      allTimeActivity: activity({ Sunday: [1, 45] }),
      currentStreak: 1,
    });
    // 'Etc/UTC' is the same clock as the rollup's 'UTC' but is aggregated directly.
    expect(await stats(app, token, 'Etc/UTC')).toEqual(afterUpdates);
    const rollup = await database.db
      .selectFrom('session_day_rollups')
      .select(['day', 'sessions', 'completed', 'minutes'])
      .where('user_id', '=', user.id)
      .orderBy('day')
      .execute();
    expect(rollup.map((r) => ({ ...r, sessions: Number(r.sessions) }))).toEqual([
      { day: '2026-11-21', sessions: 2, completed: 0, minutes: 0 },
      { day: '2026-11-22', sessions: 1, completed: 1, minutes: 45 },
    ]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/pomodoro/sessions/${a.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    const afterDelete = await stats(app, token);
    expect(afterDelete).toMatchObject({
      totalSessions: 2,
      completedSessions: 0,
      totalMinutes: 0,
      mostProductiveDay: null,
      currentStreak: 0,
    });
    expect(await stats(app, token, 'Etc/UTC')).toEqual(afterDelete);
    // A day left with no sessions leaves the rollup.
    const days = await database.db
      .selectFrom('session_day_rollups')
      .select('day')
      .where('user_id', '=', user.id)
      .execute();
    expect(days.map((d) => d.day)).toEqual(['2026-11-21']);
  });

  it('rebuilds the rollup in the new zone when the profile time_zone changes', async () => {
    const { app, clock, database } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token, user } = await register(app);
    await setZone(app, token, 'America/Los_Angeles');
    await record(app, token, '2026-11-22T07:30:00Z', 25); // LA Sat 21st, Tokyo Sun 22nd
    await record(app, token, '2026-11-21T15:30:00Z', 30); // LA Sat 21st, Tokyo Sun 22nd
    expect(await rollupZone(database, user.id)).toBe('America/Los_Angeles');
    expect((await stats(app, token)).allTimeActivity).toEqual(activity({ Saturday: [2, 55] }));

    await setZone(app, token, 'Asia/Tokyo');
    const tokyo = await stats(app, token);
    expect(tokyo.allTimeActivity).toEqual(activity({ Sunday: [2, 55] }));
    expect(await rollupZone(database, user.id)).toBe('Asia/Tokyo');
    // Writes after the change land in the new zone's days.
    await record(app, token, '2026-11-22T14:30:00Z', 20); // Tokyo 23:30 Sun 22nd, UTC Sun
    expect((await stats(app, token)).allTimeActivity).toEqual(activity({ Sunday: [3, 75] }));
    // ?tz= for another zone reads directly and leaves the rollup alone.
    expect((await stats(app, token, 'America/Los_Angeles')).allTimeActivity).toEqual(
      activity({ Saturday: [2, 55], Sunday: [1, 20] }),
    );
    expect(await rollupZone(database, user.id)).toBe('Asia/Tokyo');

    await setZone(app, token, null); // back to UTC
    expect((await stats(app, token)).allTimeActivity).toEqual(
      activity({ Saturday: [1, 30], Sunday: [2, 45] }),
    );
    expect(await rollupZone(database, user.id)).toBe('UTC');
  });

  it('agrees with a direct aggregate after random writes across DST changes', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-12-01T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    await setZone(app, token, 'Europe/Berlin');
    const ops = fc.array(
      fc.record({
        // Within three hours of the 2026 European changes, and of the first local midnight
        // after each (which falls on the same UTC day as the change).
        base: fc.constantFrom(
          '2026-03-29T01:00:00Z',
          '2026-03-29T22:00:00Z',
          '2026-10-25T01:00:00Z',
          '2026-10-25T23:00:00Z',
        ),
        offsetMinutes: fc.integer({ min: -180, max: 180 }),
        minutes: fc.integer({ min: 0, max: 90 }),
        completed: fc.boolean(),
        action: fc.constantFrom('keep', 'keep', 'move', 'delete'),
      }),
      { minLength: 12, maxLength: 16 },
    );
    const [sample] = fc.sample(ops, { numRuns: 1, seed: 42 });
    for (const op of sample!) {
      const start = new Date(Date.parse(op.base) + op.offsetMinutes * 60_000).toISOString();
      const created = await record(app, token, start, op.minutes, op.completed);
      if (op.action === 'move') {
        const moved = new Date(Date.parse(start) + 90 * 60_000).toISOString();
        await app.inject({
          method: 'PUT',
          url: `/api/pomodoro/sessions/${created.id}`,
          headers: bearer(token),
          payload: {
            start_time: moved,
            end_time: new Date(Date.parse(moved) + op.minutes * 60_000).toISOString(),
            completed: !op.completed,
          },
        });
      }
      if (op.action === 'delete') {
        await app.inject({
          method: 'DELETE',
          url: `/api/pomodoro/sessions/${created.id}`,
          headers: bearer(token),
        });
      }
    }
    // 'Europe/Berlin' is the rollup; 'Europe/Busingen' keeps the same clocks but reads directly.
    const berlin = await stats(app, token);
    expect(await stats(app, token, 'Europe/Busingen')).toEqual(berlin);
    // Two hand-placed sessions: 22:30 UTC is 00:30 the next day in summer time (CEST), but
    // still 23:30 the same day once winter time (CET) is back.
    await record(app, token, '2026-03-29T22:30:00Z', 7);
    await record(app, token, '2026-10-25T22:30:00Z', 11);
    const after = await stats(app, token);
    expect(
      heatmapDay(after, '2026-03-30')!.minutes - heatmapDay(berlin, '2026-03-30')!.minutes,
    ).toBe(7);
    expect(
      heatmapDay(after, '2026-10-25')!.minutes - heatmapDay(berlin, '2026-10-25')!.minutes,
    ).toBe(11);
    expect(await stats(app, token, 'Europe/Busingen')).toEqual(after);
  });

  it('keeps the rollup exact under concurrent writes, reads and a zone change', async () => {
    const { app, clock } = await apps.make();
    clock.advance(Date.parse('2026-11-22T12:00:00Z') - clock.now().getTime());
    const { token } = await register(app);
    // 05:30 UTC: 00:30 in New York but still the day before in Los Angeles.
    const start = (i: number) => `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T05:30:00Z`;
    for (let i = 0; i < 5; i++) await record(app, token, start(i), 20 + i);
    // Writes race with rollup rebuilds between the two zones.
    const zones = ['America/New_York', 'America/Los_Angeles'];
    await Promise.all([
      ...Array.from({ length: 25 }, (_, i) => record(app, token, start(5 + i), 10 + i, i % 3 > 0)),
      ...Array.from({ length: 8 }, async (_, i) => {
        await setZone(app, token, zones[i % 2]!);
        await stats(app, token);
      }),
    ]);
    await setZone(app, token, 'America/New_York');
    const rollup = await stats(app, token);
    expect(rollup.totalSessions).toBe(30);
    // 'US/Eastern' names New York's clocks but is aggregated directly from the sessions.
    expect(await stats(app, token, 'US/Eastern')).toEqual(rollup);
  });

  it('never answers from a stale cache, even when another instance wrote', async () => {
    const first = await apps.make();
    first.clock.advance(Date.parse('2026-11-22T12:00:00Z') - first.clock.now().getTime());
    const second = await apps.make({ clock: first.clock });
    const { token } = await register(first.app);
    expect(await stats(first.app, token)).toMatchObject({ totalSessions: 0 });
    const session = await record(second.app, token, '2026-11-22T09:00:00Z', 25);
    expect(await stats(first.app, token)).toMatchObject({ totalSessions: 1, totalMinutes: 25 });
    expect(await stats(first.app, token, 'Asia/Tokyo')).toMatchObject({ totalMinutes: 25 });
    await second.app.inject({
      method: 'PUT',
      url: `/api/pomodoro/sessions/${session.id}`,
      headers: bearer(token),
      payload: { duration: 40 },
    });
    expect(await stats(first.app, token)).toMatchObject({ totalMinutes: 40 });
    expect(await stats(first.app, token, 'Asia/Tokyo')).toMatchObject({ totalMinutes: 40 });
    await second.app.inject({
      method: 'DELETE',
      url: `/api/pomodoro/sessions/${session.id}`,
      headers: bearer(token),
    });
    expect(await stats(first.app, token)).toMatchObject({ totalSessions: 0, totalMinutes: 0 });
    // A new day is a new answer too.
    first.clock.advanceHours(24);
    expect((await stats(first.app, token)).activityHeatmap.at(-1)!.date).toBe('2026-11-23');
  });

  it('refuses an unknown zone with 400 before any query, and answers 401 without a token', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    await record(app, token, '2026-11-22T09:00:00Z', 25);
    for (const tz of ['Mars/Olympus', '+05:00', 'EST+5', "UTC'; drop table users; --", '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/pomodoro/stats?tz=${encodeURIComponent(tz)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, tz).toBe(400);
      expect(response.json()).toEqual({
        message: 'Unknown time zone',
        code: 'field.timeZone',
        errors: { tz: 'Unknown time zone' },
        fieldCodes: { tz: 'field.timeZone' },
      });
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/pomodoro/stats' });
    expect(anonymous.statusCode).toBe(401);
  });
});
