import type { Session, Theme, ThemeLists } from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { securityHeadersFor } from '../src/plugins/security.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { THEME_COLORS } from './support/theme-body.js';

/**
 * The 60 s refreshes answered with a 304 while nothing changed (decisions 040, 041): the first
 * history page and the theme check. The statistics summary has its own suite (stats-etag).
 */

const TAG = /^W\/"[A-Za-z0-9_-]{22}"$/;

function get(app: App, url: string, token: string, ifNoneMatch?: string) {
  const headers: Record<string, string> = { ...bearer(token) };
  if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
  return app.inject({ method: 'GET', url, headers });
}

/** A 200 with a tag: the tag and the body. */
async function fresh<T>(app: App, url: string, token: string, ifNoneMatch?: string) {
  const response = await get(app, url, token, ifNoneMatch);
  expect(response.statusCode, response.body).toBe(200);
  const etag = response.headers.etag as string;
  expect(etag).toMatch(TAG);
  return { etag, body: response.json<T>(), response };
}

/** A 304 with no body, the tag again and every security header. */
async function notModified(app: App, url: string, token: string, etag: string, sent = etag) {
  const response = await get(app, url, token, sent);
  expect(response.statusCode, response.body).toBe(304);
  expect(response.body).toBe('');
  expect(response.headers.etag).toBe(etag);
  expect(response.headers['content-length']).toBeUndefined();
  for (const [name, value] of Object.entries(securityHeadersFor(url))) {
    expect(response.headers[name], name).toBe(value);
  }
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

async function record(app: App, token: string, start: string, task = 'Focus') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pomodoro/sessions',
    headers: bearer(token),
    payload: {
      duration: 25,
      task,
      completed: true,
      start_time: start,
      end_time: new Date(Date.parse(start) + 25 * 60_000).toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Session>();
}

async function createTheme(app: App, token: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/themes/custom',
    headers: bearer(token),
    payload: { name: 'Rainy desk', ...THEME_COLORS, ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Theme>();
}

const PAGE = '/api/pomodoro/sessions?limit=2';
const LISTS = '/api/themes/lists';

describe.each(DIALECTS)('revalidation on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('the history page', () => {
    it('answers its own tag with a 304, and a new tag after every write, edit or deletion', async () => {
      const { app } = await apps.make();
      const { token, user } = await register(app);
      const empty = await fresh<Session[]>(app, PAGE, token);
      expect(empty.body).toEqual([]);
      await notModified(app, PAGE, token, empty.etag);

      const first = await record(app, token, '2026-11-20T09:00:00Z', 'Write');
      const one = await fresh<Session[]>(app, PAGE, token, empty.etag);
      expect(one.body.map((s) => s.id)).toEqual([first.id]);
      expect(one.etag).not.toContain(user.id);
      await notModified(app, PAGE, token, one.etag);
      // A list holding the tag, and the tag sent strong, match too (weak comparison).
      await notModified(app, PAGE, token, one.etag, `"other", ${one.etag}`);
      await notModified(app, PAGE, token, one.etag, one.etag.slice(2));

      const seen = new Set([empty.etag, one.etag]);
      let etag = one.etag;
      const changes = [
        () => record(app, token, '2026-11-21T09:00:00Z'),
        () =>
          app.inject({
            method: 'PUT',
            url: `/api/pomodoro/sessions/${first.id}`,
            headers: bearer(token),
            payload: { task: 'Edited' },
          }),
        () =>
          app.inject({
            method: 'DELETE',
            url: `/api/pomodoro/sessions/${first.id}`,
            headers: bearer(token),
          }),
      ];
      for (const change of changes) {
        await change();
        const next = await fresh<Session[]>(app, PAGE, token, etag);
        expect(seen.has(next.etag)).toBe(false);
        seen.add(next.etag);
        etag = next.etag;
      }
      const last = await fresh<Session[]>(app, PAGE, token);
      expect(last.body.map((s) => s.task)).toEqual(['Focus']);
    });

    it('tags each page, limit and range apart, and keeps the next cursor out of a 304', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      for (const day of [18, 19, 20]) await record(app, token, `2026-11-${day}T09:00:00Z`);
      const page1 = await fresh<Session[]>(app, PAGE, token);
      const cursor = page1.response.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      const page2Url = `${PAGE}&cursor=${encodeURIComponent(cursor)}`;
      const page2 = await fresh<Session[]>(app, page2Url, token);
      const wider = await fresh<Session[]>(app, '/api/pomodoro/sessions?limit=3', token);
      const ranged = await fresh<Session[]>(
        app,
        `${PAGE}&from=${encodeURIComponent('2026-11-19T00:00:00Z')}`,
        token,
      );
      expect(new Set([page1.etag, page2.etag, wider.etag, ranged.etag]).size).toBe(4);
      // Another page's tag is no match for this one.
      await fresh(app, PAGE, token, page2.etag);
      const again = await notModified(app, page2Url, token, page2.etag);
      expect(again.headers['x-next-cursor']).toBeUndefined();
    });

    it("never answers 304 to another user's tag, and leaves the whole list untagged", async () => {
      const { app } = await apps.make();
      const a = await register(app);
      const b = await register(app);
      await record(app, a.token, '2026-11-20T09:00:00Z');
      await record(app, b.token, '2026-11-20T09:00:00Z');
      const pageA = await fresh<Session[]>(app, PAGE, a.token);
      const pageB = await fresh<Session[]>(app, PAGE, b.token, pageA.etag);
      expect(pageB.etag).not.toBe(pageA.etag);
      const whole = await get(app, '/api/pomodoro/sessions', a.token, '*');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers.etag).toBeUndefined();
    });
  });

  describe('the theme check', () => {
    it('answers the three lists as their own routes do, signed in only', async () => {
      const { app } = await apps.make();
      const owner = await register(app);
      const viewer = await register(app);
      await createTheme(app, owner.token, { name: 'Shared desk', is_public: true });
      await createTheme(app, viewer.token, { name: 'My desk' });
      expect((await app.inject({ method: 'GET', url: LISTS })).statusCode).toBe(401);
      const { body } = await fresh<ThemeLists>(app, LISTS, viewer.token);
      const alone = async (url: string) => (await get(app, url, viewer.token)).json<Theme[]>();
      expect(body.standard).toEqual(await alone('/api/themes'));
      expect(body.custom).toEqual(await alone('/api/themes/custom/user'));
      expect(body.public).toEqual(await alone('/api/themes/custom/public'));
      expect(body.custom.map((t) => t.name)).toEqual(['My desk']);
      expect(body.public.map((t) => t.name)).toContain('Shared desk');
    });

    it("gives a new tag when the user's own list or the gallery changes, and a 304 until then", async () => {
      const { app } = await apps.make();
      const owner = await register(app);
      const viewer = await register(app);
      let owners = await fresh<ThemeLists>(app, LISTS, owner.token);
      let viewers = await fresh<ThemeLists>(app, LISTS, viewer.token);
      await notModified(app, LISTS, viewer.token, viewers.etag);

      // A private theme changes its owner's answer only.
      const privateTheme = await createTheme(app, owner.token, { name: 'Mine only' });
      owners = await fresh<ThemeLists>(app, LISTS, owner.token, owners.etag);
      expect(owners.body.custom.map((t) => t.id)).toEqual([privateTheme.id]);
      await notModified(app, LISTS, viewer.token, viewers.etag);

      // Made public, it is in everyone's gallery.
      const shared = await app.inject({
        method: 'PUT',
        url: `/api/themes/custom/${privateTheme.id}`,
        headers: bearer(owner.token),
        payload: { is_public: true },
      });
      expect(shared.statusCode, shared.body).toBe(200);
      viewers = await fresh<ThemeLists>(app, LISTS, viewer.token, viewers.etag);
      expect(viewers.body.public.map((t) => t.id)).toContain(privateTheme.id);
      owners = await fresh<ThemeLists>(app, LISTS, owner.token, owners.etag);
      await notModified(app, LISTS, owner.token, owners.etag);

      // Deleted, it leaves both.
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/themes/custom/${privateTheme.id}`,
        headers: bearer(owner.token),
      });
      expect(removed.statusCode, removed.body).toBe(204);
      viewers = await fresh<ThemeLists>(app, LISTS, viewer.token, viewers.etag);
      expect(viewers.body.public.map((t) => t.id)).not.toContain(privateTheme.id);
      owners = await fresh<ThemeLists>(app, LISTS, owner.token, owners.etag);
      expect(owners.body.custom).toEqual([]);
    });
  });
});
