import fs from 'node:fs';
import path from 'node:path';
import {
  CUSTOM_THEMES_MAX_PER_USER,
  DEFAULT_THEME_ID,
  HTTP_MESSAGES,
  STANDARD_THEMES,
  THEME_API_MESSAGES,
  THEME_IMAGE_UPLOAD_MAX_BYTES,
} from '@focusroom/core';
import type { Theme } from '@focusroom/core/schemas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { App } from '../src/app.js';
import * as themesMigration from '../src/db/migrations/0007-themes.js';
import { bearer, register, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { tempDir, useTestApps, type TestApp } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { THEME_COLORS } from './support/theme-body.js';

const UNKNOWN_ID = '0190ffff-0000-7000-8000-000000000000';

function dataUrl(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** A PNG of solid colour (tiny) or of noise (about 3 bytes a pixel, for size limits). */
function png(width: number, height: number, noise = false): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#6d28d9',
      ...(noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  })
    .png()
    .toBuffer();
}

let bomb: Promise<Buffer> | undefined;
/** About 56 megapixels of one colour: under 100 KB as a palette PNG, 170 MB once decoded. */
function decompressionBomb(): Promise<Buffer> {
  bomb ??= sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#000' } })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
  return bomb;
}

async function createTheme(app: App, token: string, payload: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/themes/custom',
    headers: bearer(token),
    payload: { name: 'Rainy desk', ...THEME_COLORS, ...payload },
  });
}

