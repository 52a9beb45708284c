import { expect, test } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

const publicPages = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/some-token',
  '/verify-email/some-token',
  '/resend-verification',
  '/about',
  '/privacy',
  '/terms',
];

for (const path of publicPages) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await screenshot(page, `page${path.replace(/\//g, '_') || '_home'}`);
  });
}

// One test per page: seven page loads with axe in one test outlasted its time on a loaded machine.
for (const path of [
  '/dashboard',
  '/profile',
  '/help',
  '/stats',
  '/themes',
  '/playlists',
  '/admin',
]) {
  test(`signed in, ${path} has no axe violations`, async ({ page }) => {
    const { token } = await createVerifiedUser('axe');
    await signInAs(page, token, path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await screenshot(page, `signed-in${path.replace(/\//g, '_')}`);
  });
}
