import { expect, test } from '../support/test.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  MINUTE,
  T0,
  expectTime,
  installPausedClock,
  installTimerProbes,
  liveRegion,
  notifications,
  presetLocalSettings,
  savedTimerState,
  setVisibility,
  settleLazy,
  timerDisplay,
  sounds,
  typeTab,
} from '../support/timer-page.js';

/*
 * The timer for a visitor on / (product §2, §4), with Playwright's clock.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

test('a visitor starts, pauses, resumes, resets and skips', async ({ page }) => {
  await installPausedClock(page);
  await page.goto('/');
  await expectTime(page, '25:00');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(60_000);
  await expectTime(page, '24:00');
  await expect(page).toHaveTitle('24:00 · Focus');

  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.clock.runFor(30_000);
  await expectTime(page, '24:00');
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.clock.runFor(1000);
  await expectTime(page, '23:59');

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expectTime(page, '25:00');
  await expect(page).toHaveTitle('Focusroom · Focus timer');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expectTime(page, '05:00');
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(typeTab(page, 'Pomodoro')).toHaveAttribute('aria-pressed', 'true');
});

test('a full pomodoro completes on time: chime, notification, short break next', async ({
  page,
}) => {
  await installPausedClock(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  // The press may come before the app: the paused clock moves in small steps until it answers
  // (its loading waits on timers too), then the rest of the 25 minutes at once.
  const moved = await settleLazy(page, timerDisplay(page));
  await page.clock.runFor(25 * MINUTE - 1000 - moved);
  await expectTime(page, '00:01');
  expect(await sounds(page)).toEqual([]);

  await page.clock.runFor(1000);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await expectTime(page, '05:00');
  await expect
    .poll(() => sounds(page))
    .toEqual([expect.stringMatching(/\/sounds\/complete\.wav$/)]);
  expect(new URL((await sounds(page))[0]!).origin).toBe(new URL(page.url()).origin);
  await expect
    .poll(() => notifications(page))
    .toEqual([
      expect.objectContaining({
        title: 'Time for a break!',
        body: 'Pomodoro complete. Short Break next.',
      }),
    ]);
  await expect(liveRegion(page)).toHaveText(/Pomodoro complete\. Short break next\./);
  await expect(page.getByTestId('completed-count')).toContainText('Pomodoros completed: 1');
  // Nothing is under way until the break starts: the tab shows the product, not a frozen clock.
  await expect(page).toHaveTitle('Focusroom · Focus timer');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();

  // The sound file is really there, on our own origin.
  const wav = await page.request.get('/sounds/complete.wav');
  expect(wav.status()).toBe(200);
  expect(wav.headers()['content-type']).toMatch(/audio/);
});

test('auto-start begins the break one second after the pomodoro', async ({ page, context }) => {
  await presetLocalSettings(context, { pomodoro_duration: 2, auto_start_breaks: true });
  await installPausedClock(page);
  await page.goto('/');
  await expectTime(page, '02:00');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(2 * MINUTE);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.clock.runFor(60_000);
  await expectTime(page, '04:00');
  // After the break, pomodoros do not start by themselves unless asked to.
  await page.clock.runFor(4 * MINUTE + 1000);
  await expect(typeTab(page, 'Pomodoro')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  expect((await notifications(page)).map((n) => n.title)).toEqual([
    'Time for a break!',
    'Break is over, time to focus!',
  ]);
});

test('the fourth pomodoro is followed by a long break', async ({ page, context }) => {
  await presetLocalSettings(context, { pomodoro_duration: 1, short_break_duration: 1 });
  await installPausedClock(page);
  await page.goto('/');
  for (let round = 1; round <= 4; round++) {
    await expect(typeTab(page, 'Pomodoro')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(MINUTE);
    await expect(page.getByTestId('completed-count')).toContainText(
      `Pomodoros completed: ${round}`,
    );
    if (round < 4) {
      await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await page.clock.runFor(MINUTE);
    }
  }
  await expect(typeTab(page, 'Long Break')).toHaveAttribute('aria-pressed', 'true');
  await expectTime(page, '15:00');
});

test('a reload mid-run restores the timer and fast-forwards it', async ({ page }) => {
  await installPausedClock(page);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Current task' }).fill('Chapter three');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  // As in the full pomodoro above: the app may still be loading its parts, whose 120 s timeout
  // five minutes at once would run out; small steps until it answers, then the rest.
  await page.clock.runFor(5 * MINUTE - (await settleLazy(page, timerDisplay(page))));
  await expectTime(page, '20:00');
  await page.reload();
  await expectTime(page, '20:00');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current task' })).toHaveValue('Chapter three');

  // Closed for twelve minutes: the page comes back twelve minutes further on.
  await page.goto('about:blank');
  await page.clock.fastForward(12 * MINUTE);
  await page.goto('/');
  await expectTime(page, '08:00');

  // Closed past the end: completed on load, once, without a late chime.
  await page.goto('about:blank');
  await page.clock.fastForward(30 * MINUTE);
  await page.goto('/');
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('completed-count')).toContainText('Pomodoros completed: 1');
  expect(await sounds(page)).toEqual([]);
  expect(await savedTimerState(page)).toMatchObject({
    timerState: 'completed',
    timerType: 'short_break',
    completedPomodoros: 1,
  });
});

test('a hidden tab is recomputed from the clock when it is visible again', async ({
  page,
  context,
}) => {
  // Without the Worker, nothing pulses while the clock jumps: only the return can fix the display.
  await presetLocalSettings(context, {}, { focusroom_bench_no_worker_pulse: '1' });
  await installPausedClock(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(1000);
  await expectTime(page, '24:59');

  await setVisibility(page, 'hidden');
  expect(await savedTimerState(page)).toMatchObject({ timerState: 'running', timeLeft: 1499 });
  // A throttled background tab: the time moves on, no timer fires.
  await page.clock.setSystemTime(T0 + 1000 + 1000 + 10 * MINUTE);
  await expectTime(page, '24:59');

  await setVisibility(page, 'visible');
  await expectTime(page, '14:59');
});

test('keyboard shortcuts drive the timer, but not while typing', async ({ page }) => {
  await installPausedClock(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await page.keyboard.press('s');
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');

  const task = page.getByRole('textbox', { name: 'Current task' });
  await task.click();
  await page.keyboard.type('Read s and r ');
  await expect(task).toHaveValue('Read s and r ');
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+s').catch(() => undefined);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Shift+?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await settleLazy(page, dialog);
  await expect(dialog.getByText('Skip to the next phase')).toBeVisible();
});

test('settings change the idle display and keep it after a reload', async ({ page }) => {
  await installPausedClock(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await settleLazy(page, dialog);
  const pomodoro = dialog.getByRole('textbox', { name: 'Pomodoro (minutes)' });
  await pomodoro.fill('200');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Must be a whole number of minutes from 1 to 180')).toBeVisible();
  await pomodoro.fill('50');
  await dialog.getByRole('textbox', { name: 'Short break (minutes)' }).fill('10');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await page.clock.runFor(500);
  await expect(dialog).toBeHidden();
  await expectTime(page, '50:00');
  await typeTab(page, 'Short Break').click();
  await expectTime(page, '10:00');
  await page.reload();
  await expectTime(page, '10:00');
  expect(await page.evaluate(() => localStorage.getItem('focusroom_settings'))).toContain(
    '"pomodoro_duration":50',
  );
});

test('to-dos are added, completed, edited, reordered and deleted', async ({ page }) => {
  // No clock here: drag and drop measures the list in animation frames.
  await page.goto('/');
  const input = page.getByRole('textbox', { name: 'New to-do' });
  for (const text of ['Outline', 'Draft', 'Review']) {
    await input.fill(text);
    await input.press('Enter');
  }
  // Each item's text (a row also holds its done/estimated pomodoros).
  const items = page.getByRole('list', { name: 'To-dos' }).locator('.fr-todo-text');
  await expect(items).toHaveText(['Outline', 'Draft', 'Review']);

  await page.getByRole('checkbox', { name: 'Draft' }).check();
  await page.getByRole('button', { name: 'Edit “Review”' }).click();
  await page.getByRole('textbox', { name: 'Edit “Review”' }).fill('Review with Sam');
  await page.keyboard.press('Enter');
  await expect(items).toHaveText(['Outline', 'Draft', 'Review with Sam']);

  // Keyboard drag and drop: lift the last one, move it up twice, drop it.
  await page.getByRole('button', { name: 'Move “Review with Sam”' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(400);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(400);
  await page.keyboard.press('Space');
  await expect(items).toHaveText(['Review with Sam', 'Outline', 'Draft']);

  await page.getByRole('button', { name: 'Delete “Outline”' }).click();
  await expect(items).toHaveText(['Review with Sam', 'Draft']);
  await page.reload();
  await expect(items).toHaveText(['Review with Sam', 'Draft']);
  await expect(page.getByRole('checkbox', { name: 'Draft' })).toBeChecked();
});

test('the timer page has no axe violations, and looks right at 1280 and 390 px', async ({
  page,
}) => {
  await installPausedClock(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await settleLazy(page, input);
  for (const text of ['Outline the talk', 'Collect three examples', 'Rehearse once']) {
    await input.fill(text);
    await input.press('Enter');
  }
  // Both fields are styled alike (a bare browser input would be grey and narrow).
  const look = (el: Element) => {
    const style = getComputedStyle(el);
    return [style.backgroundColor, style.borderRadius, style.height].join(' ');
  };
  const currentTask = page.getByRole('textbox', { name: 'Current task' });
  expect(await input.evaluate(look)).toBe(await currentTask.evaluate(look));
  await page.getByRole('checkbox', { name: 'Outline the talk' }).check();
  await currentTask.fill('Conference talk');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(7 * MINUTE + 13_000);
  // axe waits on timers of its own: let time flow from here.
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'timer-home-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  // On a phone the timer comes right after the headline, before the feature cards.
  const resumeBox = await page.getByRole('button', { name: 'Resume', exact: true }).boundingBox();
  const featureBox = await page
    .getByRole('heading', { name: 'Pomodoro timer with to-dos' })
    .boundingBox();
  expect(resumeBox && featureBox && resumeBox.y < featureBox.y).toBe(true);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'timer-home-390');

  await page.getByRole('button', { name: 'Timer settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Timer settings' })).toBeVisible();
  await page.waitForTimeout(500);
  await expectNoAxeViolations(page);
  await screenshot(page, 'timer-settings-390');
});
