import { expect, test, type Browser, type Page } from '../support/test.js';
import { createVerifiedUser, logoutToken, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import { timerDisplay } from '../support/timer-page.js';

/*
 * One timer on every device (issue 33): two devices of one account, a laptop and a phone, each
 * in its own browser, show one timer, live; a press on either reaches the other; a device that
 * was offline replays its presses when it is back.
 */

async function device(browser: Browser, token: string, phone = false): Promise<Page> {
  const context = await browser.newContext(
    phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          baseURL: E2E_BASE_URL,
        }
      : { baseURL: E2E_BASE_URL },
  );
  const page = await context.newPage();
  await signInAs(page, token, '/dashboard');
  return page;
}

/** Seconds shown on the display ("24:59" → 1499). */
async function shownSeconds(page: Page): Promise<number> {
  const text = (await timerDisplay(page).textContent()) ?? '';
  const match = /(\d+):(\d{2})/.exec(text);
  if (!match) throw new Error(`no time on the display: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The time on the display, as the person reads it ("24:31"). */
async function shownClock(page: Page): Promise<string> {
  const text = (await timerDisplay(page).textContent()) ?? '';
  return /(\d+:\d{2})/.exec(text)?.[1] ?? text;
}

test('a press on one device shows on the other at once, and both count down together', async ({
  browser,
}) => {
  const { token } = await createVerifiedUser('devices');
  const laptop = await device(browser, token);
  const phone = await device(browser, token, true);
  for (const page of [laptop, phone]) {
    await expect(page.getByText('Live on 2 devices')).toBeVisible();
  }

  await laptop.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(phone.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({
    timeout: 3_000,
  });
  // Counting down, the same time left on both to within a second.
  await expect.poll(() => shownSeconds(phone)).toBeLessThan(25 * 60);
  const [a, b] = await Promise.all([shownSeconds(laptop), shownSeconds(phone)]);
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1);

  await phone.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(laptop.getByRole('button', { name: 'Resume', exact: true })).toBeVisible({
    timeout: 3_000,
  });
  await expect(timerDisplay(laptop)).toContainText(await shownClock(phone));

  // The task typed on one is the task on the other.
  await laptop.getByRole('textbox', { name: /current task/i }).fill('Write the report');
  await expect(phone.getByRole('textbox', { name: /current task/i })).toHaveValue(
    'Write the report',
  );

  await screenshot(phone, 'timer-devices-phone');
  await screenshot(laptop, 'timer-devices-laptop');
  await expectNoAxeViolations(phone);
  await laptop.context().close();
  await expect(phone.getByText('Live on 1 device')).toBeVisible();
  await phone.context().close();
});

test('a device that was offline says so, keeps its timer running, and replays its presses when back', async ({
  browser,
}) => {
  const { token } = await createVerifiedUser('offline');
  const laptop = await device(browser, token);
  const phone = await device(browser, token, true);
  await expect(phone.getByText('Live on 2 devices')).toBeVisible();
  await laptop.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(phone.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  await phone.context().setOffline(true);
  await expect(phone.getByText('Offline: the timer runs on here and catches up')).toBeVisible({
    timeout: 15_000,
  });
  // Still counting down here.
  const before = await shownSeconds(phone);
  await expect.poll(() => shownSeconds(phone)).toBeLessThan(before);
  await phone.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(phone.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await screenshot(phone, 'timer-devices-offline-phone');
  // The laptop has not heard of it yet.
  await expect(laptop.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  await phone.context().setOffline(false);
  await expect(laptop.getByRole('button', { name: 'Resume', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(phone.getByText('Live on 2 devices')).toBeVisible({ timeout: 15_000 });
  await laptop.context().close();
  await phone.context().close();
});

test('signing out on the server closes the live timer on the device at once', async ({
  browser,
}) => {
  const { token } = await createVerifiedUser('revoked');
  const laptop = await device(browser, token);
  await expect(laptop.getByText('Live on 1 device')).toBeVisible();
  expect(await logoutToken(token)).toBeLessThan(300);
  // The channel closes for the session; the app finds it ended and signs out.
  await expect(laptop).toHaveURL(/\/login/, { timeout: 5_000 });
  await laptop.context().close();
});
