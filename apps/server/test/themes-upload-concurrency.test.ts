import { THEME_API_MESSAGES } from '@focusroom/core';
import type { Theme } from '@focusroom/core/schemas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { imageDecodeLoad } from '../src/lib/image-decoding.js';
import { bearer, register } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { THEME_COLORS } from './support/theme-body.js';

let image: Promise<string> | undefined;
/** A 4000x3000 PNG with alpha, one colour: small to send, ~0.1-0.5 s to re-encode here. */
function largeUpload(): Promise<string> {
  image ??= sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 4,
      background: { r: 40, g: 60, b: 90, alpha: 0.8 },
    },
  })
    .png()
    .toBuffer()
    .then((bytes) => `data:image/png;base64,${bytes.toString('base64')}`);
  return image;
}

function upload(app: App, token: string, name: string, imageUrl: string) {
  return app.inject({
    method: 'POST',
    url: '/api/themes/custom',
    headers: bearer(token),
    payload: { name, ...THEME_COLORS, image_url: imageUrl },
  });
}

async function ownThemes(app: App, token: string): Promise<Theme[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/themes/custom/user',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Theme[]>();
}

describe.each(DIALECTS)('concurrent theme uploads on %s', (dialect) => {
  const apps = useTestApps(dialect);

  it('decodes IMAGE_DECODE_CONCURRENCY at a time, queues IMAGE_DECODE_QUEUE and answers the rest 503 with Retry-After', async () => {
    const { app } = await apps.make({
      env: { IMAGE_DECODE_CONCURRENCY: '1', IMAGE_DECODE_QUEUE: '2' },
    });
    const { token } = await register(app);
    const imageUrl = await largeUpload();

    let mostAtOnce = 0;
    const watch = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, imageDecodeLoad().active);
    }, 1);
    let answers;
    try {
      answers = await Promise.all(
        [0, 1, 2, 3, 4].map((i) => upload(app, token, `Upload ${i}`, imageUrl)),
      );
    } finally {
      clearInterval(watch);
    }
    const statuses = answers.map((answer) => answer.statusCode);
    // One decodes, two wait, two find the queue full.
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        code: expect.any(String),
        message: THEME_API_MESSAGES.imageBusy,
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(mostAtOnce).toBe(1);
    expect(imageDecodeLoad()).toEqual({ active: 0, queued: 0 });
    // A refused upload made nothing; the others were stored.
    expect((await ownThemes(app, token)).map((theme) => theme.name).sort()).toEqual(
      answers.flatMap((answer, i) => (answer.statusCode === 201 ? [`Upload ${i}`] : [])).sort(),
    );

    // Once the queue has room again, an upload is taken.
    const later = await upload(app, token, 'Later', imageUrl);
    expect(later.statusCode, later.body).toBe(201);
  });

  it('still refuses a broken image as a field error, without waiting for a slot', async () => {
    const { app } = await apps.make({
      env: { IMAGE_DECODE_CONCURRENCY: '1', IMAGE_DECODE_QUEUE: '0' },
    });
    const { token } = await register(app);
    const imageUrl = await largeUpload();
    const broken = `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nbroken').toString('base64')}`;
    const [busy, refused] = await Promise.all([
      upload(app, token, 'Big', imageUrl),
      upload(app, token, 'Broken', broken),
    ]);
    expect(busy.statusCode, busy.body).toBe(201);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: THEME_API_MESSAGES.imageFormat,
      code: 'theme.imageFormat',
      errors: { image_url: THEME_API_MESSAGES.imageFormat },
      fieldCodes: { image_url: 'theme.imageFormat' },
    });
  });
});
