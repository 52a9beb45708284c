import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  MINUTE,
  expectTime,
  installPausedClock,
  installTimerProbes,
  notifications,
  presetLocalSettings,
  serverSettings,
  settleLazy,
  timerDisplay,
} from '../support/timer-page.js';

/*
 * A calmer time display (issue 35): the time left as minutes and seconds, whole minutes, the ring
 * alone, or hidden until the end, chosen in the timer settings and followed by the dial, the tab
 * title and the top bar's badge.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

/** Opens the timer settings and picks a display by its visible name, as a person would. */
async function chooseDisplay(page: Page, name: 'Clock' | 'Minutes' | 'Ring' | 'Hidden') {
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await settleLazy(page, dialog);
  const group = dialog.getByRole('radiogroup', { name: 'Time display' });
  await group.getByText(name, { exact: true }).click();
  await expect(group.getByRole('radio', { name })).toBeChecked();
  return dialog;
}

/** axe waits on timers of its own: time flows while it looks, and is paused again after. */
async function expectAccessible(page: Page): Promise<void> {
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** What the eye sees on the dial, exactly (the screen reader's words are beside it). */
async function expectShown(page: Page, text: string): Promise<void> {
  await expect(timerDisplay(page).locator('[aria-hidden="true"]')).toHaveText(text);
}

const ring = (page: Page) => page.locator('.fr-ring-progress');
const ringOffset = (page: Page) =>
  ring(page).evaluate((circle) => parseFloat((circle as SVGCircleElement).style.strokeDashoffset));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a visitor hides the time until the end, and the tab title keeps it hidden too (${viewport.width} px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    await presetLocalSettings(context, { pomodoro_duration: 2 });
    await installPausedClock(page);
    await page.goto('/');
    await expectTime(page, '02:00');

    const dialog = await chooseDisplay(page, 'Hidden');
    await expect(
      dialog.getByText('No time shown until the focus or break ends.', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, `timer-display-settings-${viewport.width}`);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeHidden();

    // Nothing runs yet: the length of what starts, in minutes, and when an estimated list ends.
    await expectShown(page, '2 min');
    await settleLazy(page, page.getByRole('textbox', { name: 'New to-do', disabled: false }));
    await page.getByRole('textbox', { name: 'New to-do' }).fill('Draft the plan');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('finish-at')).toContainText('Finish at');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(30_000);
    await expect(timerDisplay(page)).toHaveCount(0);
    // The finish time would move with the time left, so it goes too.
    await expect(page.getByTestId('finish-at')).toHaveCount(0);
    await expect(page.getByText('Time hidden until the end')).toBeVisible();
    await expect(page).toHaveTitle('Focus');
    // The ring does not give the time away either.
    expect(await ringOffset(page)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `timer-display-hidden-${viewport.width}`);

    // Kept across a reload, paused as well.
    await page.reload();
    await settleLazy(page, page.getByText('Time hidden until the end'));
    await expect(timerDisplay(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page).toHaveTitle('⏸ Focus');
    await expect(timerDisplay(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Resume', exact: true }).click();

    // The end still comes on time, and then says what is next.
    await page.clock.runFor(2 * MINUTE);
    await expect.poll(() => notifications(page)).toHaveLength(1);
    await expectShown(page, '5 min');
    await expect(page.getByText('Time hidden until the end')).toHaveCount(0);
  });
}

test.describe('signed in, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('whole minutes go to the account, the badge shows them, and the ring alone shows no number', async ({
    page,
  }) => {
    const { token } = await createVerifiedUser('display');
    await installPausedClock(page);
    await signInAs(page, token, '/dashboard');
    await settleLazy(page, page.getByRole('textbox', { name: 'New to-do', disabled: false }));
    await expectTime(page, '25:00');

    const dialog = await chooseDisplay(page, 'Minutes');
    await expect(
      dialog.getByText('Whole minutes only (such as 25 min).', { exact: false }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => serverSettings(token)).toMatchObject({ time_display: 'minutes' });

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(61_000);
    // 23:59 left: 24 minutes, rounded up, on the dial, in the badge and in the tab title.
    await expectShown(page, '24 min');
    await expect(timerDisplay(page)).not.toContainText(':');
    const badge = page.getByRole('banner').getByTestId('timer-badge').locator('visible=true');
    await expect(badge.getByRole('link')).toHaveAccessibleName(
      'Pomodoro 24 min. Click to go to the timer page',
    );
    await expect(page).toHaveTitle('24 min · Focus');
    await screenshot(page, 'timer-display-minutes-390');

    // The ring alone: it empties as time runs, and nothing says a number.
    await (
      await chooseDisplay(page, 'Ring')
    )
      .getByRole('button', { name: 'Save settings' })
      .click();
    await expect.poll(() => serverSettings(token)).toMatchObject({ time_display: 'ring' });
    await expect(timerDisplay(page)).toHaveCount(0);
    const before = await ringOffset(page);
    expect(before).toBeGreaterThan(0);
    await page.clock.runFor(5 * MINUTE);
    await expect.poll(() => ringOffset(page)).toBeGreaterThan(before);
    await expect(badge.getByRole('link')).toHaveAccessibleName(
      'Pomodoro. Click to go to the timer page',
    );
    await expect(page).toHaveTitle('Focus');
    await expectAccessible(page);
    await screenshot(page, 'timer-display-ring-390');
  });
});
