import { expect, test, type Locator, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { screenshot } from '../support/screens.js';

/**
 * The floating music panel moves (decision 054): by its header with a pointer, by its
 * handle with the keyboard; it stays in the window, also when the window shrinks, and comes back
 * where it was left. Its first place at 1280x800 covers neither the timer nor the current task.
 */

const POSITION_KEY = 'focusroom_player_position';

const panel = (page: Page) => page.getByRole('region', { name: 'Music player', exact: true });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectInWindow(page: Page, locator: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  const b = await box(locator);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(64);
  expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
  expect(b.y + b.height).toBeLessThanOrEqual(viewport.height);
}

async function openPanel(page: Page, prefix: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { token } = await createVerifiedUser(prefix);
  await signInAs(page, token, '/dashboard');
  await page.getByRole('button', { name: 'Open music player' }).click();
  await expect(panel(page)).toBeVisible();
}

/** A mouse drag from the middle of `handle` by (dx, dy), in steps as a hand moves. */
async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  const from = await box(handle);
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

test('its first place at 1280x800 covers neither the timer nor the current task', async ({
  page,
}) => {
  await openPanel(page, 'panelfirst');
  const music = await box(panel(page));
  expect([music.width, music.height]).toEqual([384, 600]);
  const clear = [
    page.locator('.fr-timer-card'),
    page.getByTestId('timer-display'),
    page.getByRole('button', { name: 'Start', exact: true }),
    page.getByPlaceholder('What are you working on?'),
    page.getByPlaceholder('Add a to-do'),
  ];
  for (const part of clear) expect(overlaps(music, await box(part))).toBe(false);
  await screenshot(page, 'music-panel-first-place-1280x800');
});

test('dragged by its header: it moves, selects no text, stays in the window and is remembered', async ({
  page,
}) => {
  await openPanel(page, 'paneldrag');
  const header = panel(page).getByRole('heading', { name: 'Music' });
  const before = await box(panel(page));
  await dragBy(page, header, -420, -60);
  const after = await box(panel(page));
  expect(Math.round(after.x - before.x)).toBe(-420);
  expect(Math.round(after.y - before.y)).toBe(-60);
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  const stored = await page.evaluate((key) => localStorage.getItem(key), POSITION_KEY);
  expect(JSON.parse(stored!)).toEqual({ right: 436, bottom: 76 });

  // Far past the top-left corner: it stops at the window's edge, below the top bar.
  await dragBy(page, header, -2000, -2000);
  await expectInWindow(page, panel(page));
  const cornered = await box(panel(page));
  expect(cornered.x).toBe(8);
  expect(cornered.y).toBe(72);

  // Back where it was after a reload, and in a smaller window still whole.
  await page.reload();
  await page.getByRole('button', { name: 'Open music player' }).click();
  expect(await box(panel(page))).toEqual(cornered);
  await page.setViewportSize({ width: 900, height: 700 });
  await expectInWindow(page, panel(page));
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'music-panel-moved-1280x800');

  // The minimized bar is where the panel was, and drags too.
  await panel(page).getByRole('button', { name: 'Minimize music player' }).click();
  const bar = page.getByRole('region', { name: 'Music player (minimized)' });
  await expectInWindow(page, bar);
  await dragBy(page, bar.locator('.fr-music-bar-text'), 200, 200);
  await expectInWindow(page, bar);
});

test('moved by keyboard from its handle: arrows move it, Escape puts it back', async ({ page }) => {
  await openPanel(page, 'panelkeys');
  const handle = panel(page).getByRole('button', { name: 'Move music player' });
  const before = await box(panel(page));
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(async () => (await box(panel(page))).x).toBe(before.x - 144);
  expect((await box(panel(page))).y).toBe(before.y - 24);
  await expect(handle).toBeFocused();

  const moved = await box(panel(page));
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect.poll(async () => box(panel(page))).toEqual(moved);
});
