import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL, SCREENSHOT_DIR } from '../support/env.js';

/*
 * The page frame around every page: the round buttons fixed at the bottom corners cover nothing
 * once the page is scrolled to its end, the footer's links are a finger's size, a playlist's page
 * lights Playlists in the navigation, and a playlist's Play, Edit and Delete share one line on a
 * phone.
 */

/** What the viewport shows now (not the full page: the fixed buttons sit in the viewport). */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** Whether two boxes share any pixel. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function makePlaylist(token: string): Promise<string> {
  const res = await fetch(`${E2E_BASE_URL}/api/playlists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Evening focus', description: 'Quiet tracks', tracks: [] }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`scrolled to the end, the corner buttons cover none of the footer at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const { token } = await createVerifiedUser('corners');
    await signInAs(page, token, '/help');
    const sounds = page.getByRole('button', { name: 'Sounds', exact: true });
    const music = page.getByRole('button', { name: 'Open music player' });
    await expect(sounds).toBeVisible();
    await expect(music).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );

    const footer = page.getByRole('contentinfo');
    const covered = [];
    for (const part of [
      footer.getByText('Focusroom · a calm place to focus'),
      ...(await footer.getByRole('link').all()),
    ]) {
      const partBox = await box(part);
      for (const button of [sounds, music]) {
        if (overlaps(partBox, await box(button))) covered.push(await part.textContent());
      }
    }
    expect(covered).toEqual([]);
    // A finger's target: each footer link is at least 44 px tall.
    for (const link of await footer.getByRole('link').all()) {
      expect((await box(link)).height, `${await link.textContent()} height`).toBeGreaterThanOrEqual(
        44,
      );
    }
    await viewportShot(page, `layout-end-of-help-${width}`);
  });
}

test('a playlist page lights Playlists in the navigation, and its actions share a line at 390 px', async ({
  page,
}) => {
  await page.route('https://www.youtube.com/**', (route) => route.abort());
  const { token } = await createVerifiedUser('polish');
  const id = await makePlaylist(token);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, token, `/playlist/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Evening focus' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Playlists' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  const tops = [];
  for (const name of ['Play playlist', 'Edit', 'Delete']) {
    tops.push((await box(page.getByRole('button', { name, exact: true }))).y);
  }
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  await viewportShot(page, 'layout-playlist-actions-390');

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Playlists' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
