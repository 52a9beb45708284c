import { expect, test, type Page } from '../support/test.js';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR } from '../support/env.js';

/**
 * The animated standard art (product §4, decision 030): the picture is a still file and the
 * page draws the moving parts on a canvas in the background layer. In real Chromium: the canvas
 * changes from frame to frame, holds still under reduced motion, and leaves with its theme.
 */

const NORTHERN_LIGHTS = 'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f';
const CITYSCAPE = 'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c';
const FOREST = 'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2';

const canvas = (page: Page) => page.locator('#fr-theme-bg .fr-theme-layer canvas.fr-theme-motion');

/** What the canvas shows now, and how many of its pixels are drawn on. */
const snapshot = (page: Page) =>
  canvas(page).evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
    return { url: element.toDataURL(), drawn };
  });

/** What a person sees of the background: the window, scrolled to the top (not the full page). */
async function viewShot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Picks a standard theme under the timer, as a visitor does (the list stays open after). */
async function pick(page: Page, name: string, id: string) {
  const open = page.getByRole('button', { name: 'Change background' });
  if (await open.isVisible()) await open.click();
  await page.getByRole('button', { name, exact: true }).click();
  const layer = page.locator('#fr-theme-bg .fr-theme-layer').last();
  await expect(layer).toHaveAttribute('data-theme-id', id);
  await expect(layer).toHaveAttribute('data-state', 'image');
}

test('an animated theme moves on a canvas over its still picture, and a still theme has none', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('timer')).toBeVisible();
  await pick(page, 'Northern Lights', NORTHERN_LIGHTS);
  await expect(canvas(page)).toHaveCount(1);
  // Its first frame comes with the next animation frame after the canvas is in.
  await expect.poll(async () => (await snapshot(page)).drawn).toBeGreaterThan(0);
  const first = await snapshot(page);
  await expect.poll(async () => (await snapshot(page)).url, { timeout: 5000 }).not.toBe(first.url);
  await viewShot(page, 'theme-motion-northern-lights');

  // Another animated theme: its own canvas; the old one leaves with its layer after the fade.
  await pick(page, 'Cityscape', CITYSCAPE);
  await expect(canvas(page)).toHaveCount(1, { timeout: 5000 });
  await expect(page.locator('#fr-theme-bg .fr-theme-layer')).toHaveCount(1, { timeout: 5000 });
  await viewShot(page, 'theme-motion-cityscape');

  // A still theme draws no canvas at all.
  await pick(page, 'Forest', FOREST);
  await expect(page.locator('#fr-theme-bg .fr-theme-layer')).toHaveCount(1, { timeout: 5000 });
  await expect(canvas(page)).toHaveCount(0);
});

test('under reduced motion the moving parts are drawn once and hold still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('timer')).toBeVisible();
  await pick(page, 'Northern Lights', NORTHERN_LIGHTS);
  await expect(canvas(page)).toHaveCount(1);
  const first = await snapshot(page);
  expect(first.drawn).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  expect((await snapshot(page)).url).toBe(first.url);

  // Turning reduced motion off sets it moving again, without a reload.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(async () => (await snapshot(page)).url, { timeout: 5000 }).not.toBe(first.url);
});
