import { expect, test, type Page } from '../support/test.js';
import { E2E_ADMIN, adminToken, createVerifiedUser, newUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/**
 * The admin area (/admin). The e2e server lists one address in ADMIN_EMAILS
 * (support/start-server.mjs); the first test to need an admin registers and verifies it.
 */
const ADMIN = E2E_ADMIN;

async function api<T>(
  pathname: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${E2E_BASE_URL}/api${pathname}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function login(identifier: string, password: string) {
  return api<{ token?: string; message?: string }>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ login: identifier, password }),
  });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Screenshots at desktop and phone width, each checked for sideways scrolling and by axe. */
async function captureBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready();
    // Nothing wider than the screen (the phone layout has settled: cards, not tables).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await screenshot(page, `${name}-${width}`);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Finds `username` on the users tab and opens their account dialog. */
async function openAccount(page: Page, username: string) {
  await page.getByRole('searchbox', { name: /Search users/ }).fill(username);
  await page.getByRole('button', { name: `Manage ${username}` }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByText(`@${username}`)).toBeVisible();
  return account;
}

/** A public theme by a new user, reported by another; returns its name and id and the reporter. */
async function reportedTheme(reason: string) {
  const creator = await createVerifiedUser('creator');
  const reporter = await createVerifiedUser('reporter');
  const name = `Loud ${creator.user.username.slice(-6)}`;
  const created = await api<{ id: string }>('/themes/custom', {
    method: 'POST',
    token: creator.token,
    body: JSON.stringify({
      name,
      background_color: '#202020',
      text_color: '#ffffff',
      primary_color: '#ff0055',
      secondary_color: '#ffaa00',
      accent_color: '#00ccff',
      is_public: true,
    }),
  });
  expect(created.status).toBe(201);
  const reported = await api(`/themes/${created.body.id}/report`, {
    method: 'POST',
    token: reporter.token,
    body: JSON.stringify({ reason }),
  });
  expect(reported.status).toBeLessThan(300);
  return { name, id: created.body.id, reporter };
}

test('a plain user has no Admin in the navigation and is not allowed on /admin', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('plain');
  await signInAs(page, token, '/dashboard');
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Themes', exact: true })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('This page is only for administrators.')).toBeVisible();
  // The API says the same to the same account.
  expect((await api('/admin/overview', { token })).status).toBe(403);
});

test('an admin finds Admin in the navigation and the overview shows the figures', async ({
  page,
}) => {
  const token = await adminToken();
  await signInAs(page, token, '/dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  const figures = page.locator('.fr-admin-figures');
  for (const label of ['Users', 'New this week', 'Sessions today', 'Focus today']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(figures.getByText('Active, 7 days')).toBeVisible();
  await expect(figures.getByText('Reports waiting')).toBeVisible();
  // At least the admin account itself is counted.
  const users = Number(
    (
      await figures
        .locator('.fr-admin-figure')
        .first()
        .locator('.fr-admin-figure-value')
        .innerText()
    ).replace(/,/g, ''),
  );
  expect(users).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Sign-ups' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await captureBothWidths(page, 'admin-overview', async () => {
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
  });
});