async function created(app: App, token: string, payload: Record<string, unknown> = {}) {
  const response = await createTheme(app, token, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Theme>();
}

async function call(
  app: App,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** A theme as anyone but its owner gets it: without the owner-only moderation state. */
function asOthersSeeIt({ is_hidden: _hidden, hidden_reason: _reason, ...theme }: Theme): Theme {
  return theme;
}

function uploadFiles(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.webp')) : [];
}

function uploadPath(t: TestApp, url: string | null): string {
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
  return path.join(t.dataDir, url!);
}

describe.each(DIALECTS)('themes on %s', (dialect) => {
  const apps = useTestApps(dialect);

  describe('standard themes', () => {
    it('lists the ten seeded themes to anyone, Minimalist the default, art from our origin', async () => {
      const { app } = await apps.make();
      const response = await call(app, 'GET', '/api/themes');
      expect(response.statusCode).toBe(200);
      const list = response.json<Theme[]>();
      expect(list.map((t) => [t.id, t.name]).sort()).toEqual(
        STANDARD_THEMES.map((t) => [t.id, t.name]).sort(),
      );
      for (const theme of list) {
        const seeded = STANDARD_THEMES.find((t) => t.id === theme.id);
        expect(theme).toEqual(seeded);
        expect(theme.is_standard).toBe(true);
        expect(theme.user_id).toBeNull();
        expect(theme.background_url).toMatch(/^\/themes\/art\/[a-z-]+\.[0-9a-f]{10}\.svg$/);
      }
      expect(list.filter((t) => t.is_default).map((t) => t.name)).toEqual(['Minimalist']);
      expect(list.filter((t) => t.is_dark).map((t) => t.name)).toEqual(
        expect.arrayContaining(['Northern Lights', 'Dark Elegance']),
      );
      expect(list.filter((t) => t.is_dark)).toHaveLength(2);

      const one = await call(app, 'GET', `/api/themes/${DEFAULT_THEME_ID}`);
      expect(one.statusCode).toBe(200);
      expect(one.json<Theme>()).toMatchObject({ name: 'Minimalist', is_default: true });
      // The fixed ids pass the 8-4-4-4-12 pattern although some are not valid UUIDs.
      const odd = await call(app, 'GET', '/api/themes/d7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f');
      expect(odd.json<Theme>().name).toBe('Northern Lights');
    });

    it('answers 404 for an unknown id and 400 for a malformed one, on every verb', async () => {
      const { app } = await apps.make();
      const response = await call(app, 'GET', `/api/themes/${UNKNOWN_ID}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.notFound,
      });
      const { token } = await register(app);
      for (const id of ['24', 'custom', 'x'.repeat(80), 'a'.repeat(5000)]) {
        for (const [method, url] of [
          ['GET', `/api/themes/${id}`],
          ['PUT', `/api/themes/custom/${id}`],
          ['DELETE', `/api/themes/custom/${id}`],
          ['POST', `/api/themes/${id}/report`],
        ] as const) {
          const answer = await call(app, method, url, token, method === 'GET' ? undefined : {});
          expect(answer.statusCode, `${method} ${url.slice(0, 40)}`).toBe(400);
          expect(answer.json<{ message: string }>().message, url.slice(0, 40)).toEqual(
            expect.any(String),
          );
        }
      }
    });
  });

  it('migrates down and up again, seeding the standard themes once', async () => {
    const { app, database } = await apps.make();
    // The migration runs on an untyped Kysely, as the migrator gives it one.
    const untyped = database.db as unknown as Kysely<unknown>;
    await themesMigration.down(untyped);
    await themesMigration.up(untyped);
    const rows = await database.db.selectFrom('themes').select(['id', 'is_standard']).execute();
    expect(rows).toHaveLength(STANDARD_THEMES.length);
    expect(
      (await call(app, 'GET', '/api/themes/user', (await register(app)).token)).json<Theme>().id,
    ).toBe(DEFAULT_THEME_ID);
  });

  it('answers 401 signed out wherever a user is needed, and for a bad token on a public call', async () => {
    const { app } = await apps.make();
    const calls: [Parameters<typeof call>[1], string][] = [
      ['GET', '/api/themes/custom/public'],
      ['GET', '/api/themes/custom/user'],
      ['POST', '/api/themes/custom'],
      ['PUT', `/api/themes/custom/${UNKNOWN_ID}`],
      ['DELETE', `/api/themes/custom/${UNKNOWN_ID}`],
      ['GET', '/api/themes/user'],
      ['PUT', '/api/themes/user'],
      ['POST', `/api/themes/${DEFAULT_THEME_ID}/report`],
    ];
    for (const [method, url] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { reason: 'x' };
      const response = await call(app, method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const stale = await call(app, 'GET', `/api/themes/${DEFAULT_THEME_ID}`, 'not-a-token');
    expect(stale.statusCode).toBe(401);
  });

  it('serves the standard art from the web build, cached for good, while /themes stays the app', async () => {
    const webDistDir = tempDir('focusroom-web-');
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>app</title>');
    fs.mkdirSync(path.join(webDistDir, 'themes', 'art'), { recursive: true });
    const forest = STANDARD_THEMES.find((t) => t.name === 'Forest')!;
    fs.writeFileSync(path.join(webDistDir, forest.image_url!.slice(1)), '<svg/>');
    fs.writeFileSync(path.join(webDistDir, 'themes', 'art', 'README.md'), '# art');
    const { app } = await apps.make({ overrides: { webDistDir } });
    const art = await app.inject({ method: 'GET', url: forest.image_url! });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(art.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A name not named by its hash revalidates; art that is gone is a 404, not the app's HTML.
    const readme = await app.inject({ method: 'GET', url: '/themes/art/README.md' });
    expect(readme.headers['cache-control']).toBe('no-cache');
    const gone = await app.inject({ method: 'GET', url: '/themes/art/forest.svg' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('<title>app</title>');
    for (const url of ['/themes', '/themes/', '/themes/art']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>app</title>');
    }
  });

  it("moves seeded themes to this build's art at start-up, leaving an image put in its place", async () => {
    const [forest, ocean] = ['Forest', 'Ocean Blue'].map((name) =>
      STANDARD_THEMES.find((t) => t.name === name)!,
    );
    const { database } = await apps.make();
    const db = database.db;
    const restore = async () => {
      for (const theme of [forest!, ocean!]) {
        await db
          .updateTable('themes')
          .set({ image_url: theme.image_url, background_url: theme.background_url })
          .where('id', '=', theme.id)
          .execute();
      }
    };
    try {
      // As an older build seeded it, and as an admin may have changed it.
      await db
        .updateTable('themes')
        .set({ image_url: '/themes/art/forest.svg', background_url: '/themes/art/forest.svg' })
        .where('id', '=', forest!.id)
        .execute();
      await db
        .updateTable('themes')
        .set({ image_url: 'https://images.example/sea.jpg' })
        .where('id', '=', ocean!.id)
        .execute();
      const { app } = await apps.make();
      await app.ready();
      const list = (await app.inject({ method: 'GET', url: '/api/themes' })).json<Theme[]>();
      const byId = new Map(list.map((t) => [t.id, t]));
      expect(byId.get(forest!.id)).toMatchObject({
        image_url: forest!.image_url,
        background_url: forest!.background_url,
      });
      expect(forest!.image_url).toMatch(/^\/themes\/art\/forest\.[0-9a-f]{10}\.svg$/);
      expect(byId.get(ocean!.id)).toMatchObject({
        image_url: 'https://images.example/sea.jpg',
        background_url: ocean!.background_url,
      });
    } finally {
      await restore();
    }
  });

  it('documents every themes call in OpenAPI', async () => {
    const { app } = await apps.make();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const routes: [string, string, string[]][] = [
      ['get', '/api/themes', ['200']],
      ['get', '/api/themes/{id}', ['200', '404']],
      ['get', '/api/themes/custom/public', ['200', '401']],
      ['get', '/api/themes/custom/user', ['200', '401']],
      ['post', '/api/themes/custom', ['201', '400', '401', '413']],
      ['put', '/api/themes/custom/{id}', ['200', '400', '401', '404', '413']],
      ['delete', '/api/themes/custom/{id}', ['204', '401', '404']],
      ['get', '/api/themes/user', ['200', '401']],
      ['put', '/api/themes/user', ['200', '400', '401', '404']],
      ['post', '/api/themes/{id}/report', ['201', '400', '401', '404', '409']],
      ['get', '/uploads/{file}', []],
    ];
    // Only the name is required to create a custom theme (decision 058); a standard theme
    // (the admin's) still names its five colours.
    const bodySchema = (operation: unknown) =>
      (
        operation as {
          requestBody: { content: Record<string, { schema: { required?: string[] } }> };
        }
      ).requestBody.content['application/json']!.schema;
    expect(bodySchema(doc.paths['/api/themes/custom']?.post).required).toEqual(['name']);
    expect(bodySchema(doc.paths['/api/admin/themes/standard']?.post).required).toEqual(
      expect.arrayContaining(['name', 'background_color', 'text_color', 'accent_color']),
    );
    for (const [method, url, statuses] of routes) {
      const operation = doc.paths[url]?.[method];
      expect(operation, `${method} ${url}`).toBeDefined();
      for (const status of statuses) {
        expect(operation?.responses[status], `${method} ${url} ${status}`).toBeDefined();
      }
    }
  });

  describe('custom themes', () => {
    it('creates a theme with the server’s id, owner, flags and time, and lists it', async () => {
      const { app, clock } = await apps.make();
      const { token, user } = await register(app);
      const theme = await created(app, token, {
        name: '  Rainy desk ',
        description: 'Grey and calm',
        is_dark: true,
        image_url: 'https://images.example.com/rain.jpg',
        id: DEFAULT_THEME_ID,
        user_id: UNKNOWN_ID,
        is_default: true,
        is_standard: true,
        created_at: '1999-01-01T00:00:00.000Z',
      });
      expect(theme).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Rainy desk',
        description: 'Grey and calm',
        ...THEME_COLORS,
        is_dark: true,
        is_default: false,
        is_standard: false,
        image_url: 'https://images.example.com/rain.jpg',
        background_url: null,
        user_id: user.id,
        created_at: clock.now().toISOString(),
        is_public: false,
        // The owner's own answers carry the moderation state (decision 031).
        is_hidden: false,
        hidden_reason: null,
      });
      expect(theme.id).not.toBe(DEFAULT_THEME_ID);
      const mine = await call(app, 'GET', '/api/themes/custom/user', token);
      expect(mine.json()).toEqual([theme]);
      expect((await call(app, 'GET', `/api/themes/${theme.id}`, token)).json()).toEqual(theme);
      // Still one default and ten standard themes.
      expect((await call(app, 'GET', '/api/themes')).json<Theme[]>()).toHaveLength(10);
    });

    it('refuses bad payloads with a clear 400 and stores nothing', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', THEME_API_MESSAGES.nameRequired],
        [{ name: 'x'.repeat(61) }, 'name', THEME_API_MESSAGES.nameTooLong],
        [{ name: 'Sunset Orange' }, 'name', THEME_API_MESSAGES.nameRetired],
        [{ primary_color: 'purple' }, 'primary_color', THEME_API_MESSAGES.color],
        [{ text_color: '#ffff' }, 'text_color', THEME_API_MESSAGES.color],
        [{ is_public: 'yes' }, 'is_public', THEME_API_MESSAGES.booleanField],
        [
          { image_url: 'http://example.com/a.jpg' },
          'image_url',
          THEME_API_MESSAGES.imageNotAllowed,
        ],
        [{ image_url: 'javascript:alert(1)' }, 'image_url', THEME_API_MESSAGES.imageNotAllowed],
        [
          { background_url: dataUrl(Buffer.from('x')) },
          'background_url',
          THEME_API_MESSAGES.backgroundUpload,
        ],
        [{ description: 'x'.repeat(501) }, 'description', THEME_API_MESSAGES.descriptionTooLong],
      ];
      for (const [payload, field, message] of cases) {
        const response = await createTheme(app, token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
      }
      expect((await call(app, 'GET', '/api/themes/custom/user', token)).json()).toEqual([]);
      // 60 characters is fine.
      expect((await createTheme(app, token, { name: 'x'.repeat(60) })).statusCode).toBe(201);
    });

    it('changes only the fields sent, for the owner only', async () => {
      const { app, clock } = await apps.make();
      const { token } = await register(app);
      const theme = await created(app, token, { description: 'Before' });
      clock.advanceMinutes(5);
      const response = await call(app, 'PUT', `/api/themes/custom/${theme.id}`, token, {
        name: 'After',
        is_public: true,
        accent_color: '#123',
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Theme>();
      expect(updated).toMatchObject({
        ...theme,
        name: 'After',
        is_public: true,
        accent_color: '#123',
        description: 'Before',
        username: expect.any(String),
      });
      expect(updated.created_at).toBe(theme.created_at);
      const bad = await call(app, 'PUT', `/api/themes/custom/${theme.id}`, token, {
        name: '   ',
      });
      expect(bad.statusCode).toBe(400);
      expect((await call(app, 'GET', `/api/themes/${theme.id}`, token)).json<Theme>().name).toBe(
        'After',
      );
    });

    it("answers 404 for another user's theme on every verb and changes nothing", async () => {
      const { app } = await apps.make();
      const owner = await register(app);
      const other = await register(app);
      const secret = await created(app, owner.token, { name: 'Secret' });
      const shared = await created(app, owner.token, { name: 'Shared', is_public: true });

      expect((await call(app, 'GET', `/api/themes/${secret.id}`, other.token)).statusCode).toBe(
        404,
      );
      expect((await call(app, 'GET', `/api/themes/${secret.id}`)).statusCode).toBe(404);
      for (const theme of [secret, shared]) {
        const put = await call(app, 'PUT', `/api/themes/custom/${theme.id}`, other.token, {
          name: 'Taken over',
        });
        expect(put.statusCode).toBe(404);
        expect(put.json()).toEqual({
          code: expect.any(String),
          message: THEME_API_MESSAGES.notFound,
        });
        const del = await call(app, 'DELETE', `/api/themes/custom/${theme.id}`, other.token);
        expect(del.statusCode).toBe(404);
      }
      // Standard themes are nobody's to change.
      const std = await call(app, 'DELETE', `/api/themes/custom/${DEFAULT_THEME_ID}`, owner.token);
      expect(std.statusCode).toBe(404);
      expect(
        (await call(app, 'PUT', `/api/themes/user`, other.token, { theme_id: secret.id }))
          .statusCode,
      ).toBe(404);
      const mine = (await call(app, 'GET', '/api/themes/custom/user', owner.token)).json<Theme[]>();
      expect(mine.map((t) => t.name).sort()).toEqual(['Secret', 'Shared']);
      expect((await call(app, 'GET', '/api/themes/custom/user', other.token)).json()).toEqual([]);
      // The public one is readable by anyone.
      const read = await call(app, 'GET', `/api/themes/${shared.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json<Theme>().username).toBe(owner.user.username);
    });

    it('deletes the owner’s theme with 204, then 404', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const theme = await created(app, token);
      const first = await call(app, 'DELETE', `/api/themes/custom/${theme.id}`, token);
      expect(first.statusCode).toBe(204);
      expect(first.body).toBe('');
      expect((await call(app, 'DELETE', `/api/themes/custom/${theme.id}`, token)).statusCode).toBe(
        404,
      );
      expect((await call(app, 'GET', `/api/themes/${theme.id}`, token)).statusCode).toBe(404);
    });

    it('creates a theme sent without colours, as the React client sends it (decision 058)', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const minimalist = STANDARD_THEMES.find((t) => t.id === DEFAULT_THEME_ID)!;
      const clientPayload = (fields: Record<string, unknown>) =>
        call(app, 'POST', '/api/themes/custom', token, {
          name: 'Harbour',
          description: 'Boats at rest',
          is_public: true,
          ...fields,
        });
      const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

      // An upload the server reads: the background is the picture's dominant colour (a dark
      // blue over most of it, a light corner), the text and is_dark agree with it.
      const picture = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#1e3a8a' },
      })
        .composite([
          {
            input: { create: { width: 10, height: 10, channels: 3, background: '#fde68a' } },
            left: 0,
            top: 0,
          },
        ])
        .png()
        .toBuffer();
      const dark = await clientPayload({ image_url: dataUrl(picture) });
      expect(dark.statusCode, dark.body).toBe(201);
      const darkTheme = dark.json<Theme>();
      expect(darkTheme).toMatchObject({
        name: 'Harbour',
        is_public: true,
        text_color: '#f8fafc',
        is_dark: true,
        primary_color: minimalist.primary_color,
        accent_color: minimalist.accent_color,
      });
      channels(darkTheme.background_color).forEach((c, i) =>
        expect(Math.abs(c - channels('#1e3a8a')[i]!)).toBeLessThanOrEqual(16),
      );
      expect(darkTheme.secondary_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(darkTheme.secondary_color).not.toBe(darkTheme.background_color);

      // A light picture: dark text, not dark. Sent again as the stored upload it became, the
      // server reads the stored file: the same colours.
      const lightPicture = await sharp({
        create: { width: 40, height: 40, channels: 3, background: '#fef3c7' },
      })
        .png()
        .toBuffer();
      const light = (await clientPayload({ image_url: dataUrl(lightPicture) })).json<Theme>();
      expect(light).toMatchObject({ text_color: '#18181b', is_dark: false });
      const again = await clientPayload({ name: 'Harbour again', image_url: light.image_url });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<Theme>()).toMatchObject({
        image_url: light.image_url,
        background_color: light.background_color,
        text_color: light.text_color,
        secondary_color: light.secondary_color,
        is_dark: false,
      });

      // An https address is never fetched: the default theme's colours.
      const remote = await clientPayload({ image_url: 'https://images.example.com/harbour.jpg' });
      expect(remote.statusCode, remote.body).toBe(201);
      expect(remote.json<Theme>()).toMatchObject({
        background_color: minimalist.background_color,
        text_color: '#18181b',
        primary_color: minimalist.primary_color,
        secondary_color: minimalist.secondary_color,
        accent_color: minimalist.accent_color,
        is_dark: false,
      });

      // Colours sent are honoured, over an upload too; only a missing one is derived.
      const full = await clientPayload({
        ...THEME_COLORS,
        is_dark: false,
        image_url: dataUrl(picture),
      });
      expect(full.json<Theme>()).toMatchObject({ ...THEME_COLORS, is_dark: false });
      const some = await clientPayload({
        background_color: '#fafafa',
        accent_color: '#0ea5e9',
        image_url: dataUrl(picture),
      });
      expect(some.json<Theme>()).toMatchObject({
        background_color: '#fafafa',
        accent_color: '#0ea5e9',
        text_color: '#18181b',
        is_dark: false,
      });
      // A colour written wrongly is still refused.
      const wrong = await clientPayload({ text_color: 'white' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errors: { text_color: THEME_API_MESSAGES.color } });
    });

    it(`allows ${CUSTOM_THEMES_MAX_PER_USER} custom themes per user`, async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const other = await register(app);
      for (let i = 0; i < CUSTOM_THEMES_MAX_PER_USER; i += 1) {
        await created(app, token, { name: `Theme ${i}` });
      }
      const over = await createTheme(app, token, { name: 'One too many' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.tooManyThemes,
      });
      const mine = await call(app, 'GET', '/api/themes/custom/user', token);
      expect(mine.json<Theme[]>()).toHaveLength(CUSTOM_THEMES_MAX_PER_USER);
      // Per user: someone else can still create.
      await created(app, other.token);
    });
  });

  describe('the public gallery', () => {
    it('lists public, unhidden themes of everyone, newest first, with the creator', async () => {
      const { app, clock, database } = await apps.make();
      const ann = await register(app);
      const bob = await register(app);
      const annPublic = await created(app, ann.token, { name: 'Ann public', is_public: true });
      clock.advanceMinutes(1);
      await created(app, ann.token, { name: 'Ann private' });
      clock.advanceMinutes(1);
      const bobPublic = await created(app, bob.token, { name: 'Bob public', is_public: true });
      clock.advanceMinutes(1);
      const hidden = await created(app, bob.token, { name: 'Bob hidden', is_public: true });
      await database.db
        .updateTable('themes')
        .set({ is_hidden: 1, hidden_at: clock.now().toISOString() })
        .where('id', '=', hidden.id)
        .execute();

      const response = await call(app, 'GET', '/api/themes/custom/public', ann.token);
      expect(response.statusCode).toBe(200);
      const gallery = response
        .json<Theme[]>()
        .filter((t) => [ann.user.id, bob.user.id].includes(t.user_id!));
      expect(gallery.map((t) => [t.name, t.username])).toEqual([
        ['Bob public', bob.user.username],
        ['Ann public', ann.user.username],
      ]);
      expect(gallery[0]).toEqual({ ...asOthersSeeIt(bobPublic), username: bob.user.username });
      expect(gallery.every((t) => !t.is_standard)).toBe(true);
      expect(annPublic.username).toBe(ann.user.username);

      // A write shows at once, although the list is answered from a cache.
      const fresh = await created(app, ann.token, { name: 'Ann newest', is_public: true });
      const again = (await call(app, 'GET', '/api/themes/custom/public', bob.token)).json<
        Theme[]
      >();
      expect(again[0]).toEqual({ ...asOthersSeeIt(fresh), username: ann.user.username });
      await call(app, 'DELETE', `/api/themes/custom/${fresh.id}`, ann.token);
      const after = (await call(app, 'GET', '/api/themes/custom/public', bob.token)).json<
        Theme[]
      >();
      expect(after.map((t) => t.id)).not.toContain(fresh.id);

      // Hidden: gone for others, still the owner's.
      expect((await call(app, 'GET', `/api/themes/${hidden.id}`, ann.token)).statusCode).toBe(404);
      expect((await call(app, 'GET', `/api/themes/${hidden.id}`, bob.token)).statusCode).toBe(200);
      const bobs = (await call(app, 'GET', '/api/themes/custom/user', bob.token)).json<Theme[]>();
      expect(bobs.map((t) => t.name)).toEqual(['Bob hidden', 'Bob public']);
    });
  });

  describe('the preferred theme', () => {
    it('answers the default until one is saved, then the saved one', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const first = await call(app, 'GET', '/api/themes/user', token);
      expect(first.statusCode).toBe(200);
      expect(first.json<Theme>()).toMatchObject({ id: DEFAULT_THEME_ID, is_default: true });

      const forest = STANDARD_THEMES.find((t) => t.name === 'Forest')!;
      const saved = await call(app, 'PUT', '/api/themes/user', token, { theme_id: forest.id });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Theme>().id).toBe(forest.id);
      expect((await call(app, 'GET', '/api/themes/user', token)).json<Theme>().id).toBe(forest.id);

      const mine = await created(app, token);
      await call(app, 'PUT', '/api/themes/user', token, { theme_id: mine.id });
      expect((await call(app, 'GET', '/api/themes/user', token)).json<Theme>().id).toBe(mine.id);
      // Deleting the theme takes the preference with it.
      await call(app, 'DELETE', `/api/themes/custom/${mine.id}`, token);
      expect((await call(app, 'GET', '/api/themes/user', token)).json<Theme>().id).toBe(
        DEFAULT_THEME_ID,
      );
    });

    it('takes only themes the user may see: 404 otherwise, 400 without a theme_id', async () => {
      const { app } = await apps.make();
      const ann = await register(app);
      const bob = await register(app);
      const shared = await created(app, bob.token, { name: 'Shared', is_public: true });
      for (const themeId of [UNKNOWN_ID, '24', 'not-an-id']) {
        const response = await call(app, 'PUT', '/api/themes/user', ann.token, {
          theme_id: themeId,
        });
        expect(response.statusCode, themeId).toBe(404);
      }
      for (const payload of [{}, { theme_id: '' }, { theme_id: 24 }]) {
        const response = await call(app, 'PUT', '/api/themes/user', ann.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ message: string }>().message).toBe(
          THEME_API_MESSAGES.themeIdRequired,
        );
      }
      expect((await call(app, 'GET', '/api/themes/user', ann.token)).json<Theme>().id).toBe(
        DEFAULT_THEME_ID,
      );
      // Someone else's public theme may be chosen; once it turns private, the default is back.
      const chosen = await call(app, 'PUT', '/api/themes/user', ann.token, { theme_id: shared.id });
      expect(chosen.statusCode).toBe(200);
      await call(app, 'PUT', `/api/themes/custom/${shared.id}`, bob.token, { is_public: false });
      expect((await call(app, 'GET', '/api/themes/user', ann.token)).json<Theme>().id).toBe(
        DEFAULT_THEME_ID,
      );
    });
  });

  describe('reports', () => {
    it("takes one report per user of someone else's public theme and stores it", async () => {
      const { app, database } = await apps.make();
      const ann = await register(app);
      const bob = await register(app);
      const shared = await created(app, bob.token, { name: 'Shared', is_public: true });
      const url = `/api/themes/${shared.id}/report`;

      const first = await call(app, 'POST', url, ann.token, { reason: '  Offensive image ' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({ success: true, message: THEME_API_MESSAGES.reported });
      const again = await call(app, 'POST', url, ann.token, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.alreadyReported,
      });

      const rows = await database.db
        .selectFrom('theme_reports')
        .selectAll()
        .where('theme_id', '=', shared.id)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({
          user_id: ann.user.id,
          reason: 'Offensive image',
          status: 'open',
        }),
      ]);
    });

    it('refuses reports of own, standard and private themes, and empty reasons', async () => {
      const { app } = await apps.make();
      const ann = await register(app);
      const bob = await register(app);
      const annPublic = await created(app, ann.token, { name: 'Mine', is_public: true });
      const bobPrivate = await created(app, bob.token, { name: 'Private' });
      const report = (id: string, reason = 'Spam') =>
        call(app, 'POST', `/api/themes/${id}/report`, ann.token, { reason });

      const own = await report(annPublic.id);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.reportOnlyOthersPublic,
      });
      expect((await report(DEFAULT_THEME_ID)).statusCode).toBe(400);
      expect((await report(bobPrivate.id)).statusCode).toBe(404);
      expect((await report(UNKNOWN_ID)).statusCode).toBe(404);
      const empty = await call(app, 'POST', `/api/themes/${annPublic.id}/report`, bob.token, {
        reason: '  ',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe(THEME_API_MESSAGES.reasonRequired);
    });
  });

  describe('uploads', () => {
    it('re-encodes an upload to WebP, stores it by content hash and serves it safely', async () => {
      const t = await apps.make();
      const { token } = await register(t.app);
      const theme = await created(t.app, token, {
        image_url: dataUrl(await png(3000, 1000)),
        is_public: true,
      });
      const file = uploadPath(t, theme.image_url);
      expect(fs.existsSync(file)).toBe(true);
      const stored = await sharp(fs.readFileSync(file)).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 2560 });

      const served = await t.app.inject({ method: 'GET', url: theme.image_url! });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(served.rawPayload.equals(fs.readFileSync(file))).toBe(true);

      for (const bad of ['/uploads/nothing.webp', `/uploads/${'0'.repeat(64)}.webp`]) {
        expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
      }
    });

    it('strips metadata and keeps images under 2560 px as they are', async () => {
      const t = await apps.make();
      const { token } = await register(t.app);
      const jpeg = await sharp({
        create: { width: 800, height: 600, channels: 3, background: '#0ea5e9' },
      })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Somebody', ImageDescription: 'Home, 51.5N 0.1W' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const theme = await created(t.app, token, { image_url: dataUrl(jpeg, 'image/jpeg') });
      const stored = await sharp(fs.readFileSync(uploadPath(t, theme.image_url))).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 800, height: 600 });
      expect(stored.exif).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
    });

    it('goes by the bytes, not the declared type: a PNG sent as a GIF is read as the PNG it is', async () => {
      const t = await apps.make();
      const { token } = await register(t.app);
      const theme = await created(t.app, token, {
        image_url: dataUrl(await png(40, 30), 'image/gif'),
      });
      const stored = await sharp(fs.readFileSync(uploadPath(t, theme.image_url))).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: 40, height: 30 });
    });

    it('refuses SVG, non-images, oversized files and decompression bombs, storing nothing', async () => {
      const t = await apps.make();
      const { token } = await register(t.app);
      // The start-up sweep of unused files has finished: only this test changes the folder now.
      await t.app.background.idle();
      const before = uploadFiles(t);
      const svg = Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
          '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      );
      // Over 2 MB, yet within the body limit: refused by the upload rule itself.
      const justOver = await png(900, 801, true);
      expect(justOver.length).toBeGreaterThan(THEME_IMAGE_UPLOAD_MAX_BYTES);
      expect(justOver.length).toBeLessThan(2_140_000);

      const cases: [string, string][] = [
        [dataUrl(svg, 'image/svg+xml'), THEME_API_MESSAGES.imageSvg],
        [dataUrl(svg, 'image/png'), THEME_API_MESSAGES.imageSvg],
        [dataUrl(Buffer.from('just some text, not a picture')), THEME_API_MESSAGES.imageFormat],
        [dataUrl(Buffer.from('%PDF-1.7\n'), 'image/jpeg'), THEME_API_MESSAGES.imageFormat],
        [dataUrl((await png(10, 10)).subarray(0, 40)), THEME_API_MESSAGES.imageUnreadable],
        [dataUrl(justOver), THEME_API_MESSAGES.imageTooLarge],
        [dataUrl(await decompressionBomb()), THEME_API_MESSAGES.imageTooManyPixels],
        ['data:image/png;base64,@@@@', THEME_API_MESSAGES.imageNotBase64],
        ['data:text/html;base64,PGI+', THEME_API_MESSAGES.imageFormat],
      ];
      for (const [image_url, message] of cases) {
        const response = await createTheme(t.app, token, { image_url });
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toEqual({
          code: expect.any(String),
          message,
          errors: { image_url: message },
          fieldCodes: { image_url: expect.any(String) },
        });
      }

      // A 3 MB file does not fit the body limit at all: 413, saying the limit.
      const threeMb = await png(1200, 900, true);
      expect(threeMb.length).toBeGreaterThan(3_000_000);
      const tooLarge = await createTheme(t.app, token, { image_url: dataUrl(threeMb) });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.imageTooLarge,
      });

      // An upload path that was never stored is refused too.
      const invented = await createTheme(t.app, token, {
        image_url: `/uploads/${'ab'.repeat(32)}.webp`,
      });
      expect(invented.statusCode).toBe(400);
      expect(invented.json<{ message: string }>().message).toBe(
        THEME_API_MESSAGES.imageUnknownUpload,
      );

      expect(uploadFiles(t)).toEqual(before);
      expect((await call(t.app, 'GET', '/api/themes/custom/user', token)).json()).toEqual([]);
    });

    it('removes the images of an account its owner deletes before answering: their address answers 404', async () => {
      const t = await apps.make();
      const { token, identity } = await register(t.app);
      const other = await register(t.app);
      const image = dataUrl(await png(20, 20));
      const theme = await created(t.app, token, { image_url: image });
      const background = await created(t.app, token, {
        name: 'Second',
        image_url: dataUrl(await png(24, 24)),
      });
      // A file another account's theme shows as well stays for it.
      const shared = await created(t.app, other.token, { image_url: image });
      expect(shared.image_url).toBe(theme.image_url);
      const own = uploadPath(t, background.image_url);
      expect((await call(t.app, 'GET', background.image_url!)).statusCode).toBe(200);

      const deleted = await call(t.app, 'DELETE', '/api/users/delete', token, {
        password: identity.password,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // Right after the answer, with nothing waited for in the background.
      expect((await call(t.app, 'GET', background.image_url!)).statusCode).toBe(404);
      expect(fs.existsSync(own)).toBe(false);
      expect((await call(t.app, 'GET', theme.image_url!)).statusCode).toBe(200);
    });

    it('removes the images of an account an admin deletes before answering', async () => {
      const admin = uniqueIdentity('boss');
      const t = await apps.make({ env: { ADMIN_EMAILS: admin.email } });
      const boss = await verifiedUser(t.app, t.mailer, admin);
      const { token, user } = await register(t.app);
      const theme = await created(t.app, token, { image_url: dataUrl(await png(28, 28)) });
      const deleted = await call(t.app, 'DELETE', `/api/admin/users/${user.id}`, boss.token);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await call(t.app, 'GET', theme.image_url!)).statusCode).toBe(404);
    });

    it('removes at the next start the files of themes deleted outside the app', async () => {
      const t = await apps.make();
      const { token, user } = await register(t.app);
      // A picture of its own: the file's name is its hash, and the folder is the test file's.
      const theme = await created(t.app, token, { image_url: dataUrl(await png(21, 19)) });
      const file = uploadPath(t, theme.image_url);
      // A user row deleted straight in the database: its themes go by cascade, the file stays.
      await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(fs.existsSync(file)).toBe(true);
      await t.app.close();

      const next = await apps.make();
      await next.app.ready();
      await next.app.background.idle();
      expect(fs.existsSync(file)).toBe(false);
    });

    it('keeps the small body limit on other routes', async () => {
      const { app } = await apps.make();
      const { token } = await register(app);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(token),
        payload: { padding: 'x'.repeat(1_200_000) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: HTTP_MESSAGES.bodyTooLarge,
      });
    });

    it('shares one file between equal images and removes it with the last theme using it', async () => {
      const t = await apps.make();
      const ann = await register(t.app);
      const bob = await register(t.app);
      const image = dataUrl(await png(64, 48));
      const first = await created(t.app, ann.token, { name: 'One', image_url: image });
      const second = await created(t.app, bob.token, { name: 'Two', image_url: image });
      expect(second.image_url).toBe(first.image_url);
      const file = uploadPath(t, first.image_url);
      // An answered upload address may be sent back (an unchanged theme, or a copy).
      const copy = await created(t.app, ann.token, {
        name: 'Copy',
        background_url: first.image_url,
      });
      expect(copy.background_url).toBe(first.image_url);

      await call(t.app, 'DELETE', `/api/themes/custom/${first.id}`, ann.token);
      await call(t.app, 'DELETE', `/api/themes/custom/${copy.id}`, ann.token);
      expect(fs.existsSync(file)).toBe(true);

      // Replacing the image lets go of the old file: the last user gone, the file goes.
      const replaced = await call(t.app, 'PUT', `/api/themes/custom/${second.id}`, bob.token, {
        image_url: dataUrl(await png(32, 32)),
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
      const newFile = uploadPath(t, replaced.json<Theme>().image_url);
      expect(fs.existsSync(newFile)).toBe(true);

      // Sending the theme back unchanged keeps the file.
      const unchanged = await call(t.app, 'PUT', `/api/themes/custom/${second.id}`, bob.token, {
        image_url: replaced.json<Theme>().image_url,
        name: 'Two again',
      });
      expect(unchanged.statusCode, unchanged.body).toBe(200);
      expect(fs.existsSync(newFile)).toBe(true);

      await call(t.app, 'DELETE', `/api/themes/custom/${second.id}`, bob.token);
      expect(fs.existsSync(newFile)).toBe(false);
    });
  });
});
