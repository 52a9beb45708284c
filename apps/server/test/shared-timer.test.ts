import { SESSION_MESSAGES, SHARED_TIMER_MAX_BATCH, SHARED_TIMER_MESSAGES } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const MIN = 60_000;
let pressCount = 0;

function press(
  device: string,
  baseVersion: number,
  at: number,
  action: Record<string, unknown>,
  id = `press-${++pressCount}`,
) {
  return { id, device, baseVersion, at, action };
}

async function getTimer(app: App, token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/timer', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function postActions(app: App, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/timer/actions',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function act(app: App, token: string, requests: unknown[]) {
  const response = await postActions(app, token, { requests });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Promise<{
    timer: { version: number; state: Record<string, unknown>; currentTask: string };
    outcomes: string[];
  }>;
}

describe.each(DIALECTS)('the shared timer on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it("starts as a fresh timer with the server's clock, stored only once changed", async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const timer = await getTimer(app, token);
    expect(timer).toEqual({
      version: 0,
      state: expect.objectContaining({ status: 'idle', type: 'pomodoro', durationMs: 25 * MIN }),
      currentTask: '',
      changedAt: clock.now().getTime(),
      changedBy: null,
      serverNow: clock.now().getTime(),
    });
  });

  it("follows the account's settings and applies a press where it was made", async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ pomodoro_duration: 50 }),
    });
    const now = clock.now().getTime();
    const { timer, outcomes } = await act(app, token, [press('laptop', 0, now, { type: 'start' })]);
    expect(outcomes).toEqual(['applied']);
    expect(timer.version).toBe(1);
    expect(timer.state).toMatchObject({ status: 'running', endsAt: now + 50 * MIN });
    // A pause that took 300 ms to arrive pauses where it was pressed.
    clock.advanceMinutes(3);
    const paused = await act(app, token, [
      press('laptop', 1, clock.now().getTime() - 300, { type: 'pause' }),
    ]);
    expect(paused.timer.state).toMatchObject({ status: 'paused', remainingMs: 47 * MIN + 300 });
    // Another device reads the same timer.
    clock.advance(2000);
    expect(await getTimer(app, token)).toMatchObject({
      version: 2,
      state: paused.timer.state,
      changedBy: 'laptop',
      serverNow: now + 3 * MIN + 2000,
    });
  });

  it('of two devices pressing at once the first decides; the other gets the timer to show', async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const now = clock.now().getTime();
    await act(app, token, [press('laptop', 0, now, { type: 'start' })]);
    clock.advanceMinutes(5);
    const at = clock.now().getTime();
    const [pause, skip] = await Promise.all([
      postActions(app, token, { requests: [press('laptop', 1, at, { type: 'pause' })] }),
      postActions(app, token, { requests: [press('phone', 1, at, { type: 'skip' })] }),
    ]);
    const answers = [pause.json(), skip.json()];
    expect(answers.map((a) => a.outcomes[0]).sort()).toEqual(['applied', 'stale']);
    // Both answers carry the one result, and so does a read.
    const final = await getTimer(app, token);
    expect(final.version).toBe(2);
    for (const answer of answers) expect(answer.timer.state).toEqual(final.state);
  });

  it("replays an offline device's presses in order; a retry applies nothing twice", async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const t0 = clock.now().getTime();
    await act(app, token, [press('laptop', 0, t0, { type: 'start' })]);
    clock.advanceMinutes(15);
    const batch = [
      press('phone', 1, t0 + 5 * MIN, { type: 'pause' }),
      press('phone', 1, t0 + 8 * MIN, { type: 'resume' }),
      press('phone', 1, t0 + 9 * MIN, { type: 'pause' }),
      press('phone', 1, t0 + 10 * MIN, { type: 'task', text: 'Draft the chapter' }),
    ];
    const first = await act(app, token, batch);
    expect(first.outcomes).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(first.timer.state).toMatchObject({ status: 'paused', remainingMs: 19 * MIN });
    expect(first.timer.currentTask).toBe('Draft the chapter');
    const retry = await act(app, token, batch);
    expect(retry.outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(retry.timer).toEqual(first.timer);
  });

  it('a replay on a timer another device changed since is stale and changes nothing', async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const t0 = clock.now().getTime();
    await act(app, token, [press('laptop', 0, t0, { type: 'start' })]);
    clock.advanceMinutes(6);
    await act(app, token, [press('laptop', 1, t0 + 6 * MIN, { type: 'skip' })]);
    const before = await getTimer(app, token);
    const { outcomes, timer } = await act(app, token, [
      press('phone', 1, t0 + 5 * MIN, { type: 'pause' }),
      press('phone', 1, t0 + 5 * MIN + 1000, { type: 'reset' }),
    ]);
    expect(outcomes).toEqual(['stale', 'stale']);
    expect(timer.state).toEqual(before.state);
    expect(timer.version).toBe(before.version);
  });

  it("keeps each account's timer its own", async () => {
    const { app, clock } = await apps.make();
    const alice = await register(app);
    const bob = await register(app);
    await act(app, alice.token, [press('a', 0, clock.now().getTime(), { type: 'start' })]);
    expect((await getTimer(app, bob.token)).state.status).toBe('idle');
    expect((await getTimer(app, alice.token)).state.status).toBe('running');
  });

  it('needs a signed-in user', async () => {
    const { app } = await apps.make();
    expect((await app.inject({ method: 'GET', url: '/api/timer' })).statusCode).toBe(401);
    const post = await app.inject({
      method: 'POST',
      url: '/api/timer/actions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ requests: [press('x', 0, Date.now(), { type: 'start' })] }),
    });
    expect(post.statusCode).toBe(401);
  });

  it('refuses a malformed batch with a clear message and changes nothing', async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const now = clock.now().getTime();
    const cases: [unknown, string][] = [
      [{ requests: [] }, SHARED_TIMER_MESSAGES.batch],
      [{}, SHARED_TIMER_MESSAGES.batch],
      [
        {
          requests: Array.from({ length: SHARED_TIMER_MAX_BATCH + 1 }, () =>
            press('x', 0, now, { type: 'start' }),
          ),
        },
        SHARED_TIMER_MESSAGES.batch,
      ],
      [{ requests: [press('x', 0, now, { type: 'explode' })] }, SHARED_TIMER_MESSAGES.action],
      [{ requests: [press('x', -1, now, { type: 'start' })] }, SHARED_TIMER_MESSAGES.action],
      [{ requests: [press('', 0, now, { type: 'start' })] }, SHARED_TIMER_MESSAGES.action],
      [
        { requests: [press('x', 0, now, { type: 'select', timerType: 'nap' })] },
        SHARED_TIMER_MESSAGES.action,
      ],
      [
        { requests: [{ id: 'a', device: 'x', baseVersion: 0, action: { type: 'start' } }] },
        SHARED_TIMER_MESSAGES.action,
      ],
      [{ requests: ['start'] }, SHARED_TIMER_MESSAGES.action],
      [
        { requests: [press('x', 0, now, { type: 'task', text: 'x'.repeat(501) })] },
        SESSION_MESSAGES.task,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await postActions(app, token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await getTimer(app, token)).version).toBe(0);
  });
});
