import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  MINUTE,
  T0,
  expectTime,
  savedTimerState,
  installPausedClock,
  installTimerProbes,
  serverSessions,
  serverSettings,
  settleLazy,
  sounds,
  typeTab,
} from '../support/timer-page.js';

/*
 * The timer for a signed-in user on /dashboard: server settings and to-dos, session recording
 * through the offline outbox (product §4, §5, §7, §8) and the badge of product §2.
 */

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

async function putSettings(token: string, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${E2E_BASE_URL}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBe(200);
}

async function serverTodos(token: string): Promise<{ text: string; completed: boolean }[]> {
  const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { text: string; completed: boolean }[];
}

/**
 * Signs in and waits, under the paused clock, for the lazily loaded dashboard and the account's
 * to-do list (the list is editable once the server's copy has arrived).
 */
async function openDashboard(page: Page, token: string): Promise<void> {
  await signInAs(page, token, '/dashboard');
  await waitForAccount(page);
}

async function waitForAccount(page: Page): Promise<void> {
  await settleLazy(page, page.getByTestId('timer-display'));
  await settleLazy(page, page.getByRole('textbox', { name: 'New to-do', disabled: false }));
}

/** The idle display once the account's settings have been applied. */
async function expectSettledTime(page: Page, clock: string): Promise<void> {
  await settleLazy(page, page.getByTestId('timer-display').filter({ hasText: clock }));
}

function visibleBadge(page: Page) {
  return page.getByRole('banner').getByTestId('timer-badge').locator('visible=true');
}

async function outbox(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('focusroom_session_outbox') ?? '{}') as Record<
        string,
        unknown[]
      >,
  );
}

test('a signed-in pomodoro is recorded once, with the active minutes and the to-do label', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('timer');
  await installPausedClock(page);
  await openDashboard(page, token);
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await settleLazy(page, input);
  for (const text of ['Draft chapter', 'Edit chapter']) {
    await input.fill(text);
    await input.press('Enter');
  }
  await page.getByRole('checkbox', { name: 'Draft chapter' }).check();
  await page.getByRole('textbox', { name: 'Current task' }).fill('Chapter 3');
  // The list reaches the server after a short pause in editing.
  await page.clock.runFor(1000);
  await expect
    .poll(() => serverTodos(token))
    .toEqual([
      expect.objectContaining({ text: 'Draft chapter', completed: true }),
      expect.objectContaining({ text: 'Edit chapter', completed: false }),
    ]);

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const startedAt = (await savedTimerState(page))!.startTime as number;
  await page.clock.runFor(10 * MINUTE);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.clock.runFor(3 * MINUTE);
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.clock.runFor(15 * MINUTE);

  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await settleLazy(page, page.getByText('Session recorded!'));
  const sessions = await serverSessions(token);
  expect(sessions).toHaveLength(1);
  expect(sessions[0]).toMatchObject({
    duration: 25,
    task: 'Draft chapter',
    completed: true,
    start_time: new Date(startedAt).toISOString(),
    end_time: new Date(startedAt + 28 * MINUTE).toISOString(),
  });
  expect(startedAt).toBeGreaterThanOrEqual(T0);
  expect(sessions[0]!.client_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await sounds(page)).toHaveLength(1);

  // A reload and the outbox's own retries never add a second one.
  await page.reload();
  await waitForAccount(page);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(31_000);
  await page.waitForLoadState('networkidle');
  expect(await serverSessions(token)).toHaveLength(1);
  expect(await outbox(page)).toEqual({});
});

test('a session finished while the API is unreachable reaches the server when it returns', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('outbox');
  await putSettings(token, { pomodoro_duration: 1 });
  await installPausedClock(page);
  await page.route('**/api/pomodoro/sessions', (route) => route.abort('internetdisconnected'));
  await openDashboard(page, token);
  await expectSettledTime(page, '01:00');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(MINUTE);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');

  await expect.poll(async () => Object.values(await outbox(page)).flat()).toHaveLength(1);
  const [pending] = Object.values(await outbox(page)).flat() as { attempts: number }[];
  await expect.poll(async () => pending!.attempts >= 0).toBe(true);
  expect(await serverSessions(token)).toEqual([]);

  // The server is reachable again; the browser says so.
  await page.unroute('**/api/pomodoro/sessions');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => serverSessions(token)).toHaveLength(1);
  expect((await serverSessions(token))[0]).toMatchObject({
    duration: 1,
    task: 'Completed Pomodoro',
    completed: true,
  });
  await settleLazy(page, page.getByText('Session recorded!'));
  await expect.poll(() => outbox(page)).toEqual({});
});

