import fc from 'fast-check';
import type { Session } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { PASSWORD, bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const CLIENT_ID = '0195f0a8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';

/** A valid session body; a start_time without an end_time ends 25 minutes later. */
function session(overrides: Record<string, unknown> = {}) {
  const start =
    typeof overrides.start_time === 'string' ? overrides.start_time : '2026-11-22T09:00:00.000Z';
  const end = Number.isNaN(Date.parse(start))
    ? '2026-11-22T09:25:00.000Z'
    : new Date(Date.parse(start) + 25 * 60_000).toISOString();
  return {
    duration: 25,
    task: 'Write the report',
    completed: true,
    start_time: start,
    end_time: end,
    ...overrides,
  };
}

async function post(app: App, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/pomodoro/sessions',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

async function create(app: App, token: string, overrides: Record<string, unknown> = {}) {
  const response = await post(app, token, session(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Session>();
}

async function list(app: App, token: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/pomodoro/sessions${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    sessions: response.json<Session[]>(),
    next: response.headers['x-next-cursor'] as string | undefined,
  };
}

/** 'YYYY-MM-DDTHH:MM:SS.mmmZ' minutes after a base instant. */
function at(base: string, minutes: number): string {
  return new Date(Date.parse(base) + minutes * 60_000).toISOString();
}

describe.each(DIALECTS)('focus sessions on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('POST /api/pomodoro/sessions', () => {
    it('records a session and answers 201 with it, times in UTC', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const response = await post(
        app,
        token,
        session({
          start_time: '2026-11-22T09:00:00-08:00',
          end_time: '2026-11-22T09:25:30-08:00',
        }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        ),
        duration: 25,
        task: 'Write the report',
        completed: true,
        created_at: clock.now().toISOString(),
        start_time: '2026-11-22T17:00:00.000Z',
        end_time: '2026-11-22T17:25:30.000Z',
        client_id: null,
      });
      expect((await list(app, token)).sessions).toEqual([body]);
    });

    it('applies the defaults: task label Completed Pomodoro, completed, and minutes from the times', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const plain = await create(app, token, { task: undefined, completed: undefined });
      expect(plain).toMatchObject({ task: 'Completed Pomodoro', completed: true, duration: 25 });
      const blank = await create(app, token, { task: '   ', duration: undefined });
      // No duration: the rounded minutes between start and end (product §3).
      expect(blank).toMatchObject({ task: 'Completed Pomodoro', duration: 25 });
      const trimmed = await create(app, token, { task: '  Read  ', completed: false });
      expect(trimmed).toMatchObject({ task: 'Read', completed: false });
    });

    it('rounds a fractional duration to the nearest minute and accepts 0 and 1440', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      expect((await create(app, token, { duration: 24.5 })).duration).toBe(25);
      expect((await create(app, token, { duration: 24.49 })).duration).toBe(24);
      expect((await create(app, token, { duration: 0 })).duration).toBe(0);
      const day = await create(app, token, {
        duration: 1440,
        start_time: '2026-11-22T00:00:00Z',
        end_time: '2026-11-29T00:00:00Z',
      });
      expect(day.duration).toBe(1440);
    });

    it('refuses bad fields with 400 field errors and stores nothing', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ duration: -1 }, 'duration', /0 to 1440/],
        [{ duration: 1441 }, 'duration', /0 to 1440/],
        [{ duration: '25' }, 'duration', /0 to 1440/],
        [{ task: 'x'.repeat(501) }, 'task', /at most 500/],
        [{ completed: 'yes' }, 'completed', /boolean/i],
        [{ start_time: '2026-11-22T09:00:00' }, 'start_time', /with an offset/],
        [{ start_time: 'yesterday' }, 'start_time', /with an offset/],
        [{ start_time: '2026-02-30T09:00:00Z' }, 'start_time', /with an offset/],
        [{ end_time: undefined }, 'end_time', /./],
        [{ start_time: '1969-12-31T23:00:00Z' }, 'start_time', /1970 and 9999/],
        [{ end_time: '2026-11-22T08:59:59Z' }, 'end_time', /not be before/],
        [{ end_time: '2026-11-29T09:00:01Z' }, 'end_time', /at most 7 days/],
        [{ duration: undefined, end_time: '2026-11-23T09:01:00Z' }, 'duration', /0 to 1440/],
        [{ client_id: 'not-a-uuid' }, 'client_id', /UUID/],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await post(app, token, session(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        const body = response.json();
        expect(body.errors, JSON.stringify(overrides)).toHaveProperty(field);
        expect(body.errors[field], JSON.stringify(overrides)).toMatch(message);
        expect(typeof body.message).toBe('string');
      }
      for (const payload of [null, [], 'text', { start_time: 1 }]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/pomodoro/sessions',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
      }
      // A span of exactly 7 days is allowed.
      await create(app, token, { duration: 30, end_time: '2026-11-29T09:00:00Z' });
      expect((await list(app, token)).sessions).toHaveLength(1);
    });

    it('answers a repeated client_id with 200 and the first session, unchanged', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const first = await create(app, token, { client_id: CLIENT_ID });
      expect(first.client_id).toBe(CLIENT_ID);
      const again = await post(app, token, session({ client_id: CLIENT_ID, task: 'Other' }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
      // The same UUID in capitals is the same key.
      const upper = await post(app, token, session({ client_id: CLIENT_ID.toUpperCase() }));
      expect(upper.statusCode).toBe(200);
      expect(upper.json()).toEqual(first);
      expect((await list(app, token)).sessions).toEqual([first]);
    });

    it('creates one row for concurrent repeats of a client_id', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const clientId = '0195f0a8-1c2d-7e3f-8a4b-000000000001';
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(app, token, session({ client_id: clientId, task: `attempt ${i}` })),
        ),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const bodies = new Set(responses.map((r) => r.body));
      expect(bodies.size).toBe(1);
      expect((await list(app, token)).sessions).toHaveLength(1);
      const stats = await app.inject({
        method: 'GET',
        url: '/api/pomodoro/stats',
        headers: bearer(token),
      });
      expect(stats.json()).toMatchObject({ totalSessions: 1, completedSessions: 1 });
    });

    it("keeps another user's identical client_id independent", async () => {
      const { app } = await apps.make();
      const alice = await register(app);
      const bob = await register(app);
      const mine = await create(app, alice.token, { client_id: CLIENT_ID });
      const theirs = await post(app, bob.token, session({ client_id: CLIENT_ID, task: 'Bob' }));
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(mine.id);
      expect(theirs.json().task).toBe('Bob');
      expect((await list(app, alice.token)).sessions).toEqual([mine]);
    });

    it('answers 401 without a token on every session endpoint', async () => {
      const { app } = await apps.make();
      const id = '0195f0a8-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
      for (const [method, url] of [
        ['GET', '/api/pomodoro/sessions'],
        ['GET', '/api/pomodoro/sessions/export.csv'],
        ['POST', '/api/pomodoro/sessions'],
        ['PUT', `/api/pomodoro/sessions/${id}`],
        ['DELETE', `/api/pomodoro/sessions/${id}`],
      ] as const) {
        const response = await app.inject({ method, url, payload: session() });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().message).toEqual(expect.any(String));
      }
    });
  });

  describe('GET /api/pomodoro/sessions', () => {
    it('lists newest first by start_time, then id, and only your own', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const other = await register(app);
      await create(app, other.token, { start_time: '2026-11-23T09:00:00Z', duration: 5 });
      const early = await create(app, token, {
        start_time: '2026-11-20T09:00:00Z',
        end_time: '2026-11-20T09:25:00Z',
      });
      const late = await create(app, token, {
        start_time: '2026-11-21T09:00:00+01:00',
        end_time: '2026-11-21T09:25:00+01:00',
      });
      const tieA = await create(app, token, { start_time: '2026-11-20T12:00:00Z' });
      const tieB = await create(app, token, { start_time: '2026-11-20T12:00:00Z' });
      const { sessions, next } = await list(app, token);
      const tie = [tieA, tieB].sort((a, b) => (a.id < b.id ? 1 : -1));
      expect(sessions.map((s) => s.id)).toEqual([late.id, ...tie.map((s) => s.id), early.id]);
      expect(next).toBeUndefined();
    });

    it('walks every session exactly once, in order, page by page with the cursor', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const base = '2026-10-01T08:00:00.000Z';
      const created: Session[] = [];
      // 23 sessions, several sharing a start time, so pages break inside ties.
      for (let i = 0; i < 23; i++) {
        const start = at(base, Math.floor(i / 3) * 60);
        created.push(await create(app, token, { start_time: start, end_time: at(start, 25) }));
      }
      const expected = [...created]
        .sort((a, b) =>
          a.start_time === b.start_time
            ? a.id < b.id
              ? 1
              : -1
            : a.start_time < b.start_time
              ? 1
              : -1,
        )
        .map((s) => s.id);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const query = `?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await list(app, token, query);
        expect(page.sessions.length).toBeLessThanOrEqual(5);
        seen.push(...page.sessions.map((s) => s.id));
        cursor = page.next;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toEqual(expected);
      // A last page that is exactly full has no cursor either.
      const full = await list(app, token, '?limit=23');
      expect(full.sessions).toHaveLength(23);
      expect(full.next).toBeUndefined();
      const unpaged = await list(app, token);
      expect(unpaged.sessions.map((s) => s.id)).toEqual(expected);
    });

    it('bounds by start_time: from inclusive, to exclusive, with cursors inside the bounds', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const ids: Record<string, string> = {};
      for (const day of ['01', '02', '03', '04', '05']) {
        const start = `2026-11-${day}T10:00:00.000Z`;
        ids[day] = (await create(app, token, { start_time: start, end_time: at(start, 25) })).id;
      }
      const from = encodeURIComponent('2026-11-02T11:00:00+01:00'); // 10:00 UTC on the 2nd
      const to = encodeURIComponent('2026-11-05T10:00:00Z');
      const bounded = await list(app, token, `?from=${from}&to=${to}`);
      expect(bounded.sessions.map((s) => s.id)).toEqual([ids['04'], ids['03'], ids['02']]);
      const first = await list(app, token, `?limit=2&from=${from}&to=${to}`);
      expect(first.sessions.map((s) => s.id)).toEqual([ids['04'], ids['03']]);
      const second = await list(
        app,
        token,
        `?limit=2&from=${from}&to=${to}&cursor=${encodeURIComponent(first.next!)}`,
      );
      expect(second.sessions.map((s) => s.id)).toEqual([ids['02']]);
      expect(second.next).toBeUndefined();
    });

    it('refuses a bad limit, cursor or bound with 400', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      await create(app, token);
      const forged = Buffer.from(JSON.stringify(['2026', "' or 1=1"])).toString('base64url');
      for (const query of [
        '?limit=0',
        '?limit=501',
        '?limit=2.5',
        '?limit=abc',
        '?limit=',
        '?limit=1&limit=2',
        '?cursor=not-a-cursor!',
        `?limit=5&cursor=${forged}`,
        '?from=yesterday',
        '?to=2026-11-22',
        '?from=2026-11-23T00:00:00Z&to=2026-11-22T00:00:00Z',
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/pomodoro/sessions${query}`,
          headers: bearer(token),
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toEqual(expect.any(String));
      }
    });
  });

  describe('PUT and DELETE /api/pomodoro/sessions/:id', () => {
    it('changes the fields sent, validates the merged session and answers it', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const original = await create(app, token, { client_id: CLIENT_ID });
      clock.advanceMinutes(5);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/pomodoro/sessions/${original.id}`,
        headers: bearer(token),
        payload: { task: 'Renamed', completed: false, duration: 20.4, id: 'ignored' },
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json();
      expect(updated).toEqual({ ...original, task: 'Renamed', completed: false, duration: 20 });

      const moved = await app.inject({
        method: 'PUT',
        url: `/api/pomodoro/sessions/${original.id}`,
        headers: bearer(token),
        payload: { start_time: '2026-11-23T01:00:00+09:00', end_time: '2026-11-23T01:30:00+09:00' },
      });
      expect(moved.json()).toMatchObject({
        start_time: '2026-11-22T16:00:00.000Z',
        end_time: '2026-11-22T16:30:00.000Z',
      });

      // The new start would be after the stored end.
      for (const payload of [
        { start_time: '2026-11-22T17:00:00Z' },
        { end_time: '2026-11-30T16:00:01Z' },
        { duration: 1441 },
        { task: 'y'.repeat(501) },
        { completed: 1 },
      ]) {
        const bad = await app.inject({
          method: 'PUT',
          url: `/api/pomodoro/sessions/${original.id}`,
          headers: bearer(token),
          payload,
        });
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await list(app, token)).sessions).toEqual([moved.json()]);
    });

    it("answers 404 for another user's session, an unknown id and a malformed id", async () => {
      const { app } = await apps.make();
      const alice = await register(app);
      const bob = await register(app);
      const mine = await create(app, alice.token);
      await create(app, bob.token);
      for (const id of [mine.id, '0195f0a8-0000-7000-8000-000000000000', 'abc', '1']) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const response = await app.inject({
            method,
            url: `/api/pomodoro/sessions/${id}`,
            headers: bearer(bob.token),
            ...(method === 'PUT' ? { payload: { task: 'Stolen' } } : {}),
          });
          expect(response.statusCode, `${method} ${id}`).toBe(404);
          expect(response.json()).toEqual({
            code: expect.any(String),
            message: 'Session not found',
          });
        }
      }
      expect((await list(app, alice.token)).sessions).toEqual([mine]);
    });

    it('deletes with 204, and a second delete is a 404', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const keep = await create(app, token);
      const gone = await create(app, token, {
        start_time: '2026-11-22T10:00:00Z',
        end_time: '2026-11-22T10:25:00Z',
      });
      const url = `/api/pomodoro/sessions/${gone.id}`;
      const response = await app.inject({ method: 'DELETE', url, headers: bearer(token) });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await app.inject({ method: 'DELETE', url, headers: bearer(token) })).statusCode).toBe(
        404,
      );
      expect((await list(app, token)).sessions).toEqual([keep]);
    });
  });

  describe('GET /api/pomodoro/sessions/export.csv', () => {
    it('streams a CSV attachment with quoted tasks, defused formulas and offsets in the zone', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      await app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { time_zone: 'America/Los_Angeles' },
      });
      const a = await create(app, token, {
        task: 'Plan, "draft" and ship',
        start_time: '2026-11-22T17:00:00Z',
        end_time: '2026-11-22T17:25:00Z',
      });
      const b = await create(app, token, {
        task: '=HYPERLINK("http://evil")',
        completed: false,
        duration: 10,
        start_time: '2026-07-01T16:00:00Z',
        end_time: '2026-07-01T16:10:00Z',
      });
      const c = await create(app, token, {
        task: '+1',
        start_time: '2026-07-01T15:00:00Z',
        end_time: '2026-07-01T15:25:00Z',
      });
      const d = await create(app, token, {
        task: '@SUM(A1)\nline two',
        start_time: '2026-07-01T14:00:00Z',
        end_time: '2026-07-01T14:25:00Z',
      });
      const e = await create(app, token, {
        task: '-2',
        start_time: '2026-07-01T13:00:00Z',
        end_time: '2026-07-01T13:25:00Z',
      });
      const response = await app.inject({
        method: 'GET',
        url: '/api/pomodoro/sessions/export.csv',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="focusroom-sessions.csv"',
      );
      expect(response.body).toBe(
        [
          'id,start_time,end_time,duration_minutes,task,completed',
          `${a.id},2026-11-22T09:00:00-08:00,2026-11-22T09:25:00-08:00,25,"Plan, ""draft"" and ship",true`,
          `${b.id},2026-07-01T09:00:00-07:00,2026-07-01T09:10:00-07:00,10,"'=HYPERLINK(""http://evil"")",false`,
          `${c.id},2026-07-01T08:00:00-07:00,2026-07-01T08:25:00-07:00,25,"'+1",true`,
          `${d.id},2026-07-01T07:00:00-07:00,2026-07-01T07:25:00-07:00,25,"'@SUM(A1)\nline two",true`,
          `${e.id},2026-07-01T06:00:00-07:00,2026-07-01T06:25:00-07:00,25,"'-2",true`,
          '',
        ].join('\r\n'),
      );

      const tokyo = await app.inject({
        method: 'GET',
        url: '/api/pomodoro/sessions/export.csv?tz=Asia/Kolkata',
        headers: bearer(token),
      });
      expect(tokyo.body.split('\r\n')[1]).toBe(
        `${a.id},2026-11-22T22:30:00+05:30,2026-11-22T22:55:00+05:30,25,"Plan, ""draft"" and ship",true`,
      );
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/pomodoro/sessions/export.csv?tz=Mars/Olympus',
        headers: bearer(token),
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('exports in UTC without a zone and walks past one page of rows', async () => {
      const { app, database } = await apps.make();
      const { token, user } = await register(app);
      const other = await register(app);
      await create(app, other.token, { task: 'not mine' });
      // 1,203 rows written directly: more than two pages of the export's reads.
      const rows = Array.from({ length: 1203 }, (_, i) => {
        const start = at('2025-01-01T00:00:00.000Z', i * 30);
        return {
          id: `0195f0a8-0000-7000-8000-${String(i).padStart(12, '0')}`,
          user_id: user.id,
          client_id: null,
          duration: 25,
          task: `task ${i}`,
          completed: 1,
          start_time: start,
          end_time: at(start, 25),
          created_at: start,
          updated_at: start,
        };
      });
      for (let i = 0; i < rows.length; i += 200) {
        await database.db
          .insertInto('focus_sessions')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      const response = await app.inject({
        method: 'GET',
        url: '/api/pomodoro/sessions/export.csv',
        headers: bearer(token),
      });
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(1204);
      expect(lines[1]).toBe(
        `${rows[1202]!.id},2025-01-26T01:00:00+00:00,2025-01-26T01:25:00+00:00,25,"task 1202",true`,
      );
      expect(lines.at(-1)).toBe(
        `${rows[0]!.id},2025-01-01T00:00:00+00:00,2025-01-01T00:25:00+00:00,25,"task 0",true`,
      );
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1203);
      expect(response.body).not.toContain('not mine');
    });
  });

  it('removes every session, rollup, setting and to-do with the account', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    await create(app, token, { client_id: CLIENT_ID });
    await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: bearer(token),
      payload: { pomodoro_duration: 50 },
    });
    await app.inject({
      method: 'POST',
      url: '/api/pomodoro/todos',
      headers: bearer(token),
      payload: { todos: [{ text: 'one', completed: false }] },
    });
    const tables = [
      'focus_sessions',
      'session_day_rollups',
      'session_rollup_zones',
      'user_settings',
      'todos',
    ] as const;
    const counts = async () => {
      const out: number[] = [];
      for (const table of tables) {
        const rows = await database.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', user.id)
          .execute();
        out.push(rows.length);
      }
      return out;
    };
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
  });

  it('never answers 5xx to odd bodies, queries and ids on the new endpoints', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const existing = await create(app, token);
    const fields = [
      'duration',
      'task',
      'completed',
      'start_time',
      'end_time',
      'client_id',
      'todos',
      'text',
      'position',
      'id',
      'pomodoro_duration',
      'sound_enabled',
      '__proto__',
    ];
    const oddValue = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '2026-11-22T09:00:00Z',
        '9999-12-31T23:59:59+14:00',
        '\uD800',
        'x'.repeat(600),
        existing.id,
      ),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.record({ text: fc.string(), id: fc.string() }), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), oddValue, { maxKeys: 6 }),
      fc.jsonValue(),
    );
    const endpoints = [
      ['POST', '/api/pomodoro/sessions'],
      ['PUT', `/api/pomodoro/sessions/${existing.id}`],
      ['PUT', '/api/settings'],
      ['POST', '/api/pomodoro/todos'],
      ['PUT', `/api/pomodoro/todos/${existing.id}`],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async ([method, url], payload) => {
        const response = await app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(
          500,
        );
      }),
      { numRuns: 120 },
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'cursor', 'from', 'to', 'tz'), oddValue, {
      maxKeys: 4,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/pomodoro/sessions',
          '/api/pomodoro/sessions/export.csv',
          '/api/pomodoro/stats',
        ),
        query,
        async (url, params) => {
          const search = new URLSearchParams(
            Object.entries(params).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          );
          const response = await app.inject({
            method: 'GET',
            url: `${url}?${search.toString()}`,
            headers: bearer(token),
          });
          expect(response.statusCode, `${url}?${search.toString()}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
    for (const id of ['%E0%A4%A', 'x'.repeat(300), '..%2F..', '%20']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await app.inject({
          method,
          url: `/api/pomodoro/sessions/${id}`,
          headers: bearer(token),
          ...(method === 'PUT' ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${method} ${id}`).toBeLessThan(500);
      }
    }
  });
});
