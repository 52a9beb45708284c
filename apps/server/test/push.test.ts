import {
  AUTO_START_DELAY_MS,
  PUSH_ACTION_TTL_MS,
  PUSH_LATE_LIMIT_MS,
  PUSH_MAX_DEVICES,
  PUSH_MESSAGES,
  PUSH_TEST_INTERVAL_MS,
  PUSH_TTL_SECONDS,
  TIMER_NOTIFICATION_TAG,
  type PushAlarmPayload,
} from '@focusroom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import {
  FAILING_PREFIX,
  GONE_PREFIX,
  REFUSING_PREFIX,
  decryptPush,
  fakeBrowserKeys,
  startFakePushService,
  verifyVapid,
  type FakeBrowserKeys,
  type FakePushService,
} from './fakes/push-service.mjs';

/** Web Push alarms (issue 33): devices, the alarm at each phase end, and the notification's button. */

const MIN = 60_000;
let pressCount = 0;
let deviceCount = 0;

let pushService: FakePushService;
beforeAll(async () => {
  pushService = await startFakePushService();
});
afterAll(async () => {
  await pushService.close();
});

/** The env of an app that may send to the fake, and polls only when a test says so. */
function pushEnv(): Record<string, string> {
  return { PUSH_SERVICE_ORIGINS: pushService.origin, PUSH_POLL_MS: '60000' };
}

function json(token: string) {
  return { ...bearer(token), 'content-type': 'application/json' };
}

/** A browser subscribed to the fake push service, under a name of its own. */
function browser(prefix = 'device'): FakeBrowserKeys & { name: string } {
  const name = `${prefix}${++deviceCount}-${Date.now()}`;
  return { ...fakeBrowserKeys(pushService.endpointFor(name)), name };
}

async function subscribe(
  app: App,
  token: string,
  device: FakeBrowserKeys,
  extra: { name?: string; language?: string } = {},
) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/push/devices',
    headers: {
      ...json(token),
      ...(extra.language ? { 'accept-language': extra.language } : {}),
    },
    payload: JSON.stringify({
      endpoint: device.endpoint,
      keys: device.keys,
      name: extra.name ?? 'Chrome on Linux',
    }),
  });
  return response;
}

