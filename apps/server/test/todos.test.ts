import type { Todo } from '@focusroom/core/schemas';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import * as todoEstimates from '../src/db/migrations/0005-todo-estimates.js';

async function replace(app: App, token: string, todos: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/pomodoro/todos',
    headers: bearer(token),
    payload: { todos },
  });
}

async function getTodos(app: App, token: string): Promise<Todo[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/pomodoro/todos',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Todo[]>();
}

async function put(app: App, token: string, id: string, payload: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/pomodoro/todos/${id}`,
    headers: bearer(token),
    payload,
  });
}

/** The fields a to-do has before any estimate, done count or active flag is set. */
const FRESH = { estimate: 1, done_pomodoros: 0, active: false };

/** id -> text, in list order, for compact assertions. */
function texts(todos: Todo[]) {
  return todos.map((t) => t.text);
}

describe.each(DIALECTS)('to-dos on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('starts empty, replaces the list in order and answers it', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    expect(await getTodos(app, token)).toEqual([]);
    const response = await replace(app, token, [
      { text: '  Outline  ', completed: true },
      { text: 'Draft' },
      { text: 'Edit', completed: false, position: 99, extra: 'ignored' },
    ]);
    expect(response.statusCode).toBe(200);
    const list = response.json<Todo[]>();
    expect(list).toEqual([
      { id: expect.any(String), text: 'Outline', completed: true, position: 0, ...FRESH },
      { id: expect.any(String), text: 'Draft', completed: false, position: 1, ...FRESH },
      { id: expect.any(String), text: 'Edit', completed: false, position: 2, ...FRESH },
    ]);
    expect(new Set(list.map((t) => t.id)).size).toBe(3);
    expect(await getTodos(app, token)).toEqual(list);
    // An empty list clears it.
    expect((await replace(app, token, [])).json()).toEqual([]);
    expect(await getTodos(app, token)).toEqual([]);
  });

  it("keeps the user's own ids, and gives new ids to unknown, repeated and other users' ids", async () => {
    const { app } = await apps.make();
    const alice = await register(app);
    const bob = await register(app);
    const [bobsItem] = (await replace(app, bob.token, [{ text: 'Bob' }])).json<Todo[]>();
    const first = (
      await replace(app, alice.token, [{ text: 'A' }, { text: 'B' }, { text: 'C' }])
    ).json<Todo[]>();
    const [a, b, c] = first as [Todo, Todo, Todo];
    const second = (
      await replace(app, alice.token, [
        { id: c.id, text: 'C moved first', completed: true },
        { id: a.id.toUpperCase(), text: 'A' },
        { id: a.id, text: 'A again' },
        { id: bobsItem!.id, text: 'Not Bob' },
        { id: 12345, text: 'Numeric id' },
        { id: 'not-an-id', text: 'Odd id' },
        { text: 'New' },
      ])
    ).json<Todo[]>();
    expect(texts(second)).toEqual([
      'C moved first',
      'A',
      'A again',
      'Not Bob',
      'Numeric id',
      'Odd id',
      'New',
    ]);
    expect(second[0]).toEqual({
      id: c.id,
      text: 'C moved first',
      completed: true,
      position: 0,
      ...FRESH,
    });
    expect(second[1]!.id).toBe(a.id);
    const fresh = second.slice(2).map((t) => t.id);
    expect(fresh).not.toContain(a.id);
    expect(fresh).not.toContain(b.id);
    expect(fresh).not.toContain(bobsItem!.id);
    expect(new Set(second.map((t) => t.id)).size).toBe(7);
    expect(second.map((t) => t.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Bob's list is untouched.
    expect(await getTodos(app, bob.token)).toEqual([bobsItem]);
  });

  it('refuses more than 200 items, empty text and text over 500 characters, changing nothing', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const kept = (await replace(app, token, [{ text: 'Keep me' }])).json<Todo[]>();
    const cases: [unknown, string, string][] = [
      [
        Array.from({ length: 201 }, (_, i) => ({ text: `item ${i}` })),
        'todos',
        'A to-do list holds at most 200 items',
      ],
      [[{ text: 'ok' }, { text: '   ' }], 'todos.1.text', 'To-do text must not be empty'],
      [[{ text: 'x'.repeat(501) }], 'todos.0.text', 'To-do text must be at most 500 characters'],
      [[{ completed: true }], 'todos.0.text', 'To-do text must be text'],
      [
        [{ text: 'ok', completed: 'yes' }],
        'todos.0.completed',
        'Invalid input: expected boolean, received string',
      ],
      ['not a list', 'todos', 'Invalid input: expected array, received string'],
    ];
    for (const [todos, field, message] of cases) {
      const response = await replace(app, token, todos);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field], field).toBe(message);
    }
    const missing = await app.inject({
      method: 'POST',
      url: '/api/pomodoro/todos',
      headers: bearer(token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    // Exactly 200 items of exactly 500 characters are fine.
    const full = Array.from({ length: 200 }, (_, i) => ({ text: `${i}`.padEnd(500, 'x') }));
    expect(await getTodos(app, token)).toEqual(kept);
    const accepted = await replace(app, token, full);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toHaveLength(200);
  });

  it('changes text and completed, and moves an item to a position', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const list = (
      await replace(
        app,
        token,
        ['A', 'B', 'C', 'D', 'E'].map((text) => ({ text })),
      )
    ).json<Todo[]>();
    const [a, b, , d] = list as [Todo, Todo, Todo, Todo, Todo];
    const edited = await put(app, token, b.id, { text: '  B2 ', completed: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id: b.id,
      text: 'B2',
      completed: true,
      position: 1,
      ...FRESH,
    });

    const down = await put(app, token, a.id, { position: 3 });
    expect(down.json()).toEqual({ id: a.id, text: 'A', completed: false, position: 3, ...FRESH });
    expect(texts(await getTodos(app, token))).toEqual(['B2', 'C', 'D', 'A', 'E']);
    const up = await put(app, token, d.id, { position: 0 });
    expect(up.json().position).toBe(0);
    expect(texts(await getTodos(app, token))).toEqual(['D', 'B2', 'C', 'A', 'E']);
    // Past the end means last.
    expect((await put(app, token, d.id, { position: 50 })).json().position).toBe(4);
    const final = await getTodos(app, token);
    expect(texts(final)).toEqual(['B2', 'C', 'A', 'E', 'D']);
    expect(final.map((t) => t.position)).toEqual([0, 1, 2, 3, 4]);

    for (const payload of [
      { text: '' },
      { text: 'y'.repeat(501) },
      { completed: 'no' },
      { position: -1 },
      { position: 1.5 },
    ]) {
      const bad = await put(app, token, d.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getTodos(app, token)).toEqual(final);
  });

  it('keeps estimate, done count and active flag through replace, update and reads', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const sent = await replace(app, token, [
      { text: 'Write', estimate: 4, done_pomodoros: 1, active: true },
      { text: 'Read', estimate: 99, done_pomodoros: 999 },
      { text: 'Plan' },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const [write, read, plan] = sent.json<Todo[]>() as [Todo, Todo, Todo];
    expect(write).toMatchObject({ estimate: 4, done_pomodoros: 1, active: true });
    expect(read).toMatchObject({ estimate: 99, done_pomodoros: 999, active: false });
    expect(plan).toMatchObject(FRESH);
    expect(await getTodos(app, token)).toEqual([write, read, plan]);

    // A pomodoro finished on the active to-do, then another to-do becomes the active one.
    const counted = await put(app, token, write.id, { done_pomodoros: 2, estimate: 5 });
    expect(counted.json()).toMatchObject({ estimate: 5, done_pomodoros: 2, active: true });
    const switched = await put(app, token, plan.id, { active: true });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ id: plan.id, active: true });
    let list = await getTodos(app, token);
    expect(list.map((t) => t.active)).toEqual([false, false, true]);
    expect((await put(app, token, plan.id, { active: false })).json().active).toBe(false);
    list = await getTodos(app, token);
    expect(list.map((t) => t.active)).toEqual([false, false, false]);
    expect(list[0]).toMatchObject({ estimate: 5, done_pomodoros: 2 });
  });

  it('keeps the stored estimate, count and flag of a kept item when a client leaves them out', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const [a, b] = (
      await replace(app, token, [
        { text: 'A', estimate: 3, done_pomodoros: 2, active: true },
        { text: 'B', estimate: 2 },
      ])
    ).json<Todo[]>() as [Todo, Todo];
    // A client that predates the fields sends only id, text and completed.
    const old = await replace(app, token, [
      { id: b.id, text: 'B', completed: true },
      { id: a.id, text: 'A renamed', completed: false },
      { text: 'C' },
    ]);
    expect(old.json()).toEqual([
      { ...b, completed: true, position: 0 },
      { ...a, text: 'A renamed', position: 1 },
      { id: expect.any(String), text: 'C', completed: false, position: 2, ...FRESH },
    ]);
    // An item sent as active wins over the flag kept from before: one active item at most.
    const moved = await replace(app, token, [
      { id: a.id, text: 'A renamed' },
      { id: b.id, text: 'B', active: true },
    ]);
    expect(moved.json<Todo[]>().map((t) => t.active)).toEqual([false, true]);
  });

  it('gives to-dos stored before estimates existed an estimate of 1, none done, not active', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    // The migration runs on an untyped Kysely, as the migrator gives it one.
    const untyped = database.db as unknown as Kysely<unknown>;
    await todoEstimates.down(untyped);
    try {
      await untyped
        .insertInto('todos' as never)
        .values({
          id: '0195f0a8-0000-7000-8000-00000000000a',
          user_id: user.id,
          text: 'Old',
          completed: 1,
          position: 0,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        } as never)
        .execute();
    } finally {
      await todoEstimates.up(untyped);
    }
    expect(await getTodos(app, token)).toEqual([
      {
        id: '0195f0a8-0000-7000-8000-00000000000a',
        text: 'Old',
        completed: true,
        position: 0,
        ...FRESH,
      },
    ]);
  });

  it('refuses a bad estimate, done count or active flag with a clear 400, changing nothing', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const kept = (await replace(app, token, [{ text: 'Keep me', estimate: 2, active: true }])).json<
      Todo[]
    >();
    const estimate = 'Estimate must be a whole number of pomodoros from 1 to 99';
    const done = 'Done pomodoros must be a whole number from 0 to 999';
    const cases: [unknown, string, string][] = [
      [[{ text: 'a', estimate: 0 }], 'todos.0.estimate', estimate],
      [[{ text: 'a', estimate: 100 }], 'todos.0.estimate', estimate],
      [[{ text: 'a', estimate: 1.5 }], 'todos.0.estimate', estimate],
      [[{ text: 'a', estimate: '3' }], 'todos.0.estimate', estimate],
      [[{ text: 'a', done_pomodoros: -1 }], 'todos.0.done_pomodoros', done],
      [[{ text: 'a', done_pomodoros: 1000 }], 'todos.0.done_pomodoros', done],
      [[{ text: 'a', done_pomodoros: null }], 'todos.0.done_pomodoros', done],
      [[{ text: 'a', active: 'yes' }], 'todos.0.active', 'active must be true or false'],
      [
        [
          { text: 'a', active: true },
          { text: 'b', active: true },
        ],
        'todos',
        'At most one to-do can be active',
      ],
    ];
    for (const [todos, field, message] of cases) {
      const response = await replace(app, token, todos);
      expect(response.statusCode, JSON.stringify(todos)).toBe(400);
      expect(response.json().errors[field], field).toBe(message);
    }
    const id = kept[0]!.id;
    for (const [payload, field, message] of [
      [{ estimate: 0 }, 'estimate', estimate],
      [{ estimate: 12.5 }, 'estimate', estimate],
      [{ done_pomodoros: 5000 }, 'done_pomodoros', done],
      [{ active: 1 }, 'active', 'active must be true or false'],
    ] as const) {
      const bad = await put(app, token, id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors[field], field).toBe(message);
    }
    expect(await getTodos(app, token)).toEqual(kept);
  });

  it('deletes with 204 and closes the gap in positions', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const list = (
      await replace(
        app,
        token,
        ['A', 'B', 'C'].map((text) => ({ text })),
      )
    ).json<Todo[]>();
    const url = `/api/pomodoro/todos/${list[1]!.id}`;
    const response = await app.inject({ method: 'DELETE', url, headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await getTodos(app, token);
    expect(after.map((t) => [t.text, t.position])).toEqual([
      ['A', 0],
      ['C', 1],
    ]);
    expect((await app.inject({ method: 'DELETE', url, headers: bearer(token) })).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another user's to-do, an unknown id and a malformed id", async () => {
    const { app } = await apps.make();
    const alice = await register(app);
    const bob = await register(app);
    const [mine] = (await replace(app, alice.token, [{ text: 'Mine' }])).json<Todo[]>();
    for (const id of [mine!.id, '0195f0a8-0000-7000-8000-000000000000', 'abc']) {
      const edit = await put(app, bob.token, id, { text: 'Stolen' });
      expect(edit.statusCode, id).toBe(404);
      expect(edit.json()).toEqual({ code: expect.any(String), message: 'To-do not found' });
      for (const payload of [{ estimate: 9 }, { done_pomodoros: 7 }, { active: true }]) {
        const count = await put(app, bob.token, id, payload);
        expect(count.statusCode, `${id} ${JSON.stringify(payload)}`).toBe(404);
      }
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/pomodoro/todos/${id}`,
        headers: bearer(bob.token),
      });
      expect(remove.statusCode, id).toBe(404);
    }
    expect(await getTodos(app, alice.token)).toEqual([mine]);
  });

  it('keeps one consistent list under concurrent replaces', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const seed = (await replace(app, token, [{ text: 'seed' }])).json<Todo[]>();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        replace(app, token, [{ id: seed[0]!.id, text: `seed ${i}` }, { text: `new ${i}` }]),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const final = await getTodos(app, token);
    expect(final).toHaveLength(2);
    expect(final[0]!.id).toBe(seed[0]!.id);
    expect(responses.map((r) => r.body)).toContain(JSON.stringify(final));
  });

  it('answers 401 without a token', async () => {
    const { app } = await apps.make();
    const id = '0195f0a8-0000-7000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/pomodoro/todos'],
      ['POST', '/api/pomodoro/todos'],
      ['PUT', `/api/pomodoro/todos/${id}`],
      ['DELETE', `/api/pomodoro/todos/${id}`],
    ] as const) {
      const response = await app.inject({ method, url, payload: { todos: [] } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
