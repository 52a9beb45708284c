import { expect, test, type Locator, type Page } from '../support/test.js';
import { createVerifiedUser, newUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { screenshot } from '../support/screens.js';
import { installTimerProbes, settleLazy } from '../support/timer-page.js';

/*
 * What people meet in their first ten seconds: the timer above the fold on / and /dashboard, for
 * visitors and signed-in users, on a laptop, a small laptop and two phones (product §2); on a
 * phone, the round Sounds button in the corner covers nothing in the timer card.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'small-laptop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'small-phone', width: 375, height: 667 },
] as const;

/** The element's box lies wholly inside the first screen, with the page scrolled to the top. */
async function expectAboveTheFold(page: Page, locator: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends above the fold`).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, `${what} fits the width`).toBeLessThanOrEqual(viewport.width);
}

async function expectTimerFirst(page: Page): Promise<void> {
  await settleLazy(page, page.getByTestId('timer-display'));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectAboveTheFold(page, page.getByTestId('timer-display'), 'the time');
  await expectAboveTheFold(
    page,
    page.getByRole('button', { name: 'Start', exact: true }),
    'the Start button',
  );
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a visitor sees the time and Start on / without scrolling, the introduction after', async ({
      page,
    }) => {
      await page.goto('/');
      await expectTimerFirst(page);
      // The introduction is still on the page, after the timer.
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create a free account' })).toBeAttached();
      await screenshot(page, `first-screen-visitor-${size.name}`);
    });

    test('a signed-in user sees the time and Start on / and /dashboard without scrolling', async ({
      page,
    }) => {
      const { token } = await createVerifiedUser('fold');
      await signInAs(page, token, '/dashboard');
      await expectTimerFirst(page);
      await screenshot(page, `first-screen-dashboard-${size.name}`);
      await page.goto('/');
      await expectTimerFirst(page);
      await screenshot(page, `first-screen-signed-in-home-${size.name}`);
    });

    test('a new account sees the time and Start under the verify banner', async ({ page }) => {
      const user = newUser('foldnew');
      const res = await fetch(`${E2E_BASE_URL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      expect(res.status).toBe(201);
      const { token } = (await res.json()) as { token: string };
      await signInAs(page, token, '/dashboard');
      await expect(page.getByText('Please verify your email address')).toBeVisible();
      await expectTimerFirst(page);
      await screenshot(page, `first-screen-new-account-${size.name}`);
    });
  });
}

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Sounds button sits in the top bar and covers nothing in the timer card', async ({
    page,
  }) => {
    await page.goto('/');
    await settleLazy(page, page.getByTestId('timer-display'));
    // On a phone it is in the top bar, not over the page (decision 055).
    const soundsButton = page
      .getByRole('banner')
      .getByRole('button', { name: 'Sounds', exact: true });
    await expect(soundsButton).toBeVisible();
    const sounds = await soundsButton.boundingBox();
    // The card's last row: the pomodoro count and Today's goal, with the timer's tools.
    const lastRow = await page.locator('.fr-timer-footer').boundingBox();
    expect(sounds, 'the Sounds button is laid out').not.toBeNull();
    expect(lastRow, "the card's last row is laid out").not.toBeNull();
    expect(sounds!.y + sounds!.height, 'Sounds ends above the card').toBeLessThanOrEqual(
      lastRow!.y,
    );
    await screenshot(page, 'first-screen-sounds-clear-phone');
  });
});
