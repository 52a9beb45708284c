import { expect, test, type Page } from '../support/test.js';
import { E2E_BASE_URL } from '../support/env.js';
import { createVerifiedUser, newUser } from '../support/api.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import { serverSettings } from '../support/timer-page.js';

/*
 * A visitor's set-up comes along into an account (decision 051): a new account starts with it,
 * an existing account asks first.
 */

interface ServerTodo {
  text: string;
  estimate: number;
  done_pomodoros: number;
  active: boolean;
  position: number;
}

async function serverTodos(token: string): Promise<ServerTodo[]> {
  const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`GET todos: ${res.status}`);
  return ((await res.json()) as ServerTodo[]).sort((a, b) => a.position - b.position);
}

function todoTexts(page: Page) {
  return page.getByRole('list', { name: 'To-dos' }).locator('.fr-todo-text');
}

function row(page: Page, text: string) {
  return page
    .getByRole('list', { name: 'To-dos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: text, exact: true }) });
}

async function addTodo(page: Page, text: string, estimate: number): Promise<void> {
  await page
    .getByRole('spinbutton', { name: 'Estimated pomodoros for the new to-do' })
    .fill(String(estimate));
  const input = page.getByRole('textbox', { name: 'New to-do' });
  await input.fill(text);
  await input.press('Enter');
  await expect(row(page, text)).toBeVisible();
}

/** As a visitor on /: settings (pomodoro minutes, daily goal) through the timer's dialog. */
async function setUpTimer(page: Page, pomodoro: number, goal: number): Promise<void> {
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await dialog.getByRole('textbox', { name: /Pomodoro \(minutes\)/ }).fill(String(pomodoro));
  await dialog.getByRole('textbox', { name: /Daily goal/ }).fill(String(goal));
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();
}

function goal(page: Page, text: string) {
  return page.locator(`[role="progressbar"][aria-label="Daily goal"][aria-valuetext="${text}"]`);
}

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

test('a visitor sets up to-dos, a 1-minute pomodoro and a goal, registers, and finds it all, the timer still running', async ({
  page,
}) => {
  const person = newUser('carried');
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'New to-do' })).toBeVisible();

  await test.step('set up the timer as a visitor and start it', async () => {
    await addTodo(page, 'Write the report', 3);
    await addTodo(page, 'Read the notes', 2);
    await addTodo(page, 'Reply to mail', 1);
    await page.getByRole('button', { name: 'Work on “Write the report”' }).click();
    await setUpTimer(page, 1, 4);
    await expect(page.getByTestId('timer-display')).toContainText('01:00');
    await expect(goal(page, '0 of 4 pomodoros today')).toBeVisible();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  });

  await test.step('register', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the new account has the set-up, and nothing was asked', async () => {
    await expect(todoTexts(page)).toHaveText([
      'Write the report',
      'Read the notes',
      'Reply to mail',
    ]);
    await expect(row(page, 'Write the report').getByTestId('todo-count')).toHaveText('0/3');
    await expect(row(page, 'Read the notes').getByTestId('todo-count')).toHaveText('0/2');
    await expect(page.getByRole('button', { name: 'Work on “Write the report”' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(goal(page, '0 of 4 pomodoros today')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The pomodoro started as a visitor runs on: paused nowhere, under a minute left.
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(page.getByTestId('timer-display')).toContainText(/00:[0-5]\d/);
    await screenshot(page, 'carry-over-new-account');

    const token = await storedToken(page);
    await expect.poll(async () => (await serverTodos(token)).length).toBe(3);
    const todos = await serverTodos(token);
    expect(todos.map((t) => [t.text, t.estimate, t.active])).toEqual([
      ['Write the report', 3, true],
      ['Read the notes', 2, false],
      ['Reply to mail', 1, false],
    ]);
    expect(await serverSettings(token)).toMatchObject({ pomodoro_duration: 1, daily_goal: 4 });
  });

  await test.step('a reload adds nothing twice', async () => {
    await page.reload();
    await expect(todoTexts(page)).toHaveText([
      'Write the report',
      'Read the notes',
      'Reply to mail',
    ]);
    const token = await storedToken(page);
    expect((await serverTodos(token)).length).toBe(3);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/** An existing account with a to-do and settings of its own, and a visitor's set-up in the page. */
async function accountAndVisitor(page: Page) {
  const { user, token } = await createVerifiedUser('returning');
  await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ todos: [{ text: 'Account plan', estimate: 2 }] }),
  });
  await fetch(`${E2E_BASE_URL}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pomodoro_duration: 50 }),
  });
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'New to-do' })).toBeVisible();
  await addTodo(page, 'Visitor errand', 2);
  await addTodo(page, 'Visitor call', 1);
  await setUpTimer(page, 1, 4);

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const question = page.getByRole('dialog', {
    name: "Bring this browser's set-up into your account?",
  });
  await expect(question).toBeVisible();
  await expect(question).toContainText(
    'Before you signed in, you set up this browser: 2 to-dos, timer settings and a daily goal of 4.',
  );
  return { token, question };
}

test("signing in to an existing account asks first; keeping adds the browser's set-up to it", async ({
  page,
}) => {
  const { token, question } = await accountAndVisitor(page);
  // Nothing merged while the question is open.
  expect((await serverTodos(token)).map((t) => t.text)).toEqual(['Account plan']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'carry-over-question');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'carry-over-question-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await question.getByRole('button', { name: "Keep this browser's set-up" }).click();
  await expect(question).toBeHidden();
  await expect(todoTexts(page)).toHaveText(['Account plan', 'Visitor errand', 'Visitor call']);
  await expect(page.getByTestId('timer-display')).toContainText('01:00');
  await expect.poll(async () => (await serverTodos(token)).length).toBe(3);
  expect(await serverSettings(token)).toMatchObject({ pomodoro_duration: 1, daily_goal: 4 });

  await page.reload();
  await expect(todoTexts(page)).toHaveText(['Account plan', 'Visitor errand', 'Visitor call']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await serverTodos(token)).length).toBe(3);
});

test("signing in to an existing account and choosing the account's set-up merges nothing", async ({
  page,
}) => {
  const { token, question } = await accountAndVisitor(page);
  await question.getByRole('button', { name: "Use the account's" }).click();
  await expect(question).toBeHidden();
  await expect(todoTexts(page)).toHaveText(['Account plan']);
  await expect(page.getByTestId('timer-display')).toContainText('50:00');
  expect((await serverTodos(token)).map((t) => t.text)).toEqual(['Account plan']);
  expect(await serverSettings(token)).toMatchObject({ pomodoro_duration: 50, daily_goal: 8 });

  // The browser's set-up was discarded: signing out finds a fresh visitor's timer.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'New to-do' })).toBeVisible();
  await expect(todoTexts(page)).toHaveCount(0);
});