async function subscribed(app: App, token: string, device: FakeBrowserKeys, name?: string) {
  const response = await subscribe(app, token, device, { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; name: string; lastSentAt: string | null }>();
}

async function devices(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/push/devices',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ devices: { id: string; name: string; lastSentAt: string | null }[] }>()
    .devices;
}

async function press(app: App, token: string, type: string, baseVersion: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/timer/actions',
    headers: json(token),
    payload: JSON.stringify({
      requests: [
        {
          id: `push-test-${++pressCount}`,
          device: 'tab-a',
          baseVersion,
          // Later than the test clock: the server takes the press at its own now.
          at: Date.parse('2100-01-01'),
          action: { type },
        },
      ],
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ timer: { version: number; state: Record<string, unknown> } }>().timer;
}

async function timerOf(app: App, token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/timer', headers: bearer(token) });
  return response.json<{ version: number; state: { status: string; type: string } }>();
}

async function saveSettings(app: App, token: string, settings: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: json(token),
    payload: JSON.stringify(settings),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** What the fake push service received for `device`, decrypted as the browser would. */
function alarms(device: FakeBrowserKeys & { name: string }): PushAlarmPayload[] {
  return pushService
    .received(device.name)
    .map((push) => decryptPush(push, device) as PushAlarmPayload);
}

function pressAction(app: App, token: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/push/actions',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  });
}

describe.each(DIALECTS)('push alarms on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('answers one VAPID key, kept in DATA_DIR across restarts', async () => {
    const first = await apps.make({ env: pushEnv() });
    const second = await apps.make({ env: pushEnv() });
    const keyOf = async (app: App) =>
      (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>()
        .publicKey;
    const key = await keyOf(first.app);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await keyOf(second.app)).toBe(key);
  });

  it("lists, renames and removes the account's devices; one browser is one device", async () => {
    const { app } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const laptop = browser();
    const phone = browser();
    const first = await subscribed(app, token, laptop, 'Firefox on Linux');
    await subscribed(app, token, phone, 'Chrome on Android');
    // The same browser again (a new key, a new name): the same device.
    const again = await subscribed(
      app,
      token,
      { ...laptop, ...fakeBrowserKeys(laptop.endpoint) },
      'Firefox',
    );
    expect(again.id).toBe(first.id);
    expect((await devices(app, token)).map((device) => device.name).sort()).toEqual([
      'Chrome on Android',
      'Firefox',
    ]);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/push/devices/${first.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await devices(app, token)).map((device) => device.name)).toEqual(['Chrome on Android']);
  });

  it("refuses bad subscriptions and other people's devices, changing nothing", async () => {
    const { app } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const other = await register(app);
    const device = browser();
    for (const [body, code] of [
      [{ endpoint: 'https://127.0.0.1/push/x', keys: device.keys, name: 'x' }, 'push.endpoint'],
      [
        { endpoint: 'https://169.254.169.254/latest', keys: device.keys, name: 'x' },
        'push.endpoint',
      ],
      [
        { endpoint: 'https://fcm.googleapis.com.evil.test/x', keys: device.keys, name: 'x' },
        'push.endpoint',
      ],
      [{ endpoint: 'javascript:alert(1)', keys: device.keys, name: 'x' }, 'push.subscription'],
      [
        { endpoint: device.endpoint, keys: { p256dh: 'short', auth: device.keys.auth }, name: 'x' },
        'push.subscription',
      ],
      // The right length, but no point on the curve: no alarm could be encrypted for it.
      [
        {
          endpoint: device.endpoint,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: device.keys.auth },
          name: 'x',
        },
        'push.subscription',
      ],
      [{ endpoint: device.endpoint, name: 'x' }, 'push.subscription'],
    ] as const) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/push/devices',
        headers: json(token),
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect(await devices(app, token)).toEqual([]);

    const mine = await subscribed(app, token, device);
    for (const request of [
      { method: 'DELETE' as const, url: `/api/push/devices/${mine.id}` },
      { method: 'POST' as const, url: `/api/push/devices/${mine.id}/test` },
    ]) {
      const response = await app.inject({ ...request, headers: bearer(other.token) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('push.notFound');
    }
    expect(await devices(app, token)).toHaveLength(1);
    expect(pushService.received(device.name)).toEqual([]);
    const anonymous = await app.inject({ method: 'GET', url: '/api/push/devices' });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps an account to ${PUSH_MAX_DEVICES} devices; a browser moves to the account signed in on it`, async () => {
    const { app } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const other = await register(app);
    const all = Array.from({ length: PUSH_MAX_DEVICES }, () => browser());
    for (const device of all) await subscribed(app, token, device);
    const more = await subscribe(app, token, browser());
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'push.tooMany', message: PUSH_MESSAGES.tooMany });
    // One of them again is no new device.
    await subscribed(app, token, all[0]!);
    // Another account signed in on the first browser: its alarms are that account's now.
    await subscribed(app, other.token, all[0]!);
    expect(await devices(app, token)).toHaveLength(PUSH_MAX_DEVICES - 1);
    expect(await devices(app, other.token)).toHaveLength(1);
  });

  it('sends one alarm per device at the end of a focus, encrypted, with the button to start the break', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const vapidKey = (await app.inject({ method: 'GET', url: '/api/push/key' })).json().publicKey;
    const { token } = await register(app);
    const laptop = browser();
    const phone = browser();
    await subscribed(app, token, laptop);
    await subscribed(app, token, phone);
    const started = await press(app, token, 'start', 0);

    clock.advance(25 * MIN - 1);
    await app.push.poll();
    expect(pushService.received(laptop.name)).toEqual([]);

    clock.advance(1);
    await app.push.poll();
    await app.push.poll();
    for (const device of [laptop, phone]) {
      const [push, ...more] = pushService.received(device.name);
      expect(more).toEqual([]);
      expect(push).toMatchObject({
        contentEncoding: 'aes128gcm',
        ttl: String(PUSH_TTL_SECONDS),
        urgency: 'high',
        authorization: expect.stringMatching(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/),
      });
      // Signed by the server's VAPID key, for this push service, as a push service checks it.
      expect(verifyVapid(push!, pushService.origin)).toMatchObject({
        key: vapidKey,
        sub: 'mailto:no-reply@localhost',
      });
      expect(alarms(device)).toEqual([
        {
          kind: 'phase-end',
          title: 'Focus session done',
          body: 'Time for a short break.',
          tag: TIMER_NOTIFICATION_TAG,
          lang: 'en',
          dir: 'ltr',
          actions: [{ action: 'start', title: 'Start break' }],
          actionToken: expect.any(String),
        },
      ]);
    }
    expect((await devices(app, token)).every((device) => device.lastSentAt !== null)).toBe(true);

    // The button starts the break, once; the timer is the server's, every device shows it.
    const token1 = alarms(laptop)[0]!.actionToken;
    const first = await pressAction(app, token1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    expect((await pressAction(app, alarms(phone)[0]!.actionToken)).json()).toEqual({
      outcome: 'duplicate',
    });
    const timer = await timerOf(app, token);
    expect(timer.state).toMatchObject({ status: 'running', type: 'short_break' });
    expect(timer.version).toBe(started.version + 1);

    // The break's end is the next alarm.
    clock.advance(5 * MIN);
    await app.push.poll();
    expect(alarms(laptop).map((alarm) => [alarm.title, alarm.body, alarm.actions])).toEqual([
      [
        'Focus session done',
        'Time for a short break.',
        [{ action: 'start', title: 'Start break' }],
      ],
      ['Short break over', 'Time to focus again.', [{ action: 'start', title: 'Start focus' }]],
    ]);
  });

  it('sends each alarm once with two instances polling the same database', async () => {
    const one = await apps.make({ env: pushEnv() });
    const two = await apps.make({ env: pushEnv(), clock: one.clock });
    const { token } = await register(one.app);
    const devicesOf = Array.from({ length: 4 }, () => browser());
    for (const device of devicesOf) await subscribed(one.app, token, device);
    await press(two.app, token, 'start', 0);
    one.clock.advance(25 * MIN);
    await Promise.all([one.app.push.poll(), two.app.push.poll(), one.app.push.poll()]);
    await Promise.all([one.app.push.poll(), two.app.push.poll()]);
    for (const device of devicesOf) expect(pushService.received(device.name)).toHaveLength(1);
  });

  it('keeps the schedule in the database: an instance started after the write sends the alarm', async () => {
    const first = await apps.make({ env: pushEnv() });
    const { token } = await register(first.app);
    const device = browser();
    await subscribed(first.app, token, device);
    await press(first.app, token, 'start', 0);
    await first.app.close();

    const later = await apps.make({ env: pushEnv(), clock: first.clock });
    first.clock.advance(25 * MIN + 30_000);
    await later.app.push.poll();
    expect(alarms(device).map((alarm) => alarm.title)).toEqual(['Focus session done']);
  });

  it('follows pauses and resumes, and sends nothing for a paused or reset timer', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const device = browser();
    await subscribed(app, token, device);
    let timer = await press(app, token, 'start', 0);
    clock.advance(10 * MIN);
    timer = await press(app, token, 'pause', timer.version);
    clock.advance(30 * MIN);
    await app.push.poll();
    expect(pushService.received(device.name)).toEqual([]);

    await press(app, token, 'resume', timer.version);
    clock.advance(15 * MIN - 1);
    await app.push.poll();
    expect(pushService.received(device.name)).toEqual([]);
    clock.advance(1);
    await app.push.poll();
    expect(alarms(device)).toHaveLength(1);

    // Started and reset: nothing ends, nothing is sent.
    const other = browser();
    const second = await register(app);
    await subscribed(app, second.token, other);
    const started = await press(app, second.token, 'start', 0);
    await press(app, second.token, 'reset', started.version);
    clock.advance(60 * MIN);
    await app.push.poll();
    expect(pushService.received(other.name)).toEqual([]);
  });

  it('sends nothing to an account an admin disabled', async () => {
    const { app, clock, database } = await apps.make({ env: pushEnv() });
    const { token, user } = await register(app);
    const device = browser();
    await subscribed(app, token, device);
    await press(app, token, 'start', 0);
    await database.db
      .updateTable('users')
      .set({ disabled_at: clock.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
    clock.advance(25 * MIN);
    await app.push.poll();
    expect(pushService.received(device.name)).toEqual([]);
  });

  it('announces an auto-started break as started, without a button, and its end after it', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    await saveSettings(app, token, { auto_start_breaks: true });
    const device = browser();
    await subscribed(app, token, device);
    await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    // The break starts AUTO_START_DELAY_MS after the focus ends.
    clock.advance(5 * MIN + AUTO_START_DELAY_MS);
    await app.push.poll();
    expect(alarms(device).map((alarm) => [alarm.title, alarm.body, alarm.actions.length])).toEqual([
      ['Focus session done', 'Your short break has started.', 0],
      ['Short break over', 'Time to focus again.', 1],
    ]);
    expect(alarms(device)[0]).not.toHaveProperty('actionToken');
  });

  it('drops an alarm the server could not send in time, and goes on with the next', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    await saveSettings(app, token, { auto_start_breaks: true });
    const device = browser();
    await subscribed(app, token, device);
    await press(app, token, 'start', 0);
    // The server was down from before the focus ended until past the late limit.
    clock.advance(25 * MIN + PUSH_LATE_LIMIT_MS + 1);
    await app.push.poll();
    expect(pushService.received(device.name)).toEqual([]);
    clock.advance(5 * MIN);
    await app.push.poll();
    expect(alarms(device).map((alarm) => alarm.title)).toEqual(['Short break over']);
  });

  it('forgets a device whose subscription ended, and retries one whose push service failed', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const gone = browser(GONE_PREFIX);
    const failing = browser(FAILING_PREFIX);
    const healthy = browser();
    for (const device of [gone, failing, healthy]) await subscribed(app, token, device);
    await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    expect(pushService.received(gone.name)).toHaveLength(1);
    expect(pushService.received(failing.name)).toHaveLength(1);
    expect((await devices(app, token)).map((device) => device.id)).toHaveLength(2);

    clock.advance(10_000);
    await app.push.poll();
    expect(pushService.received(failing.name)).toHaveLength(2);
    expect(pushService.received(healthy.name)).toHaveLength(1);
    expect(pushService.received(gone.name)).toHaveLength(1);
  });

  it('keeps a device whose push service refuses an alarm, and does not retry it', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const refusing = browser(REFUSING_PREFIX);
    await subscribed(app, token, refusing);
    await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    clock.advance(60_000);
    await app.push.poll();
    expect(pushService.received(refusing.name)).toHaveLength(1);
    // A refusal is ours to fix (the VAPID subject, say): the device is not thrown away for it.
    expect(await devices(app, token)).toHaveLength(1);
  });

  it('announces the end of an auto-started break to every device while another waits for a retry', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    await saveSettings(app, token, { auto_start_breaks: true });
    const failing = browser(FAILING_PREFIX);
    const healthy = browser();
    for (const device of [failing, healthy]) await subscribed(app, token, device);
    await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    // The failing device is retried every 10 s for as long as the alarm is not late; the break
    // (5 minutes) ends meanwhile.
    for (let waited = 0; waited <= 5 * MIN + AUTO_START_DELAY_MS; waited += 10_000) {
      clock.advance(10_000);
      await app.push.poll();
    }
    expect(alarms(healthy).map((alarm) => alarm.title)).toEqual([
      'Focus session done',
      'Short break over',
    ]);
    const failingTries = pushService.received(failing.name).length;
    expect(failingTries).toBeGreaterThan(20);
  });

  it('sends an alarm whose instance died mid-send once its claim has run out, and only then', async () => {
    const { app, clock, database } = await apps.make({ env: pushEnv() });
    const { token, user } = await register(app);
    const device = browser();
    const { id } = await subscribed(app, token, device);
    const started = await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    // Another instance claimed the alarm, marked it for the device, and died before sending.
    const now = clock.now();
    await database.db
      .updateTable('push_schedule')
      .set({ claimed_until: new Date(now.getTime() + 30_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await database.db
      .insertInto('push_sent')
      .values({
        device_id: id,
        phase_key: `pomodoro:${started.state.startedAt as number}`,
        claimed_at: now.toISOString(),
        sent_at: null,
      })
      .execute();
    await app.push.poll();
    expect(pushService.received(device.name)).toEqual([]);
    clock.advance(30_001);
    await app.push.poll();
    await app.push.poll();
    expect(alarms(device).map((alarm) => alarm.title)).toEqual(['Focus session done']);
  });

  it('makes a button stale once the timer changed, and refuses forged or expired tokens', async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const device = browser();
    await subscribed(app, token, device);
    const started = await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    const [alarm] = alarms(device);

    // Another device skipped meanwhile: the button does nothing and says so.
    await press(app, token, 'skip', started.version);
    const before = await timerOf(app, token);
    expect((await pressAction(app, alarm!.actionToken)).json()).toEqual({ outcome: 'stale' });
    expect(await timerOf(app, token)).toEqual(before);

    const forged = `${alarm!.actionToken!.slice(0, -4)}AAAA`;
    for (const bad of [forged, 'x', '', 42, { token: 'x' }]) {
      const response = await pressAction(app, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await pressAction(app, forged)).json()).toMatchObject({
      code: 'push.actionExpired',
      message: PUSH_MESSAGES.actionExpired,
    });
    // An access token is no button token, and a button token is no access token.
    expect((await pressAction(app, token)).statusCode).toBe(400);
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/timer',
      headers: bearer(alarm!.actionToken!),
    });
    expect(asBearer.statusCode).toBe(401);

    clock.advance(PUSH_ACTION_TTL_MS);
    expect((await pressAction(app, alarm!.actionToken)).statusCode).toBe(400);
    expect(await timerOf(app, token)).toEqual({ ...before, serverNow: expect.any(Number) });
  });

  it("sends a test alarm in the account's language, once per interval per device", async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const device = browser();
    const { id } = await subscribed(app, token, device);
    const test = () =>
      app.inject({ method: 'POST', url: `/api/push/devices/${id}/test`, headers: bearer(token) });
    expect((await test()).statusCode).toBe(202);
    const tooSoon = await test();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('push.testTooSoon');
    clock.advance(PUSH_TEST_INTERVAL_MS);
    const language = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: json(token),
      payload: JSON.stringify({ language: 'de' }),
    });
    expect(language.statusCode, language.body).toBe(200);
    expect((await test()).statusCode).toBe(202);
    const [english, german] = alarms(device);
    expect(english).toMatchObject({
      kind: 'test',
      title: 'Test alarm',
      body: 'Alarms reach this device, even with Focusroom closed.',
      lang: 'en',
      actions: [],
    });
    expect(german).toMatchObject({ kind: 'test', lang: 'de' });
    expect(german!.title).not.toBe('Test alarm');
  });

  it('says when a test alarm did not get through, and forgets a device whose subscription ended', async () => {
    const { app } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const failing = await subscribed(app, token, browser(FAILING_PREFIX));
    const gone = await subscribed(app, token, browser(GONE_PREFIX));
    const test = (id: string) =>
      app.inject({ method: 'POST', url: `/api/push/devices/${id}/test`, headers: bearer(token) });
    const notTaken = await test(failing.id);
    expect(notTaken.statusCode).toBe(502);
    expect(notTaken.json()).toMatchObject({
      code: 'push.testFailed',
      message: PUSH_MESSAGES.testFailed,
    });
    const ended = await test(gone.id);
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toMatchObject({ code: 'push.deviceGone' });
    expect((await devices(app, token)).map((device) => device.id)).toEqual([failing.id]);
  });

  it("speaks the browser's language to an account that chose none, right to left in Arabic", async () => {
    const { app, clock } = await apps.make({ env: pushEnv() });
    const { token } = await register(app);
    const device = browser();
    const response = await subscribe(app, token, device, { language: 'ar,en;q=0.5' });
    expect(response.statusCode).toBe(200);
    await press(app, token, 'start', 0);
    clock.advance(25 * MIN);
    await app.push.poll();
    const [alarm] = alarms(device);
    expect(alarm).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(alarm!.title).not.toBe('Focus session done');
  });
});
