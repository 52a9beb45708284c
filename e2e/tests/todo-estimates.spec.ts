import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL, SCREENSHOT_DIR } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import {
  MINUTE,
  installPausedClock,
  installTimerProbes,
  settleLazy,
  typeTab,
} from '../support/timer-page.js';

/*
 * Estimated pomodoros per to-do (product §4 "To-do estimates"): an estimate, the active to-do
 * that collects finished pomodoros and sets the current task, and the "finish at" clock time, for
 * a visitor (the browser keeps it) and a signed-in user (the server keeps it).
 * The clock starts at 09:00:01 UTC, 10:00 in Berlin: the finish times below are Berlin times.
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/Berlin' });

test.beforeEach(async ({ context }) => {
  await installTimerProbes(context);
});

function row(page: Page, text: string) {
  return page
    .getByRole('list', { name: 'To-dos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: text, exact: true }) });
}

async function addTodo(page: Page, text: string, estimate?: number): Promise<void> {
  if (estimate !== undefined) {
    await page
      .getByRole('spinbutton', { name: 'Estimated pomodoros for the new to-do' })
      .fill(String(estimate));
  }
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await input.fill(text);
  await input.press('Enter');
}

async function completePomodoro(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.runFor(25 * MINUTE);
  await expect(typeTab(page, 'Short Break')).toHaveAttribute('aria-pressed', 'true');
}

test('a visitor estimates to-dos, works on one and sees its count and the finish time', async ({
  page,
}) => {
  await installPausedClock(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await settleLazy(page, page.getByRole('textbox', { name: 'New to-do' }));

  await addTodo(page, 'Write the report', 3);
  await addTodo(page, 'Read the notes');
  const write = row(page, 'Write the report');
  await expect(write.getByTestId('todo-count')).toHaveText('0/3');
  await expect(row(page, 'Read the notes').getByTestId('todo-count')).toHaveText('0/1');
  // The estimate field steps with the arrow keys.
  const estimate = page.getByRole('spinbutton', {
    name: 'Estimated pomodoros for “Write the report”',
  });
  await estimate.focus();
  await page.keyboard.press('ArrowUp');
  await expect(write.getByTestId('todo-count')).toHaveText('0/4');
  // 5 pomodoros, 3 short breaks and the long break after the 4th: 155 minutes from 10:00.
  await expect(page.getByTestId('estimate-totals')).toHaveText('0/5');
  await expect(page.getByTestId('finish-at')).toHaveText('Finish at 12:35 (2 h 35 min)');

  const work = page.getByRole('button', { name: 'Work on “Write the report”' });
  await work.click();
  await expect(work).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Current task' })).toHaveValue('Write the report');

  await completePomodoro(page);
  await expect(write.getByTestId('todo-count')).toHaveText('1/4');
  await expect(row(page, 'Read the notes').getByTestId('todo-count')).toHaveText('0/1');
  await expect(page.getByTestId('estimate-totals')).toHaveText('1/5');
  // At 10:25, 4 pomodoros left (the loaded break may be skipped): 4 x 25 + 5 + 5 + 15.
  await expect(page.getByTestId('finish-at')).toHaveText('Finish at 12:30 (2 h 5 min)');

  await page.reload();
  await settleLazy(page, page.getByRole('textbox', { name: 'New to-do' }));
  await expect(row(page, 'Write the report').getByTestId('todo-count')).toHaveText('1/4');
  await expect(page.getByRole('button', { name: 'Work on “Write the report”' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('focusroom_todos') ?? '[]') as unknown[],
  );
  expect(stored[0]).toMatchObject({ estimate: 4, done_pomodoros: 1, active: true });

  await page.clock.resume();
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'todo-estimates-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // Nothing of a to-do row spills out of the card on a phone.
  const card = await page.getByRole('list', { name: 'To-dos' }).boundingBox();
  for (const tool of await write.getByRole('button').all()) {
    const box = await tool.boundingBox();
    expect(box && card && box.x + box.width <= card.x + card.width + 1).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'todo-estimates-390');
  // The list up close, as a phone shows it.
  await page
    .locator('.fr-tasks-card')
    .screenshot({ path: path.join(SCREENSHOT_DIR, 'todo-estimates-390-tasks.png') });
});

async function serverTodos(token: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Record<string, unknown>[];
}

async function waitForAccount(page: Page): Promise<void> {
  await settleLazy(page, page.getByTestId('timer-display'));
  await settleLazy(page, page.getByRole('textbox', { name: 'New to-do', disabled: false }));
}

test('a signed-in user’s estimate, active to-do and done count live on the server', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('estimate');
  await installPausedClock(page);
  await signInAs(page, token, '/dashboard');
  await waitForAccount(page);

  await addTodo(page, 'Plan the sprint', 2);
  await addTodo(page, 'Answer mail');
  await page.getByRole('button', { name: 'Work on “Plan the sprint”' }).click();
  await expect(page.getByRole('textbox', { name: 'Current task' })).toHaveValue('Plan the sprint');
  await page.clock.runFor(1000);
  await expect
    .poll(() => serverTodos(token))
    .toEqual([
      expect.objectContaining({ text: 'Plan the sprint', estimate: 2, active: true }),
      expect.objectContaining({ text: 'Answer mail', estimate: 1, active: false }),
    ]);

  await completePomodoro(page);
  await expect(row(page, 'Plan the sprint').getByTestId('todo-count')).toHaveText('1/2');
  await expect(page.getByTestId('finish-at')).toContainText('Finish at ');
  await page.clock.runFor(1000);
  await expect
    .poll(() => serverTodos(token))
    .toEqual([
      expect.objectContaining({ text: 'Plan the sprint', done_pomodoros: 1, active: true }),
      expect.objectContaining({ text: 'Answer mail', done_pomodoros: 0 }),
    ]);

  // Another device (a fresh browser storage) gets the same list from the account.
  await page.evaluate(() => localStorage.removeItem('focusroom_timer'));
  await page.reload();
  await waitForAccount(page);
  await expect(row(page, 'Plan the sprint').getByTestId('todo-count')).toHaveText('1/2');
  await expect(page.getByRole('button', { name: 'Work on “Plan the sprint”' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('estimate-totals')).toHaveText('1/3');
});