test('signed-in settings are saved to the account and change the idle display', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('settings');
  await installPausedClock(page);
  await openDashboard(page, token);
  await expectTime(page, '25:00');
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await settleLazy(page, dialog);
  await dialog.getByRole('textbox', { name: 'Pomodoro (minutes)' }).fill('40');
  await dialog.getByRole('switch', { name: 'Auto-start breaks' }).check();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect
    .poll(() => serverSettings(token))
    .toMatchObject({
      pomodoro_duration: 40,
      auto_start_breaks: true,
    });
  await expectTime(page, '40:00');

  // Another device (here: the API) changes them; the next load follows the server (product §4).
  await putSettings(token, { pomodoro_duration: 35 });
  await page.reload();
  await expectSettledTime(page, '35:00');
});

test('the badge appears while the timer runs, pauses it and leads back to the timer', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('badge');
  await installPausedClock(page);
  await openDashboard(page, token);
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await expect(page.getByTestId('timer-badge')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(90_000);
  const badge = visibleBadge(page);
  await expect(badge).toHaveAttribute('data-tone', 'pomodoro');
  const link = badge.getByRole('link');
  await expect(link).toContainText('Pomodoro');
  await expect(link).toContainText('23:30');
  await expect(link).toHaveAttribute('title', 'Pomodoro: Click to go to the timer page');

  await badge.getByRole('button', { name: 'Pause timer' }).click();
  await expect(badge).toHaveAttribute('data-tone', 'paused');
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(visibleBadge(page)).toHaveAttribute('data-tone', 'paused');
  await visibleBadge(page).getByRole('button', { name: 'Resume timer' }).click();
  await expect(visibleBadge(page)).toHaveAttribute('data-tone', 'pomodoro');
  await page.clock.runFor(30_000);
  await expect(visibleBadge(page).getByRole('link')).toContainText('23:00');
  await screenshot(page, 'timer-badge-stats-1280');

  await visibleBadge(page).getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectTime(page, '23:00');

  // Short break: green; long break: blue.
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByTestId('timer-badge')).toHaveCount(0);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(visibleBadge(page)).toHaveAttribute('data-tone', 'short_break');
  await typeTab(page, 'Long Break').click();
  await settleLazy(page, page.getByRole('dialog', { name: 'Switch to Long Break?' }));
  await page.getByRole('button', { name: 'Switch to Long Break' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(visibleBadge(page)).toHaveAttribute('data-tone', 'long_break');
});

test('the dashboard has no axe violations and reads well at 1280 and 390 px', async ({ page }) => {
  const { token } = await createVerifiedUser('dash');
  await installPausedClock(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDashboard(page, token);
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await settleLazy(page, input);
  for (const text of ['Reply to the review', 'Plan tomorrow']) {
    await input.fill(text);
    await input.press('Enter');
  }
  await page.getByRole('textbox', { name: 'Current task' }).fill('Quarterly report');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(4 * MINUTE + 21_000);
  await page.clock.resume();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'timer-dashboard-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'timer-dashboard-390');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByTestId('timer-badge')).toBeVisible();
  await page.waitForTimeout(400);
  await screenshot(page, 'timer-drawer-390');
  await drawer.getByTestId('timer-badge').getByRole('link').click();
  await expect(drawer).toBeHidden();
});

test('a to-do added just before the tab closes still reaches the account', async ({ page }) => {
  const { token } = await createVerifiedUser('todoclose');
  await installPausedClock(page);
  await openDashboard(page, token);
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await input.fill('Call the printer');
  await input.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Call the printer' })).toBeVisible();
  // Under the paused clock the 800 ms debounce never fires: only the page-hide save can send it.
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { text: string }[]).map((t) => t.text);
    })
    .toEqual(['Call the printer']);
});
