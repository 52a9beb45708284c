import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, newUser, signInAs } from '../support/api.js';
import { waitForMailLink } from '../support/mail.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/*
 * Changing the email never locks anyone out (decision 050): the new address waits for the link
 * mailed to it, the old one keeps signing in, and the old one can undo the change.
 */

async function askForNewEmail(page: Page, newEmail: string, password: string): Promise<void> {
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeVisible();
  await email.fill(newEmail);
  await page.getByLabel('Current password for email change').fill(password);
  await page.getByRole('button', { name: 'Save changes' }).click();
}

async function logIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a new email waits for its mailed link, the old one signs in meanwhile, and the link makes the switch', async ({
  page,
}) => {
  const { user, token } = await createVerifiedUser('mover');
  const newEmail = newUser('arrived').email;
  await signInAs(page, token, '/profile');

  await test.step('ask for the new address', async () => {
    await askForNewEmail(page, newEmail, user.password);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Waiting for your new email address' });
    await expect(notice).toContainText(newEmail);
    await expect(notice).toContainText(user.email);
    // The field shows the address that still signs in.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'profile-email-pending');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'profile-email-pending-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the old address still signs in; the new one does not yet', async () => {
    const signIn = (login: string) =>
      page.request.post('/api/auth/login', { data: { login, password: user.password } });
    expect((await signIn(newEmail)).status()).toBe(401);
    expect((await signIn(user.email)).status()).toBe(200);
  });

  await test.step('open the link mailed to the new address', async () => {
    const link = await waitForMailLink(newEmail, '/confirm-email/');
    await page.goto(new URL(link).pathname);
    await expect(
      page.getByText('Your new email address is confirmed. Use it to sign in from now on.'),
    ).toBeVisible();
    await screenshot(page, 'confirm-email-success');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
    await expect(page.getByText('Waiting for your new email address')).toHaveCount(0);
  });

  await test.step('the new address signs in', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await logIn(page, newEmail, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('the old address undoes a change it did not ask for, which signs out every device', async ({
  page,
  browser,
}) => {
  const { user, token } = await createVerifiedUser('victim');
  const intruder = newUser('intruder').email;
  await signInAs(page, token, '/profile');
  await askForNewEmail(page, intruder, user.password);
  await expect(page.getByText('Waiting for your new email address')).toBeVisible();

  // The owner reads the notice in another browser and undoes the change.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const link = await waitForMailLink(user.email, '/undo-email-change/');
  await ownerPage.goto(new URL(link).pathname);
  await expect(ownerPage.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await screenshot(ownerPage, 'undo-email-change-phone');
  await expectNoAxeViolations(ownerPage);
  await ownerPage.getByRole('button', { name: 'Undo the change' }).click();
  await expect(ownerPage.getByText(/The email change is undone/)).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
  await screenshot(ownerPage, 'undo-email-change-done-phone');
  await owner.close();

  // The session that asked for the change has ended.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  // The confirmation link mailed to the other address no longer works.
  const confirm = await waitForMailLink(intruder, '/confirm-email/');
  await page.goto(new URL(confirm).pathname);
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
