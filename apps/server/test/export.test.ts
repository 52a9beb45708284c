import {
  AccountExportSchema,
  type AccountExport,
  type Playlist,
  type Theme,
} from '@focusroom/core/schemas';
import { createECDH, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps, type TestApp } from './support/app.js';
import { DIALECTS } from './support/databases.js';

const EXPORT_URL = '/api/users/me/export';

async function call(
  app: App,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

async function get<T = unknown>(app: App, url: string, token: string): Promise<T> {
  return (await call(app, 'GET', url, token)).json<T>();
}

async function exportOf(app: App, token: string) {
  const response = await app.inject({ method: 'GET', url: EXPORT_URL, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return { response, document: AccountExportSchema.parse(response.json()) };
}

function track(n: number) {
  const id = `video${String(n).padStart(6, '0')}`;
  return {
    id,
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    url: `https://www.youtube.com/watch?v=${id}`,
    artwork: `https://i.ytimg.com/vi/${n}/default.jpg`,
    duration: 0,
    source: 'youtube',
  };
}

async function pngDataUrl(): Promise<string> {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#6d28d9' },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A user with something in every part the export holds, each part tagged with `tag`. */
async function fill(t: TestApp, token: string, userId: string, tag: string) {
  const { app } = t;
  await call(app, 'PUT', '/api/settings', token, { pomodoro_duration: 50, daily_goal: 3 });
  await call(app, 'POST', '/api/pomodoro/todos', token, {
    todos: [
      { text: `${tag} first to-do`, completed: false },
      { text: `${tag} second to-do`, completed: true },
    ],
  });
  for (let i = 0; i < 3; i++) {
    const start = new Date(Date.UTC(2031, 2, 1, 9 + i)).toISOString();
    const end = new Date(Date.UTC(2031, 2, 1, 9 + i, 25)).toISOString();
    await call(app, 'POST', '/api/pomodoro/sessions', token, {
      duration: 25,
      task: `${tag} session ${i}`,
      completed: i !== 1,
      start_time: start,
      end_time: end,
    });
  }
  await call(app, 'POST', '/api/playlists', token, {
    name: `${tag} deep work`,
    description: 'No lyrics',
    tracks: [track(1), track(2)],
  });
  t.clock.advanceMinutes(1);
  await call(app, 'POST', '/api/playlists', token, { name: `${tag} empty`, tracks: [] });
  const theme = (
    await call(app, 'POST', '/api/themes/custom', token, {
      name: `${tag} desk`,
      background_color: '#101014',
      text_color: '#f5f5f5',
      primary_color: '#7c3aed',
      secondary_color: '#A78BFA',
      accent_color: '#f97316',
      image_url: await pngDataUrl(),
    })
  ).json<Theme>();
  await call(app, 'PUT', '/api/themes/user', token, { theme_id: theme.id });
  await t.database.db
    .insertInto('external_accounts')
    .values({
      id: uuidv7(),
      user_id: userId,
      provider: 'github',
      subject: `subject-${tag}`,
      email: `${tag}-gh@example.com`,
      created_at: t.clock.now().toISOString(),
    })
    .execute();
  return theme;
}

describe.each(DIALECTS)('GET /api/users/me/export on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('answers 401 without a live session, and exports nothing', async () => {
    const { app } = await apps.make();
    const none = await app.inject({ method: 'GET', url: EXPORT_URL });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    const bad = await app.inject({
      method: 'GET',
      url: EXPORT_URL,
      headers: bearer('not-a-token'),
    });
    expect(bad.statusCode).toBe(401);
    const { token } = await register(app);
    await call(app, 'POST', '/api/auth/logout', token);
    const ended = await app.inject({ method: 'GET', url: EXPORT_URL, headers: bearer(token) });
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['content-disposition']).toBeUndefined();
  });

  it('holds every part, each equal to what its own endpoint answers, as a dated attachment', async () => {
    const t = await apps.make();
    const { app, clock } = t;
    const me = await register(app);
    const other = await register(app);
    const theme = await fill(t, me.token, me.user.id, 'mine');
    await fill(t, other.token, other.user.id, 'theirs');
    expect(theme.image_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    // A report filed by me (exported) and one filed by the other user against my theme (not).
    const shared = (
      await call(app, 'POST', '/api/themes/custom', other.token, {
        name: 'Gallery piece',
        background_color: '#101014',
        text_color: '#f5f5f5',
        primary_color: '#7c3aed',
        secondary_color: '#A78BFA',
        accent_color: '#f97316',
        is_public: true,
      })
    ).json<Theme>();
    await call(app, 'POST', `/api/themes/${shared.id}/report`, me.token, {
      reason: 'mine: copied artwork',
    });
    await call(app, 'PUT', `/api/themes/custom/${theme.id}`, me.token, { is_public: true });
    await call(app, 'POST', `/api/themes/${theme.id}/report`, other.token, {
      reason: 'theirs: not my taste',
    });

    const pressed = await call(app, 'POST', '/api/timer/actions', me.token, {
      requests: [
        {
          id: 'export-1',
          device: 'laptop',
          baseVersion: 0,
          at: clock.now().getTime(),
          action: { type: 'task', text: 'mine: the timer task' },
        },
      ],
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    const ecdh = createECDH('prime256v1');
    const alarmDevice = await call(app, 'PUT', '/api/push/devices', me.token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/mine-phone',
      keys: {
        p256dh: ecdh.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      name: 'mine: Chrome on Android',
    });
    expect(alarmDevice.statusCode, alarmDevice.body).toBe(200);

    const { response, document } = await exportOf(app, me.token);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="focusroom-export-${clock.now().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const expected: AccountExport = {
      format: 'focusroom-export',
      version: 1,
      exported_at: clock.now().toISOString(),
      profile: await get(app, '/api/auth/me', me.token),
      settings: await get(app, '/api/settings', me.token),
      timer: await get(app, '/api/timer', me.token),
      theme_preference: await get(app, '/api/themes/user', me.token),
      custom_themes: await get(app, '/api/themes/custom/user', me.token),
      theme_reports: [
        {
          id: expect.any(String),
          theme: { id: shared.id, name: 'Gallery piece' },
          reason: 'mine: copied artwork',
          status: 'open',
          created_at: clock.now().toISOString(),
          resolved_at: null,
        },
      ],
      connected_accounts: await get(app, '/api/users/me/connections', me.token),
      todos: await get(app, '/api/pomodoro/todos', me.token),
      alarm_devices: (await get<{ devices: unknown[] }>(app, '/api/push/devices', me.token))
        .devices as AccountExport['alarm_devices'],
      playlists: await get(app, '/api/playlists', me.token),
      sessions: await get(app, '/api/pomodoro/sessions', me.token),
    };
    // The raw document, not the parsed one: no field beyond the schema's, in its order.
    expect(Object.keys(response.json())).toEqual(Object.keys(expected));
    expect(response.json()).toEqual(expected);
    expect(document).toEqual(expected);

    // Each part really holds this user's data (not an empty list equal to an empty answer).
    expect(document.profile.email).toBe(me.identity.email);
    expect(document.profile.has_password).toBe(true);
    expect(document.settings.pomodoro_duration).toBe(50);
    expect(document.timer.currentTask).toBe('mine: the timer task');
    expect(document.alarm_devices.map((device) => device.name)).toEqual([
      'mine: Chrome on Android',
    ]);
    expect(document.theme_preference.id).toBe(theme.id);
    expect(document.custom_themes.map((c) => c.image_url)).toEqual([theme.image_url]);
    expect(document.connected_accounts).toEqual([
      { provider: 'github', email: 'mine-gh@example.com', connected_at: expect.any(String) },
    ]);
    expect(document.todos.map((todo) => todo.text)).toEqual([
      'mine first to-do',
      'mine second to-do',
    ]);
    expect(document.playlists.map((p: Playlist) => [p.name, p.track_count])).toEqual([
      ['mine empty', 0],
      ['mine deep work', 2],
    ]);
    expect(document.sessions.map((s) => s.task)).toEqual([
      'mine session 2',
      'mine session 1',
      'mine session 0',
    ]);

    // Nothing of the other user, and no secret of either.
    const text = response.body;
    for (const foreign of [other.user.id, other.identity.email, other.identity.username]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain('theirs');
    expect(text).not.toMatch(/argon2|password_hash|token|subject-mine/i);
  });

  it('streams long histories whole: sessions over many pages, playlists over many chunks', async () => {
    const t = await apps.make();
    const { app } = t;
    const me = await register(app);
    const other = await register(app);
    const rows = (userId: string, count: number, tag: string) =>
      Array.from({ length: count }, (_, i) => {
        const start = new Date(Date.UTC(2030, 0, 1) + i * 3_600_000).toISOString();
        return {
          id: uuidv7(),
          user_id: userId,
          client_id: null,
          duration: 25,
          task: `${tag} ${i}`,
          completed: i % 2,
          start_time: start,
          end_time: new Date(Date.parse(start) + 25 * 60_000).toISOString(),
          created_at: start,
          updated_at: start,
        };
      });
    const mine = rows(me.user.id, 1234, 'mine');
    for (let i = 0; i < mine.length; i += 200) {
      await t.database.db
        .insertInto('focus_sessions')
        .values(mine.slice(i, i + 200))
        .execute();
    }
    await t.database.db
      .insertInto('focus_sessions')
      .values(rows(other.user.id, 50, 'theirs'))
      .execute();

    // 5 playlists of 500 songs: over the playlists list's chunk (1000 songs), so it streams.
    for (let p = 0; p < 5; p++) {
      const playlistId = uuidv7();
      const at = new Date(Date.UTC(2030, 0, 1, p)).toISOString();
      await t.database.db
        .insertInto('playlists')
        .values({
          id: playlistId,
          user_id: me.user.id,
          name: `list ${p}`,
          description: '',
          created_at: at,
          updated_at: at,
        })
        .execute();
      const songs = Array.from({ length: 500 }, (_, i) => ({
        ...track(i),
        id: uuidv7(),
        playlist_id: playlistId,
        position: i,
        created_at: at,
      }));
      for (let i = 0; i < songs.length; i += 100) {
        await t.database.db
          .insertInto('playlist_tracks')
          .values(songs.slice(i, i + 100))
          .execute();
      }
    }

    const { document, response } = await exportOf(app, me.token);
    expect(document.playlists).toEqual(await get(app, '/api/playlists', me.token));
    expect(document.playlists.map((p) => p.track_count)).toEqual([500, 500, 500, 500, 500]);
    expect(document.sessions).toHaveLength(1234);
    expect(document.sessions).toEqual(await get(app, '/api/pomodoro/sessions', me.token));
    expect(new Set(document.sessions.map((s) => s.id)).size).toBe(1234);
    expect(response.body).not.toContain('theirs');
  });

  it('exports an empty account as the defaults and empty lists', async () => {
    const { app } = await apps.make();
    const me = await register(app);
    const { document } = await exportOf(app, me.token);
    expect(document).toMatchObject({
      custom_themes: [],
      theme_reports: [],
      connected_accounts: [],
      todos: [],
      playlists: [],
      sessions: [],
    });
    expect(document.settings).toEqual(await get(app, '/api/settings', me.token));
    expect(document.theme_preference).toEqual(await get(app, '/api/themes/user', me.token));
  });
});
