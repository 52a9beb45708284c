import { expect, test } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { SCREENSHOT_DIR } from '../support/env.js';
import {
  MINUTE,
  expectTime,
  installPausedClock,
  installTimerProbes,
  presetLocalSettings,
  settleLazy,
} from '../support/timer-page.js';

/*
 * The running timer shown outside its card: in the tab title (product §1), on every page, and in
 * the top bar's badge on a phone, which names the phase, not only the digits (§2).
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

test('the tab title shows a running or paused timer, and the page once the timer is done', async ({
  page,
  context,
}) => {
  await presetLocalSettings(context, { pomodoro_duration: 2, short_break_duration: 1 });
  await installPausedClock(page);
  await page.goto('/');
  await expectTime(page, '02:00');
  await expect(page).toHaveTitle('Focusroom · Focus timer');

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(3000);
  await expect(page).toHaveTitle('01:57 · Focus');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page).toHaveTitle('⏸ 01:57 · Focus');
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page).toHaveTitle('01:57 · Focus');

  // Finished: the break is loaded but nothing runs, so the tab does not show a frozen clock.
  await page.clock.runFor(2 * MINUTE);
  await expectTime(page, '01:00');
  await expect(page).toHaveTitle('Focusroom · Focus timer');

  // The timer's title follows the user to another page, and gives the tab back when done.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(1000);
  await expect(page).toHaveTitle('00:59 · Break');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('00:59 · Break');
  await page.clock.runFor(MINUTE);
  await expect(page).toHaveTitle('Privacy policy · Focusroom');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top bar badge says which phase it is, not only the digits', async ({ page }) => {
    const { token } = await createVerifiedUser('badge');
    await installPausedClock(page);
    await signInAs(page, token, '/dashboard');
    await settleLazy(page, page.getByRole('button', { name: 'Start', exact: true }));
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const badge = page.getByRole('banner').getByTestId('timer-badge').filter({ visible: true });
    await expect(badge).toBeVisible();
    const phase = badge.getByRole('img', { name: 'Pomodoro' });
    await expect(phase).toBeVisible();
    const box = (await phase.boundingBox())!;
    expect(box.width).toBeGreaterThan(8);
    // The whole badge fits the bar beside the menu button.
    const badgeBox = (await badge.boundingBox())!;
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(badge.getByRole('img', { name: 'Short Break' })).toBeVisible();
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/badge-phone.png`,
      clip: { x: 0, y: 0, width: 390, height: 120 },
    });
  });
});