test('an admin finds a user, disables them (their login then fails with the message) and enables them', async ({
  page,
  browser,
}) => {
  // Four screenshots with axe at two widths and a second browser: more than a minute on a
  // loaded two-core machine.
  test.slow();
  const token = await adminToken();
  const { user } = await createVerifiedUser('managed');
  await signInAs(page, token, '/admin?tab=users');

  await page.getByRole('searchbox', { name: /Search users/ }).fill(user.username);
  const manage = page.getByRole('button', { name: `Manage ${user.username}` });
  await expect(manage).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await captureBothWidths(page, 'admin-users', async () => {
    await expect(manage).toBeVisible();
  });
  await manage.click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await expect(account.getByRole('heading', { name: user.name })).toBeVisible();
  await captureBothWidths(page, 'admin-user-detail', async () => {
    await expect(account.getByRole('button', { name: 'Delete account' })).toBeVisible();
  });

  await account.getByRole('button', { name: 'Disable account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable account?' });
  await confirm.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(`Disabled account: ${user.username}`)).toBeVisible();
  await expect(account.getByRole('button', { name: 'Enable account' })).toBeVisible();

  // Their login is refused with the message, in a browser of their own.
  const theirs = await browser.newContext();
  try {
    const them = await theirs.newPage();
    await them.goto('/login');
    await them.getByLabel('Email or username').fill(user.username);
    await them.getByLabel('Password', { exact: true }).fill(user.password);
    await them.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect(them.getByText('This account has been disabled.', { exact: false })).toBeVisible();
    await expect(them).toHaveURL(/\/login/);
  } finally {
    await theirs.close();
  }

  await account.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByText(`Enabled account: ${user.username}`)).toBeVisible();
  expect((await login(user.username, user.password)).status).toBe(200);
  await expect(account.getByRole('button', { name: 'Disable account' })).toBeEnabled();
});

// Split from the test above: together with their screenshots and axe runs they outlasted a
// test's time on a loaded machine.
test('an admin makes a user admin, cannot lock themselves out, and the audit log shows it all', async ({
  page,
}) => {
  const token = await adminToken();
  const { user } = await createVerifiedUser('promoted');
  const found = await api<{ items: { id: string }[] }>(
    `/admin/users?q=${encodeURIComponent(user.username)}`,
    { token },
  );
  const userId = found.body.items[0]!.id;
  for (const step of ['disable', 'enable']) {
    const res = await api(`/admin/users/${userId}/${step}`, { method: 'POST', token });
    expect(res.status).toBe(200);
  }
  await signInAs(page, token, '/admin?tab=users');
  await page.getByRole('searchbox', { name: /Search users/ }).fill(user.username);
  await page.getByRole('button', { name: `Manage ${user.username}` }).click();
  const account = page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText(`Granted admin role: ${user.username}`)).toBeVisible();
  await expect(account.getByRole('button', { name: 'Remove admin role' })).toBeEnabled();
  const relogged = await login(user.username, user.password);
  const me = await api<{ is_admin: boolean }>('/auth/me', { token: relogged.body.token! });
  expect(me.body.is_admin).toBe(true);

  // And taken back, after a confirmation.
  await account.getByRole('button', { name: 'Remove admin role' }).click();
  await page
    .getByRole('dialog', { name: 'Remove admin role?' })
    .getByRole('button', { name: 'Remove admin role' })
    .click();
  await expect(page.getByText(`Removed admin role: ${user.username}`)).toBeVisible();
  await expect(account.getByRole('button', { name: 'Make admin' })).toBeVisible();
  const demoted = await api<{ is_admin: boolean }>('/auth/me', { token: relogged.body.token! });
  expect(demoted.body.is_admin).toBe(false);

  // The admin's own account: the dangerous actions are off, with the reason.
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: /Search users/ }).fill(ADMIN.username);
  await page.getByRole('button', { name: `Manage ${ADMIN.username}` }).click();
  const own = page.getByRole('dialog', { name: 'Account' });
  await expect(own.getByRole('button', { name: 'Disable account' })).toBeDisabled();
  await expect(own.getByText('You cannot disable your own account.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The audit log lists each action, newest first, with who and from where.
  await openTab(page, 'Audit log');
  const rows = page.getByRole('row').filter({ hasText: user.username });
  await expect(rows.first()).toContainText('Removed admin role');
  await expect(rows.filter({ hasText: 'Granted admin role' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Enabled account' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Disabled account' })).toHaveCount(1);
  await expect(rows.first()).toContainText(`@${ADMIN.username}`);
  await expect(rows.first()).toContainText('127.0.0.1');
  await captureBothWidths(page, 'admin-audit', async () => {
    await expect(page.getByText('Removed admin role').first()).toBeVisible();
  });
});

