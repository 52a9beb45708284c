import { expect, test, type Page } from '../support/test.js';
import { E2E_BASE_URL } from '../support/env.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import {
  GITHUB_BUTTON,
  OIDC_BUTTON,
  OIDC_ISSUER_URL,
  denyAtProvider,
  newOidcPerson,
  signInAtProviderAs,
  type OidcPerson,
} from '../support/oauth.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/*
 * External sign-in (decisions 020-022) through a real browser, the real server and a real OpenID Connect
 * provider (oidc-provider) on this machine, plus the GitHub fake. The provider signs the
 * scripted person in without a page of its own, so every flow is: our button, the provider's
 * redirects, our callback, the one-time code exchanged by the page.
 */

// The provider's scripted person is one setting for the whole server: one test at a time.
test.describe.configure({ mode: 'serial' });

const LAST_WAY_MESSAGE =
  'This is your only way to sign in. Set a password first (in "Set a password" on your profile), then disconnect it.';

const NOT_VALID_MESSAGE = 'This sign-in attempt is not valid or has expired. Please start again.';

async function signInWithProvider(page: Page, from: '/login' | '/register', button = OIDC_BUTTON) {
  await page.goto(from);
  await page.getByRole('button', { name: button }).click();
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

const banner = (page: Page) => page.getByRole('banner');

test('signs up with the provider, then signs in again to the same account', async ({ page }) => {
  const person = newOidcPerson('signup');
  await signInAtProviderAs(person);

  await test.step('sign up from /register', async () => {
    await signInWithProvider(page, '/register');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner(page).getByText(person.preferred_username)).toBeVisible();
    // The provider vouched for the email: no request to verify it.
    await expect(page.getByText('Please verify your email address')).toHaveCount(0);
    // The session token never travelled in an address.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
  });

  await test.step('sign in again from /login', async () => {
    await logOut(page);
    await page.getByRole('button', { name: OIDC_BUTTON }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The same account, not a second one with a numbered name.
    await expect(banner(page).getByText(person.preferred_username, { exact: true })).toBeVisible();
  });
});

test("a visitor who signs up with the provider finds the browser's to-dos in the new account, unasked", async ({
  page,
}) => {
  const person = newOidcPerson('carry');
  await signInAtProviderAs(person);
  await page.goto('/');
  const draft = page.getByRole('textbox', { name: 'New to-do' });
  await draft.fill('Visitor errand');
  await draft.press('Enter');
  const todos = page.getByRole('list', { name: 'To-dos' }).locator('.fr-todo-text');
  await expect(todos).toHaveText(['Visitor errand']);

  await signInWithProvider(page, '/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new account: the set-up comes along without the question an existing account gets.
  await expect(todos).toHaveText(['Visitor errand']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E_BASE_URL}/api/pomodoro/todos`, {
        headers: { authorization: `Bearer ${token ?? ''}` },
      });
      return ((await res.json()) as { text: string }[]).map((todo) => todo.text);
    })
    .toEqual(['Visitor errand']);
});

test('goes back to the page asked for after signing in', async ({ page }) => {
  await signInAtProviderAs(newOidcPerson('next'));
  await page.goto('/stats');
  await expect(page).toHaveURL(/\/login\?next=%2Fstats$/);
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(/\/stats$/);
});

test('signs up with GitHub through its OAuth web flow and API', async ({ page }) => {
  await signInWithProvider(page, '/login', GITHUB_BUTTON);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner(page).getByText('octo-focus')).toBeVisible();
});

test('denied consent comes back as a readable message on the login page', async ({ page }) => {
  await denyAtProvider();
  try {
    await signInWithProvider(page, '/login');
    await expect(page.getByText('Sign-in was cancelled or access was not granted.')).toBeVisible();
    // Said once: the code leaves the address.
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await signInAtProviderAs(newOidcPerson('after-deny'));
  }
});

test('a callback whose state was changed on the way back fails readably and signs nobody in', async ({
  page,
}) => {
  await signInAtProviderAs(newOidcPerson('state'));
  const forged: string[] = [];
  let forge = true;
  // The provider's redirect back to our callback arrives with another state than the one this
  // browser's flow cookie holds. The requests a redirect leads to are not routed, so the
  // provider's hops are followed here (with the browser's cookies) up to the one that points
  // back to us, and the browser is sent there with the state changed.
  await page.route(`${OIDC_ISSUER_URL}/auth?**`, async (route) => {
    let url = route.request().url();
    let response = await route.fetch({ maxRedirects: 0 });
    for (let hop = 0; hop < 10; hop++) {
      const location = response.headers()['location'];
      if (!location) break;
      url = new URL(location, url).href;
      if (url.includes('/api/auth/oauth/oidc/callback?')) {
        const back = new URL(url);
        expect(back.searchParams.get('state')).toBeTruthy();
        if (forge) {
          back.searchParams.set('state', 'a-state-this-browser-never-made-0123456789');
          forged.push(back.href);
        }
        await route.fulfill({ status: 302, headers: { location: back.href } });
        return;
      }
      response = await page.context().request.get(url, { maxRedirects: 0 });
    }
    await route.fulfill({ response });
  });
  await signInWithProvider(page, '/login');
  await expect(page.getByText(NOT_VALID_MESSAGE)).toBeVisible();
  expect(forged).toHaveLength(1);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The same way back with the state untouched signs in: only the state made the difference.
  forge = false;
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(forged).toHaveLength(1);
});

test('an ID token issued for another nonce fails readably and signs nobody in', async ({
  page,
}) => {
  await signInAtProviderAs(newOidcPerson('nonce'));
  const forged: string[] = [];
  // The address of the provider's authorization page carries a nonce this browser never made,
  // so the provider's ID token names that one.
  await page.route(`${OIDC_ISSUER_URL}/auth?**`, async (route) => {
    const url = new URL(route.request().url());
    expect(url.searchParams.get('nonce')).toBeTruthy();
    url.searchParams.set('nonce', 'a-nonce-this-browser-never-made-0123456789');
    forged.push(url.href);
    await route.continue({ url: url.href });
  });
  await signInWithProvider(page, '/login');
  await expect(page.getByText(NOT_VALID_MESSAGE)).toBeVisible();
  expect(forged).toHaveLength(1);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a replayed callback code fails readably and signs nobody in', async ({ page }) => {
  await signInAtProviderAs(newOidcPerson('replay'));
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/oauth-callback?code=')) callbacks.push(request.url());
  });
  await signInWithProvider(page, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(callbacks).toHaveLength(1);
  // Only a one-time code was in the address, never the session token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(callbacks[0]).not.toContain(token!);

  await logOut(page);
  await page.goto(callbacks[0]!);
  await expect(
    page.getByText('This sign-in code is invalid or has expired. Please sign in again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an email that already has an account is not taken over by the provider', async ({ page }) => {
  const { user } = await createVerifiedUser('owner');
  await signInAtProviderAs(newOidcPerson('taker', { email: user.email }));
  await signInWithProvider(page, '/login');
  await expect(
    page.getByText(
      'An account with this email already exists. Sign in with your password first, then connect this provider from your profile.',
    ),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('connects the provider from the profile after a password sign-in, then signs in with it', async ({
  page,
}) => {
  const { user, token } = await createVerifiedUser('linker');
  const person: OidcPerson = newOidcPerson('linked', { email: user.email });
  await signInAtProviderAs(person);
  await signInAs(page, token, '/profile');

  const section = page.getByRole('region', { name: 'Connected accounts' });
  const row = section.getByRole('listitem').filter({ hasText: 'Single sign-on' });
  await expect(row.getByText('Not connected')).toBeVisible();
  await row.getByRole('button', { name: 'Connect Single sign-on' }).click();

  await expect(page.getByText('Single sign-on is now connected.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(row.getByText(person.email)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'external-sign-in-profile-connected-1280');

  // Logging out of /profile and signing in with the provider returns there, as the same account.
  await logOut(page);
  await page.getByRole('button', { name: OIDC_BUTTON }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(banner(page).getByText(user.username, { exact: true })).toBeVisible();

  await test.step('with a password left, disconnecting is allowed', async () => {
    await row.getByRole('button', { name: 'Disconnect Single sign-on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Single sign-on?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Not connected')).toBeVisible();
  });
});

test('a provider account already connected elsewhere cannot be connected again', async ({
  page,
}) => {
  const person = newOidcPerson('taken');
  await signInAtProviderAs(person);
  await signInWithProvider(page, '/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);

  const { token } = await createVerifiedUser('second');
  await signInAs(page, token, '/profile');
  const row = page
    .getByRole('region', { name: 'Connected accounts' })
    .getByRole('listitem')
    .filter({ hasText: 'Single sign-on' });
  await row.getByRole('button', { name: 'Connect Single sign-on' }).click();
  await expect(
    page.getByText('This account is already connected to a different Focusroom account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(row.getByText('Not connected')).toBeVisible();
});

test('the only way to sign in cannot be disconnected', async ({ page }) => {
  const person = newOidcPerson('only');
  await signInAtProviderAs(person);
  await signInWithProvider(page, '/register');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  const row = page
    .getByRole('region', { name: 'Connected accounts' })
    .getByRole('listitem')
    .filter({ hasText: 'Single sign-on' });
  await expect(row.getByText(person.email)).toBeVisible();
  await row.getByRole('button', { name: 'Disconnect Single sign-on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Single sign-on?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dialog.getByText(LAST_WAY_MESSAGE)).toBeVisible();
  const setPasswordLink = dialog.getByRole('link', { name: 'Set a password' });
  await expect(setPasswordLink).toHaveAttribute('href', '/profile#set-password');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'external-sign-in-profile-last-way-390');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText(person.email)).toBeVisible();
  await screenshot(page, 'external-sign-in-profile-connected-390');

  // The link leads to the profile's own "Set a password" section: the dialog closes, the
  // section's heading is in view and has the focus.
  await row.getByRole('button', { name: 'Disconnect Single sign-on' }).click();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await setPasswordLink.click();
  await expect(dialog).toBeHidden();
  const heading = page.getByRole('heading', { name: 'Set a password' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(/\/profile#set-password$/);
});

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`the login page offers the providers, readable at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: OIDC_BUTTON })).toBeVisible();
    await expect(page.getByRole('button', { name: GITHUB_BUTTON })).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // No button cuts its words off.
    for (const button of await page.getByRole('button', { name: /^Continue with/ }).all()) {
      const clipped = await button.evaluate((element) => {
        const label = element.querySelector('.mantine-Button-label') ?? element;
        return label.scrollWidth > label.clientWidth;
      });
      expect(clipped).toBe(false);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, `external-sign-in-login-${width}`);
  });
}
