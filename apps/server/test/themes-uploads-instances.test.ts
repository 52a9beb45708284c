import fs from 'node:fs';
import path from 'node:path';
import type { Theme } from '@focusroom/core/schemas';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';

/**
 * Decision 036: an uploaded picture's file is shared by every theme that uses it, and removed
 * when its last theme goes. Two instances on one PostgreSQL database and one uploads folder must
 * never leave a theme pointing at a removed file: the removal on one and a save of the same
 * picture on the other are ordered by a database lock per file. (SQLite runs one instance.)
 */
const PAUSE_MS = 400;

async function pictureDataUrl(): Promise<string> {
  const png = await sharp({
    create: { width: 12, height: 9, channels: 3, background: '#7c3aed' },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

function createTheme(app: App, token: string, name: string, image: string) {
  return app.inject({
    method: 'POST',
    url: '/api/themes/custom',
    headers: bearer(token),
    payload: {
      name,
      background_color: '#101014',
      text_color: '#f5f5f5',
      primary_color: '#7c3aed',
      secondary_color: '#a78bfa',
      accent_color: '#f97316',
      image_url: image,
    },
  });
}

describe('uploaded pictures across two instances on postgres', () => {
  const apps = useTestApps('postgres');

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a save of the same picture on one instance while the other removes its file keeps the file', async () => {
    const one = await apps.make();
    const two = await apps.make();
    const picture = await pictureDataUrl();
    const first = await register(one.app);
    const second = await register(two.app);

    const created = await createTheme(one.app, first.token, 'Mine', picture);
    expect(created.statusCode, created.body).toBe(201);
    const theme = created.json<Theme>();
    const file = path.join(one.dataDir, theme.image_url!);
    expect(fs.existsSync(file)).toBe(true);

    // The moment instance one has found the file unused and is about to remove it, instance
    // two saves a theme with the same picture; the removal goes on after a pause in which an
    // unordered save would have finished (its file "already there").
    const realRm = fs.promises.rm.bind(fs.promises);
    const order: string[] = [];
    let saving: Promise<Awaited<ReturnType<typeof createTheme>>> | undefined;
    vi.spyOn(fs.promises, 'rm').mockImplementation(async (target, options) => {
      if (String(target) === file && !saving) {
        saving = createTheme(two.app, second.token, 'Theirs', picture).then((answer) => {
          order.push('saved on two');
          return answer;
        });
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        order.push('removed on one');
      }
      return realRm(target, options);
    });

    const deleted = await one.app.inject({
      method: 'DELETE',
      url: `/api/themes/custom/${theme.id}`,
      headers: bearer(first.token),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(saving, 'the removal of the unused file started').toBeDefined();
    const saved = await saving!;
    expect(saved.statusCode, saved.body).toBe(201);
    const theirs = saved.json<Theme>();

    expect(order).toEqual(['removed on one', 'saved on two']);
    expect(theirs.image_url).toBe(theme.image_url);
    expect(fs.existsSync(file), 'the file the saved theme points at').toBe(true);
    const served = await one.app.inject({ method: 'GET', url: theirs.image_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
