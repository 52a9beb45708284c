import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, newUser } from '../support/api.js';
import { waitForMailLink } from '../support/mail.js';
import { screenshot } from '../support/screens.js';
import { settleLazy } from '../support/timer-page.js';

test('a person registers, verifies by mail, logs in by username, edits the profile, logs out and resets the password', async ({
  page,
}) => {
  const user = newUser('journey');

  await test.step('register', async () => {
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(`${user.password}x`);
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill(user.password);
    await screenshot(page, 'register');
    await page.getByRole('button', { name: /create account/i }).click();
    // Signed in at once: on to the dashboard, where the app's banner asks to verify.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Please verify your email address')).toBeVisible();
  });

  await test.step('open the mailed verification link', async () => {
    const link = await waitForMailLink(user.email, '/verify-email/');
    await page.goto(new URL(link).pathname);
    await expect(page.getByText('Your email has been verified successfully!')).toBeVisible();
    await screenshot(page, 'verify-email-success');
    await page
      .getByRole('button', { name: 'Go to Login' })
      .or(page.getByRole('link', { name: 'Go to Login' }))
      .click();
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('log in by username in another case', async () => {
    // Registration signed the browser in; the login page must still work for a fresh sign-in.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(user.username.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await screenshot(page, 'login');
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('banner').getByText(user.username)).toBeVisible();
  });

  await test.step('edit the profile and the avatar', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile/);
    await page.getByLabel('Name', { exact: true }).fill('Ada Focus');
    await page.getByLabel('Bio').fill('Deep work every morning.');
    await page.getByRole('button', { name: 'Icon headphones' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada Focus');
    await expect(page.getByLabel('Bio')).toHaveValue('Deep work every morning.');
    await expect(page.getByRole('button', { name: 'Icon headphones' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screenshot(page, 'profile');
  });

  await test.step('log out', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('lastUserId'))).not.toBeNull();
  });

  const newPassword = `${user.password}-renewed`;
  await test.step('ask for a reset and set a new password from the mailed link', async () => {
    const before = Date.now();
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: /send reset link/i }).click();
    await expect(page.getByText(/if an account exists/i)).toBeVisible();
    await screenshot(page, 'forgot-password');
    const link = await waitForMailLink(user.email, '/reset-password/', { after: before - 1000 });
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await screenshot(page, 'reset-password');
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect(page.getByText(/password has been reset/i)).toBeVisible();
  });

  await test.step('the old password fails and the new one works', async () => {
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect(page.getByRole('alert').filter({ hasText: /invalid/i })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });
});

test('the login page checks for both fields and offers a resend link to an unverified account', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await expect(page.getByText('Email/username and password are required')).toBeVisible();

  const user = newUser('unverified');
  const res = await page.request.post('/api/auth/register', { data: user });
  expect(res.status()).toBe(201);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  const resend = page.getByRole('link', { name: /resend/i });
  await expect(resend).toBeVisible();
  await resend.click();
  await expect(page).toHaveURL(/\/resend-verification\?email=/);
  await expect(page.getByLabel(/email/i)).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByText(/24 hours/)).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Resend Again' })
      .or(page.getByRole('link', { name: 'Resend Again' })),
  ).toBeVisible();
  await screenshot(page, 'resend-verification-sent');
});

test('the verification page explains a bad link and offers a resend form', async ({ page }) => {
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Back to Login' })
      .or(page.getByRole('link', { name: 'Back to Login' })),
  ).toBeVisible();
  await screenshot(page, 'verify-email-failure');
});

test('signing up from a login that asked for /stats lands on /stats, and the page asked for survives the way back to login', async ({
  page,
}) => {
  const user = newUser('returning');
  await page.goto('/stats');
  await expect(page).toHaveURL(/\/login\?next=%2Fstats$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fstats$/);
  // The reverse link keeps it too.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fstats$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/stats$/);
  await expect(page.getByRole('heading', { name: /statistics/i }).first()).toBeVisible();
});

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
