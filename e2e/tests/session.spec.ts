import { expect, test } from '../support/test.js';
import { createVerifiedUser, logoutToken, signInAs } from '../support/api.js';
import { screenshot } from '../support/screens.js';

test('a revoked session sends the person to the login page with a notice', async ({ page }) => {
  const { token } = await createVerifiedUser('expired');
  await signInAs(page, token, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  // Leave the app before revoking: otherwise the open dashboard's own background request meets
  // the 401 first, clears the token, and the next page load is simply signed out.
  await page.goto('about:blank');
  expect(await logoutToken(token)).toBe(204);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?session_expired=true/);
  await expect(page.getByText(/session has expired/i)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await screenshot(page, 'login-session-expired');
});

test('protected pages send a visitor to the login page and unknown paths go home', async ({
  page,
}) => {
  await page.goto('/stats');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});
