import { expect, test } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { screenshot } from '../support/screens.js';

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer offers Home, About, Login and Register to a visitor', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const drawer = page.getByRole('dialog');
    for (const name of ['Home', 'About', 'Login', 'Register']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await screenshot(page, 'drawer-visitor-390');
  });

  test('the drawer shows @username and every signed-in item, and Logout goes to /login', async ({
    page,
  }) => {
    const { user, token } = await createVerifiedUser('drawer');
    await signInAs(page, token, '/dashboard');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(`@${user.username}`)).toBeVisible();
    for (const name of ['Home', 'About', 'Profile', 'Dashboard', 'Stats', 'Playlists', 'Themes']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await screenshot(page, 'drawer-signed-in-390');
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('the top bar shows the signed-in items and the avatar with the username', async ({ page }) => {
  const { user, token } = await createVerifiedUser('topbar');
  await signInAs(page, token, '/dashboard');
  const bar = page.getByRole('banner');
  for (const name of [
    'Focusroom',
    'About',
    'Profile',
    'Dashboard',
    'Stats',
    'Playlists',
    'Themes',
  ]) {
    await expect(bar.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(bar.getByText(user.username)).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
  await screenshot(page, 'dashboard-desktop');
});

test('before the app has run, the page already shows the bar on the dark theme', async ({
  browser,
}) => {
  // No JavaScript: what a slow phone paints while the app's scripts are still on the way.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('.fr-boot-bar')).toHaveText('Focusroom');
    await expect(page.locator('.fr-boot-bar img')).toHaveJSProperty('complete', true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 13, 28)');
  } finally {
    await context.close();
  }
});
