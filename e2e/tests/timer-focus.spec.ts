import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { SCREENSHOT_DIR } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  expectTime,
  installPausedClock,
  installTimerProbes,
  settleLazy,
  typeTab,
} from '../support/timer-page.js';

/*
 * The timer's other views (product §2): focus mode (full screen, F, Esc) with the page's accent
 * following the phase (product §1), and the mini timer in a Document Picture-in-Picture window.
 * Debian's headless Chromium has both APIs for real: nothing here is stubbed.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

const fullscreenTag = (page: Page) =>
  page.evaluate(() => document.fullscreenElement?.tagName ?? null);
const focusButton = (page: Page) => page.getByRole('button', { name: 'Focus mode' });

/** What is drawn on top at the middle of the top bar's brand link. */
const brandCoveredBy = (page: Page) =>
  page.evaluate(() => {
    const brand = document.querySelector('.fr-brand');
    if (!brand) return 'no brand';
    const box = brand.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (top?.closest('.fr-timer-card')) return 'card';
    return top && brand.contains(top) ? 'brand' : (top?.outerHTML.slice(0, 80) ?? 'nothing');
  });

/** Where keyboard focus is: in the timer card, nowhere in the page (the browser's own UI), or elsewhere. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'none';
    return active.closest('.fr-timer-card') ? 'card' : active.outerHTML.slice(0, 80);
  });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`F shows the timer alone, full screen, and Esc and F leave (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await installPausedClock(page);
    await page.goto('/');
    await expectTime(page, '25:00');
    await expect(focusButton(page)).toHaveAttribute('aria-pressed', 'false');

    await page.keyboard.press('f');
    await expect.poll(() => fullscreenTag(page)).toBe('HTML');
    const card = page.locator('.fr-timer-card');
    await expect(card).toHaveAttribute('data-focus-mode', 'true');
    await expect(focusButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-focus-mode', 'true');
    // The card is the whole screen, and the keyboard cannot wander off it to the page behind.
    expect(await card.boundingBox()).toEqual({ x: 0, y: 0, ...viewport });
    const places = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      places.add(await focusPlace(page));
    }
    // Tab goes round the card's controls (and out to the browser's own UI), never to the page.
    expect([...places].filter((place) => place !== 'none')).toEqual(['card']);
    // What a person sees at the brand link's place is the card: the top bar is covered.
    expect(await brandCoveredBy(page)).toBe('card');

    // Esc leaves (the page's own handler: headless Chromium has no browser Esc of its own).
    await page.keyboard.press('Escape');
    await expect.poll(() => fullscreenTag(page)).toBeNull();
    await expect(card).not.toHaveAttribute('data-focus-mode');
    await expect(page.locator('html')).not.toHaveAttribute('data-focus-mode');

    // The button enters too, and the timer works as ever in focus mode.
    await focusButton(page).click();
    await expect.poll(() => fullscreenTag(page)).toBe('HTML');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(60_000);
    await expectTime(page, '24:00');
    // axe waits on timers of its own: let the clock run for it.
    await page.clock.resume();
    await expectNoAxeViolations(page);
    // What the screen shows (a full-page shot would lay the page out beyond the screen).
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `timer-focus-mode-${viewport.width}.png`),
    });

    await page.keyboard.press('F');
    await expect.poll(() => fullscreenTag(page)).toBeNull();
    await expect(card).not.toHaveAttribute('data-focus-mode');
    await expect(focusButton(page)).toHaveAttribute('aria-pressed', 'false');
    // Back on the page, the top bar shows again.
    expect(await brandCoveredBy(page)).toBe('brand');
  });
}

// The page's purple glow steps aside for the theme background (every visitor has one), so the
// accent is checked where it always shows: the phase words, the tabs and the dial.
test("the page's accent follows the phase and stays readable", async ({ page }) => {
  await installPausedClock(page);
  await page.goto('/');
  const accent = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--fr-accent').trim(),
    );
  const phaseColour = () => page.locator('.fr-phase').evaluate((el) => getComputedStyle(el).color);

  await expect.poll(accent).toBe('#c4b5fd');
  expect(await phaseColour()).toBe('rgb(196, 181, 253)');

  await typeTab(page, 'Short Break').click();
  await expect.poll(accent).toBe('#6ee7b7');
  expect(await phaseColour()).toBe('rgb(110, 231, 183)');
  await expect(page.locator('html')).toHaveAttribute('data-phase', 'short_break');

  await typeTab(page, 'Long Break').click();
  await expect.poll(accent).toBe('#93c5fd');
  expect(await phaseColour()).toBe('rgb(147, 197, 253)');
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await screenshot(page, 'timer-accent-long-break-1280');

  // A completed break hands over to the pomodoro: the accent goes back with it.
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect.poll(accent).toBe('#c4b5fd');
});

test('the mini timer floats the time, the phase and start/pause/skip, in step with the page', async ({
  page,
  context,
}) => {
  await installPausedClock(page);
  await page.goto('/');
  await expectTime(page, '25:00');
  // Said plainly: this Chromium has the API, so the window below is the real thing.
  expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(true);

  const opened = context.waitForEvent('page');
  const button = page.getByRole('button', { name: 'Mini timer' });
  await button.click();
  const mini = await opened;
  const miniTime = mini.getByRole('timer');
  await settleLazy(page, miniTime);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { documentPictureInPicture: { window: Window | null } })
          .documentPictureInPicture.window !== null,
    ),
  ).toBe(true);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(miniTime).toContainText('25:00');
  await expect(mini.getByText('Pomodoro', { exact: true })).toBeVisible();
  await expect(mini).toHaveTitle('Focusroom timer');

  // Its buttons drive the page's timer...
  await mini.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.clock.runFor(73_000);
  await expectTime(page, '23:47');
  await expect(miniTime).toContainText('23:47');

  await mini.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await expect(mini.getByText('Pomodoro · Paused')).toBeVisible();
  await page.clock.runFor(30_000);
  await expectTime(page, '23:47');
  await expect(miniTime).toContainText('23:47');

  await mini.getByRole('button', { name: 'Skip' }).click();
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await expectTime(page, '05:00');
  await expect(miniTime).toContainText('05:00');
  await expect(mini.getByText('Short Break', { exact: true })).toBeVisible();
  // ...and the page's drive it: the window follows, accent included.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(mini.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(miniTime).toContainText('04:55');
  await expect(mini.locator('.fr-mini-phase')).toHaveCSS('color', 'rgb(110, 231, 183)');
  await mini.setViewportSize({ width: 300, height: 220 });
  await mini.screenshot({ path: path.join(SCREENSHOT_DIR, 'timer-mini-window.png') });

  // Closing the window leaves the page's timer running and the button ready again.
  await mini.close();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
});
