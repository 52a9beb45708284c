import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const DEFAULTS = {
  pomodoro_duration: 25,
  short_break_duration: 5,
  long_break_duration: 15,
  pomodoros_until_long_break: 4,
  auto_start_breaks: false,
  auto_start_pomodoros: false,
  sound_enabled: true,
  notification_enabled: true,
  focus_end_sound: 'chime',
  break_end_sound: 'chime',
  alarm_volume: 100,
  ticking_enabled: false,
  warning_chime_enabled: false,
  daily_goal: 8,
  time_display: 'clock',
};

async function getSettings(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/settings',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function putSettings(app: App, token: string, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

describe.each(DIALECTS)('timer settings on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('answers the default settings of product §3 until the user saves settings', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    expect(await getSettings(app, token)).toEqual(DEFAULTS);
    // An empty change stores nothing and answers the full object.
    const empty = await putSettings(app, token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(DEFAULTS);
  });

  it('stores any subset, ignores unknown fields and answers the full object', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const other = await register(app);
    const first = await putSettings(app, token, {
      pomodoro_duration: 50,
      auto_start_breaks: true,
      theme: 'dark',
      user_id: other.user.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULTS, pomodoro_duration: 50, auto_start_breaks: true });
    const second = await putSettings(app, token, {
      short_break_duration: 1,
      long_break_duration: 180,
      pomodoros_until_long_break: 12,
      sound_enabled: false,
    });
    const expected = {
      ...DEFAULTS,
      pomodoro_duration: 50,
      auto_start_breaks: true,
      short_break_duration: 1,
      long_break_duration: 180,
      pomodoros_until_long_break: 12,
      sound_enabled: false,
    };
    expect(second.json()).toEqual(expected);
    expect(await getSettings(app, token)).toEqual(expected);
    // Another user's settings are their own.
    expect(await getSettings(app, other.token)).toEqual(DEFAULTS);
    const all = {
      pomodoro_duration: 1,
      short_break_duration: 2,
      long_break_duration: 3,
      pomodoros_until_long_break: 1,
      auto_start_breaks: false,
      auto_start_pomodoros: true,
      sound_enabled: true,
      notification_enabled: false,
      focus_end_sound: 'harp',
      break_end_sound: 'digital',
      alarm_volume: 0,
      ticking_enabled: true,
      warning_chime_enabled: true,
      daily_goal: 24,
      time_display: 'ring',
    };
    expect((await putSettings(app, other.token, all)).json()).toEqual(all);
    expect(await getSettings(app, other.token)).toEqual(all);
  });

  it('round-trips the sound and goal settings alone, keeping the durations', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    const sound = {
      focus_end_sound: 'bell',
      break_end_sound: 'wood',
      alarm_volume: 35,
      ticking_enabled: true,
      warning_chime_enabled: true,
      daily_goal: 1,
    };
    const saved = await putSettings(app, token, sound);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULTS, ...sound });
    await putSettings(app, token, { pomodoro_duration: 40, ticking_enabled: false });
    expect(await getSettings(app, token)).toEqual({
      ...DEFAULTS,
      ...sound,
      pomodoro_duration: 40,
      ticking_enabled: false,
    });
  });

  it('refuses a bad sound, volume or goal with 400 and changes nothing', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    await putSettings(app, token, { focus_end_sound: 'digital', alarm_volume: 60, daily_goal: 5 });
    const sounds = 'Must be one of chime, bell, digital, wood, harp';
    const response = await putSettings(app, token, {
      focus_end_sound: 'siren',
      break_end_sound: 7,
      alarm_volume: 101,
      ticking_enabled: 'yes',
      warning_chime_enabled: null,
      daily_goal: 0,
      pomodoro_duration: 30,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: expect.any(String),
      code: expect.stringMatching(/^settings\./),
      // Each field's code is checked against its message by the whole run (support/error-codes.ts).
      fieldCodes: expect.any(Object),
      errors: {
        focus_end_sound: sounds,
        break_end_sound: sounds,
        alarm_volume: 'Must be a whole number from 0 to 100',
        ticking_enabled: 'Must be true or false',
        warning_chime_enabled: 'Must be true or false',
        daily_goal: 'Must be a whole number from 1 to 24',
      },
    });
    for (const payload of [
      { alarm_volume: -1 },
      { alarm_volume: 50.5 },
      { alarm_volume: '50' },
      { daily_goal: 25 },
      { daily_goal: 2.5 },
      { break_end_sound: 'CHIME' },
      { focus_end_sound: '' },
      { focus_end_sound: null },
    ]) {
      const bad = await putSettings(app, token, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getSettings(app, token)).toEqual({
      ...DEFAULTS,
      focus_end_sound: 'digital',
      alarm_volume: 60,
      daily_goal: 5,
    });
  });

  it('keeps the time display, refuses an unknown one, and reads a value it no longer ships as the clock', async () => {
    const { app, database } = await apps.make();
    const { token, user } = await register(app);
    for (const display of ['minutes', 'ring', 'hidden', 'clock', 'hidden']) {
      const saved = await putSettings(app, token, { time_display: display });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ ...DEFAULTS, time_display: display });
    }
    for (const bad of ['digits', 'HIDDEN', '', 1, null, ['ring']]) {
      const refused = await putSettings(app, token, { time_display: bad, daily_goal: 3 });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().errors).toEqual({
        time_display: 'Must be one of clock, minutes, ring, hidden',
      });
    }
    expect(await getSettings(app, token)).toEqual({ ...DEFAULTS, time_display: 'hidden' });
    // A display a later version stored and this one does not know reads as the clock.
    await database.db
      .updateTable('user_settings')
      .set({ time_display: 'blurred' })
      .where('user_id', '=', user.id)
      .execute();
    expect(await getSettings(app, token)).toEqual(DEFAULTS);
  });

  it("refuses invalid values with core's field messages and changes nothing", async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    await putSettings(app, token, { pomodoro_duration: 30 });
    const duration = 'Must be a whole number of minutes from 1 to 180';
    const response = await putSettings(app, token, {
      pomodoro_duration: 0,
      short_break_duration: 181,
      long_break_duration: 2.5,
      pomodoros_until_long_break: 13,
      auto_start_breaks: 'true',
      auto_start_pomodoros: 1,
      sound_enabled: null,
      notification_enabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: duration,
      code: 'settings.minutes',
      fieldCodes: expect.any(Object),
      errors: {
        pomodoro_duration: duration,
        short_break_duration: duration,
        long_break_duration: duration,
        pomodoros_until_long_break: 'Must be a whole number from 1 to 12',
        auto_start_breaks: 'Must be true or false',
        auto_start_pomodoros: 'Must be true or false',
        sound_enabled: 'Must be true or false',
      },
    });
    for (const payload of [
      { pomodoro_duration: '25' },
      { pomodoros_until_long_break: 0 },
      { short_break_duration: -5 },
      [],
      'text',
      null,
    ]) {
      const bad = await putSettings(app, token, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message, JSON.stringify(payload)).toEqual(expect.any(String));
    }
    expect(await getSettings(app, token)).toEqual({ ...DEFAULTS, pomodoro_duration: 30 });
  });

  it('keeps both of two concurrent saves of different fields', async () => {
    const { app } = await apps.make();
    const { token } = await register(app);
    await Promise.all([
      putSettings(app, token, { pomodoro_duration: 45 }),
      putSettings(app, token, { sound_enabled: false }),
    ]);
    expect(await getSettings(app, token)).toEqual({
      ...DEFAULTS,
      pomodoro_duration: 45,
      sound_enabled: false,
    });
  });

  it('answers 401 without a token', async () => {
    const { app } = await apps.make();
    expect((await app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { pomodoro_duration: 30 },
    });
    expect(put.statusCode).toBe(401);
  });

  it('documents every new route with its responses in OpenAPI', async () => {
    const { app } = await apps.make();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = [
      ['get', '/api/settings', ['200', '401']],
      ['put', '/api/settings', ['200', '400', '401']],
      ['get', '/api/pomodoro/sessions', ['200', '400', '401']],
      ['post', '/api/pomodoro/sessions', ['200', '201', '400', '401']],
      ['put', '/api/pomodoro/sessions/{id}', ['200', '400', '401', '404']],
      ['delete', '/api/pomodoro/sessions/{id}', ['204', '401', '404']],
      ['get', '/api/pomodoro/sessions/export.csv', ['200', '400', '401']],
      ['get', '/api/pomodoro/stats', ['200', '400', '401']],
      ['get', '/api/pomodoro/todos', ['200', '401']],
      ['post', '/api/pomodoro/todos', ['200', '400', '401']],
      ['put', '/api/pomodoro/todos/{id}', ['200', '400', '401', '404']],
      ['delete', '/api/pomodoro/todos/{id}', ['204', '401', '404']],
    ] as const;
    for (const [method, path, statuses] of routes) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      for (const status of statuses) {
        expect(operation.responses, `${method} ${path} ${status}`).toHaveProperty(status);
      }
    }
    const stats =
      doc.paths['/api/pomodoro/stats'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(stats.properties)).toHaveLength(18);
    const csv = doc.paths['/api/pomodoro/sessions/export.csv'].get.responses['200'].content;
    expect(Object.keys(csv)).toEqual(['text/csv']);
  });
});
