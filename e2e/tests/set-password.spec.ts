import { expect, test } from '../support/test.js';
import { waitForMailLink } from '../support/mail.js';
import { OIDC_BUTTON, newOidcPerson, signInAtProviderAs } from '../support/oauth.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/*
 * An account made through a provider has no password (decision 020): its profile offers "Set a
 * password", which mails the reset link, instead of "Change password" asking for a current one
 * (decision 026). Real browser, server and local OpenID Connect provider.
 */

// The provider's scripted person is one setting for the whole server: one test at a time.
test.describe.configure({ mode: 'serial' });

const FORGOT_SENT = 'If an account with that email exists, a password reset link is on its way.';

test('an account made through the provider sets its first password from the profile', async ({
  page,
}) => {
  const person = newOidcPerson('setpw');
  await signInAtProviderAs(person);
  await page.goto('/register');
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const section = page.getByRole('form', { name: 'Set a password' });
  await test.step('the profile offers to set a password, not to change one', async () => {
    await page.goto('/profile');
    await expect(section).toBeVisible();
    await expect(section.getByText(person.email)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Change password' })).toHaveCount(0);
    await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
  });

  const before = Date.now();
  await test.step('the link is mailed, said in the server’s words; screenshots', async () => {
    await section.getByRole('button', { name: 'Email me a link' }).click();
    await expect(section.getByRole('status')).toHaveText(FORGOT_SENT);
    await expect(section.getByRole('button', { name: 'Send another link' })).toBeVisible();
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await section.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `set-password-profile-${width}`);
    }
    await expectNoAxeViolations(page);
  });

  const password = 'first-password-of-sso-47';
  await test.step('the mailed link sets the password; the account signs in with it', async () => {
    const link = await waitForMailLink(person.email, '/reset-password/', { after: before - 1000 });
    await page.goto(new URL(link).pathname);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: /reset password/i }).click();
    await expect(page.getByText(/password has been reset/i)).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email or username').fill(person.preferred_username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  await test.step('now the profile changes the password like any other', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
    await expect(section).toHaveCount(0);
  });
});
