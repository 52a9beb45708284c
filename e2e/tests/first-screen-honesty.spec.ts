import { expect, test, type Locator, type Page } from '../support/test.js';
import { createVerifiedUser, newUser, signInAs } from '../support/api.js';
import { SCREENSHOT_DIR } from '../support/env.js';
import { screenshot } from '../support/screens.js';
import {
  MINUTE,
  expectTime,
  installPausedClock,
  installTimerProbes,
  presetLocalSettings,
  settleLazy,
} from '../support/timer-page.js';

/*
 * Small things that must not lie: the tab title (product §1), the phone's timer badge (§2), the
 * statistics axis on a phone, and what registering shows (§2, §5).
 */
test.use({ serviceWorkers: 'block' });

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

  test('the statistics day axis never runs its labels together', async ({ page }) => {
    const { token } = await createVerifiedUser('axis');
    await signInAs(page, token, '/stats');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    const perDay = page.locator('section', { hasText: 'Focus per day' }).last();
    const byWeekday = page.locator('section', { hasText: 'By weekday' }).last();
    await expectTicksApart(perDay, 7);
    await expectTicksApart(byWeekday, 7);
    await perDay.screenshot({ path: `${SCREENSHOT_DIR}/stats-axis-7-days-phone.png` });
    await perDay.locator('label', { hasText: '30 days' }).click();
    await expect(page.getByText(/in the last 30 days/)).toBeVisible();
    await expectTicksApart(perDay);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stats-axis-phone');
  });
});

/** The x-axis tick labels of a chart: at least `count` of them, none overlapping the next. */
async function expectTicksApart(chart: Locator, count = 2): Promise<void> {
  const ticks = chart.locator('.recharts-xAxis-tick-labels text');
  await expect.poll(() => ticks.count()).toBeGreaterThanOrEqual(count);
  const boxes = (await ticks.evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return { left: r.left, right: r.right, text: node.textContent ?? '' };
    }),
  )) as { left: number; right: number; text: string }[];
  boxes.sort((a, b) => a.left - b.left);
  for (let i = 1; i < boxes.length; i++) {
    expect(
      boxes[i]!.left,
      `"${boxes[i - 1]!.text}" and "${boxes[i]!.text}" do not overlap`,
    ).toBeGreaterThanOrEqual(boxes[i - 1]!.right + 2);
  }
}

async function fillRegistration(page: Page, user: ReturnType<typeof newUser>): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
}

test.describe('registration', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('registration says a taken name once, forgets it once edited, and then goes on to the dashboard', async ({
    page,
  }) => {
    const { user: taken } = await createVerifiedUser('taken');
    const user = newUser('fresh');
    await page.goto('/register');
    await fillRegistration(page, { ...user, username: taken.username });
    await page.getByRole('button', { name: 'Create account' }).click();
    const username = page.getByLabel('Username');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
    const errorText = 'This username is already taken';
    await expect(page.getByText(errorText, { exact: true })).toHaveCount(1);
    await screenshot(page, 'register-taken');

    await username.fill(user.username);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(errorText, { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Please verify your email address')).toHaveCount(1);
    await expect(page.getByText(user.email)).toHaveCount(1);
    // The new account's timer is on the first screen under the banner too.
    const start = page.getByRole('button', { name: 'Start', exact: true });
    await settleLazy(page, start);
    const box = (await start.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await screenshot(page, 'register-landed');
  });
});