test('an admin hides a reported public theme, which leaves the gallery', async ({ page }) => {
  const token = await adminToken();
  const { name, id: themeId, reporter } = await reportedTheme('Flashing colours');

  await signInAs(page, token, '/admin?tab=themes');
  const reports = page.getByRole('region', { name: 'Reports' });
  const card = reports.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('“Flashing colours”');
  await expect(card).toContainText(`@${reporter.user.username}`);
  await captureBothWidths(page, 'admin-themes', async () => {
    await expect(card).toBeVisible();
  });

  await card.getByRole('button', { name: 'Hide theme' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hide theme?' });
  await confirm.getByRole('textbox', { name: /Reason/ }).fill('Too bright for focus');
  await confirm.getByRole('button', { name: 'Hide theme' }).click();
  await expect(page.getByText(`Hid theme: ${name}`)).toBeVisible();
  // Acted on: it leaves the waiting reports, and the gallery shows it hidden with the reason.
  await expect(card).toHaveCount(0);
  const gallery = page.getByRole('region', { name: 'Public gallery' });
  const listed = gallery.getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('Hidden: Too bright for focus');
  await expect(listed.getByRole('button', { name: 'Restore' })).toBeVisible();

  const seen = await api<{ id: string }[]>('/themes/custom/public', { token: reporter.token });
  expect(seen.body.map((theme) => theme.id)).not.toContain(themeId);

  // Restored, it is back in everyone's gallery.
  await listed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Restored theme: ${name}`)).toBeVisible();
  await expect(listed.getByRole('button', { name: 'Hide' })).toBeVisible();
  const back = await api<{ id: string }[]>('/themes/custom/public', { token: reporter.token });
  expect(back.body.map((theme) => theme.id)).toContain(themeId);

  await openTab(page, 'Audit log');
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows.first()).toContainText('Restored theme');
  await expect(rows.nth(1)).toContainText('Hid theme');
});

test('an admin adds a standard theme, makes it the default, then deletes it', async ({ page }) => {
  const token = await adminToken();
  const name = `Dusk ${Date.now().toString(36)}`;
  await signInAs(page, token, '/admin?tab=themes');
  const standard = page.getByRole('region', { name: 'Standard themes' });
  await expect(standard.getByRole('button', { name: 'Edit Minimalist' })).toBeVisible();
  // The ten originals can be edited but never deleted.
  await expect(standard.getByRole('button', { name: 'Delete Forest' })).toHaveCount(0);

  await standard.getByRole('button', { name: 'New standard theme' }).click();
  const form = page.getByRole('dialog', { name: 'New standard theme' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Evening violet over the hills.');
  await form.getByRole('button', { name: 'Create theme' }).click();
  await expect(page.getByText(`Created standard theme: ${name}`)).toBeVisible();
  const row = standard.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Evening violet over the hills.');

  // Everyone now sees it among the standard themes; as the default, it cannot be deleted.
  await row.getByRole('button', { name: `Make ${name} the default` }).click();
  await expect(page.getByText(`Set default theme: ${name}`)).toBeVisible();
  await expect(row).toContainText('Default');
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  const listed = await api<{ name: string; is_default: boolean }[]>('/themes');
  expect(listed.body.find((theme) => theme.name === name)?.is_default).toBe(true);

  // Minimalist is the default again, and the added theme goes.
  await standard.getByRole('button', { name: 'Make Minimalist the default' }).click();
  await expect(page.getByText('Set default theme: Minimalist')).toBeVisible();
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete standard theme?' });
  await confirm.getByRole('button', { name: 'Delete theme' }).click();
  await expect(page.getByText(`Deleted standard theme: ${name}`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = await api<{ name: string }[]>('/themes');
  expect(after.body.map((theme) => theme.name)).not.toContain(name);

  await openTab(page, 'Audit log');
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Deleted standard theme');
});

test("an admin marks an unverified user's email verified from the account dialog; they can then log in", async ({
  page,
}) => {
  const token = await adminToken();
  const user = newUser('unverified');
  expect((await api('/auth/register', { method: 'POST', body: JSON.stringify(user) })).status).toBe(
    201,
  );
  expect((await login(user.username, user.password)).status).toBe(403);

  await signInAs(page, token, '/admin?tab=users');
  const account = await openAccount(page, user.username);
  const fact = account.locator('dt', { hasText: 'Email verified' }).locator('xpath=..');
  await expect(fact).toContainText('No');
  // Nothing is lost by verifying, so it happens at once, without a confirmation.
  await account.getByRole('button', { name: 'Mark email verified' }).click();
  await expect(page.getByText(`Marked email verified: ${user.username}`)).toBeVisible();
  await expect(fact).toContainText('Yes');
  await expect(account.getByRole('button', { name: 'Mark email verified' })).toHaveCount(0);
  expect((await login(user.username, user.password)).status).toBe(200);
});

test("an admin ends all of a user's sessions: their open page is signed out at once", async ({
  page,
  browser,
}) => {
  const token = await adminToken();
  const { user, token: theirToken } = await createVerifiedUser('ended');
  const theirs = await browser.newContext();
  try {
    const them = await theirs.newPage();
    await signInAs(them, theirToken, '/dashboard');
    await expect(them.getByRole('banner').getByRole('link', { name: 'Stats' })).toBeVisible();

    await signInAs(page, token, '/admin?tab=users');
    const account = await openAccount(page, user.username);
    await account.getByRole('button', { name: 'End all sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'End all sessions?' });
    await expect(confirm).toContainText(`Every device ${user.username} is signed in on`);
    await confirm.getByRole('button', { name: 'End all sessions' }).click();
    await expect(page.getByText(`Ended all sessions: ${user.username}`)).toBeVisible();
    expect((await api('/auth/me', { token: theirToken })).status).toBe(401);

    // Their open page hears it on the live channel (issue 33): the session's socket is closed
    // within a second, the page asks the API, meets the 401 and signs them out, untouched.
    await expect(them).toHaveURL(/\/login\?session_expired=true/);
    await expect(them.getByText(/session has expired/i)).toBeVisible();
    expect(await them.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // They can sign in again.
    expect((await login(user.username, user.password)).status).toBe(200);
  } finally {
    await theirs.close();
  }
});

test('an admin deletes a user only after typing the username; their login then fails', async ({
  page,
}) => {
  const token = await adminToken();
  const { user } = await createVerifiedUser('deleted');
  await signInAs(page, token, '/admin?tab=users');
  const account = await openAccount(page, user.username);
  await account.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account?' });
  await expect(confirm).toContainText('This cannot be undone.');
  const typed = confirm.getByRole('textbox', { name: /to confirm/ });
  const button = confirm.getByRole('button', { name: 'Delete account' });
  await expect(button).toBeDisabled();
  await captureBothWidths(page, 'admin-delete-confirm', async () => {
    await expect(typed).toBeVisible();
  });
  await typed.fill(`${user.username}x`);
  await expect(button).toBeDisabled();
  await typed.fill(user.username);
  await button.click();
  await expect(page.getByText(`Deleted account: ${user.username}`)).toBeVisible();
  await expect(account).toBeHidden();
  await expect(page.getByRole('button', { name: `Manage ${user.username}` })).toHaveCount(0);

  const refused = await login(user.username, user.password);
  expect(refused.status).toBe(401);
  expect(refused.body.token).toBeUndefined();
});

test('an admin dismisses a report: it leaves the waiting queue and the theme stays public', async ({
  page,
}) => {
  const token = await adminToken();
  const { name, id, reporter } = await reportedTheme('Not my taste');
  await signInAs(page, token, '/admin?tab=themes');
  const reports = page.getByRole('region', { name: 'Reports' });
  const card = reports.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('“Not my taste”');

  await card.getByRole('button', { name: 'Dismiss report' }).click();
  await expect(page.getByText(`Dismissed report: ${name}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  // Among all reports it is there, marked dismissed, with nothing left to dismiss.
  await reports.getByText('All reports').click();
  await expect(card).toContainText('Dismissed');
  await expect(card.getByRole('button', { name: 'Dismiss report' })).toHaveCount(0);
  const seen = await api<{ id: string }[]>('/themes/custom/public', { token: reporter.token });
  expect(seen.body.map((theme) => theme.id)).toContain(id);
});
