import { LIVE_CLOSE, LIVE_SESSION_CHECK_MS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { PASSWORD, bearer, login, register, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { connectLive, type LiveClient } from './support/live-client.js';

/** The live channel (issue 33): what each open tab of an account hears, and when it is closed. */

let pressCount = 0;

const listening = new WeakMap<App, Promise<string>>();

/** A real socket to the app, listening on a free port of the loopback from the first call. */
function open(app: App): Promise<LiveClient> {
  let base = listening.get(app);
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' });
    listening.set(app, base);
  }
  return base.then((address) => connectLive(address));
}

/** A tab signed in as `token`, with its first snapshot and device list received. */
async function tab(app: App, token: string, device = { id: 'browser-1', label: 'Laptop' }) {
  const client = await open(app);
  client.hello(token, device);
  await client.next('timer');
  await client.next('devices');
  return client;
}

function press(app: App, token: string, baseVersion: number, at: number, type = 'start') {
  return app.inject({
    method: 'POST',
    url: '/api/timer/actions',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({
      requests: [{ id: `p-${++pressCount}`, device: 'tab-a', baseVersion, at, action: { type } }],
    }),
  });
}

describe.each(DIALECTS)('the live channel on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it("answers a hello with the account's timer, the server's clock and its devices", async () => {
    const { app, clock } = await apps.make();
    const { token } = await register(app);
    const client = await open(app);
    client.hello(token, { id: 'browser-1', label: 'Firefox on Linux' });
    const first = await client.next('timer');
    expect(first).toEqual({
      type: 'timer',
      timer: expect.objectContaining({
        version: 0,
        state: expect.objectContaining({ status: 'idle' }),
      }),
      serverNow: clock.now().getTime(),
    });
    expect(first.timer).not.toHaveProperty('serverNow');
    expect(await client.next('devices')).toEqual({
      type: 'devices',
      devices: [{ id: 'browser-1', label: 'Firefox on Linux' }],
    });
    client.send({ type: 'ping', sentAt: 1234 });
    expect(await client.next('pong')).toEqual({
      type: 'pong',
      sentAt: 1234,
      serverNow: clock.now().getTime(),
    });
    client.socket.close();
  });

  it('answers a ping sent at once after the hello, as a tab sends it', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const client = await open(app);
    client.hello(token);
    client.send({ type: 'ping', sentAt: 99 });
    expect((await client.next('pong')).sentAt).toBe(99);
    await client.next('timer');
    client.socket.close();
  });

  it('brings a press on one device to every tab of the account within a second, and to nobody else', async () => {
    const { app, clock } = await apps.make();
    const owner = await register(app);
    const other = await register(app);
    const laptop = await tab(app, owner.token, { id: 'laptop', label: 'Laptop' });
    const phone = await tab(app, owner.token, { id: 'phone', label: 'Phone' });
    const stranger = await tab(app, other.token, { id: 'x', label: 'Stranger' });
    const from = { laptop: laptop.messages.length, phone: phone.messages.length };
    const started = performance.now();
    const answer = await press(app, owner.token, 0, clock.now().getTime());
    expect(answer.statusCode, answer.body).toBe(200);
    const seen = await Promise.all([
      laptop.next('timer', { from: from.laptop, match: (m) => m.timer.version === 1 }),
      phone.next('timer', { from: from.phone, match: (m) => m.timer.version === 1 }),
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const message of seen) {
      expect(message.timer.state.status).toBe('running');
      expect(message.timer.changedBy).toBe('tab-a');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stranger.messages.filter((m) => m.type === 'timer')).toHaveLength(1);
    for (const client of [laptop, phone, stranger]) client.socket.close();
  });

  it('tells every tab which devices are connected: two tabs of one browser count once', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const laptop = await tab(app, token, { id: 'laptop', label: 'Laptop' });
    const secondTab = await tab(app, token, { id: 'laptop', label: 'Laptop' });
    const phone = await tab(app, token, { id: 'phone', label: 'Phone' });
    const both = (m: { devices: unknown[] }) => m.devices.length === 2;
    await laptop.next('devices', { match: both });
    await secondTab.next('devices', { match: both });
    expect((await phone.next('devices', { match: both })).devices).toEqual([
      { id: 'laptop', label: 'Laptop' },
      { id: 'phone', label: 'Phone' },
    ]);
    const from = laptop.messages.length;
    phone.socket.close();
    await laptop.next('devices', { from, match: (m) => m.devices.length === 1 });
    laptop.socket.close();
    secondTab.socket.close();
  });

  it('tells every tab when the settings change on any device', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const client = await tab(app, token);
    const from = client.messages.length;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ pomodoro_duration: 40 }),
    });
    expect(saved.statusCode).toBe(200);
    await client.next('settings', { from });
    client.socket.close();
  });

  it.each([
    ['a token that is not one', 'not-a-token'],
    ['an empty hello', ''],
  ])('closes a socket that says hello with %s', async (_name, token) => {
    const { app } = await apps.make();
    const client = await open(app);
    client.hello(token);
    const { code } = await client.closed;
    expect(code).toBe(token === '' ? LIVE_CLOSE.badHello : LIVE_CLOSE.unauthorized);
    expect(client.messages).toEqual([]);
  });

  it.each([
    ['a ping before any hello', { type: 'ping', sentAt: 1 }],
    ['text that is not JSON', 'hello?'],
    ['an unknown message', { type: 'subscribe', topic: 'everything' }],
    [
      'a hello with extra fields',
      { type: 'hello', token: 'x', device: { id: 'a', label: 'b' }, admin: true },
    ],
  ])('closes a socket that starts with %s', async (_name, message) => {
    const { app } = await apps.make();
    const client = await open(app);
    client.send(message);
    expect((await client.closed).code).toBe(LIVE_CLOSE.badHello);
  });

  it('closes a socket that sends more than a message may hold', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const client = await tab(app, token);
    client.send({ type: 'ping', sentAt: 1, pad: 'x'.repeat(5_000) });
    expect((await client.closed).code).toBe(1009);
  });

  it('answers a plain request to the channel with 404, not a socket', async () => {
    const { app } = await apps.make();
    const response = await app.inject({ method: 'GET', url: '/api/live' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  describe('closes the sockets of a session that ended, within a second, whichever way it ended', () => {
    async function closedWithin(client: LiveClient, end: () => Promise<unknown>) {
      const started = performance.now();
      await end();
      const { code, at } = await client.closed;
      expect(code).toBe(LIVE_CLOSE.unauthorized);
      return at - started;
    }

    it('signing out', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const client = await tab(app, token);
      const took = await closedWithin(client, () =>
        app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }),
      );
      expect(took).toBeLessThan(1_000);
    });

    it("a password change (the other devices' sessions), not the device that changed it", async () => {
      const { app, mailer } = await apps.make();
      const { token, identity } = await verifiedUser(app, mailer);
      const second = await login(app, identity.email);
      expect(second.statusCode, second.body).toBe(200);
      const other = second.json<{ token: string }>().token;
      const kept = await tab(app, token, { id: 'here', label: 'Here' });
      const ended = await tab(app, other, { id: 'there', label: 'There' });
      const took = await closedWithin(ended, () =>
        app.inject({
          method: 'POST',
          url: '/api/users/password',
          headers: bearer(token),
          payload: { currentPassword: PASSWORD, newPassword: 'a-new-password-77' },
        }),
      );
      expect(took).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 2 * LIVE_SESSION_CHECK_MS));
      expect(kept.socket.readyState).toBe(kept.socket.OPEN);
      kept.socket.close();
    });

    it('the account disabled or deleted by any path, even straight in the database', async () => {
      const { app, database } = await apps.make();
      const disabled = await register(app);
      const deleted = await register(app);
      const one = await tab(app, disabled.token);
      const two = await tab(app, deleted.token);
      const tookDisabled = await closedWithin(one, () =>
        database.db
          .updateTable('users')
          .set({ disabled_at: new Date().toISOString() })
          .where('id', '=', disabled.user.id)
          .execute(),
      );
      const tookDeleted = await closedWithin(two, () =>
        database.db.deleteFrom('users').where('id', '=', deleted.user.id).execute(),
      );
      expect(tookDisabled).toBeLessThan(1_000);
      expect(tookDeleted).toBeLessThan(1_000);
    });
  });

  it('closes every socket as the server shuts down, so that tabs reconnect elsewhere', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const client = await tab(app, token);
    const waiting = await open(app);
    await app.close();
    expect((await client.closed).code).toBe(LIVE_CLOSE.goingAway);
    expect((await waiting.closed).code).toBe(LIVE_CLOSE.goingAway);
  });
});
