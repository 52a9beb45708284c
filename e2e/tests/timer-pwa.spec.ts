import { expect, test } from '../support/test.js';
import { screenshot } from '../support/screens.js';
import { expectTime, settleLazy, waitForServiceWorkerControl } from '../support/timer-page.js';

/*
 * product §1: an installable app whose timer page loads and works with the network off.
 * Real time and a real service worker here (no clock, service workers allowed).
 */
test.use({ serviceWorkers: 'allow' });

test('the manifest makes Focusroom installable', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Focusroom', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toBe('#4c1d95');
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
  }
});

test('the timer page works with the network off once the app has been opened', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expectTime(page, '25:00');
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expectTime(page, '25:00');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    // Lazy parts come from the cache too: the to-do list and the settings dialog.
    await settleLazy(page, page.getByRole('textbox', { name: 'New to-do' }));
    await page.getByRole('button', { name: 'Timer settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Timer settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    // The chime is cached: it rings offline.
    expect(
      await page.evaluate(async () => {
        const res = await fetch('/sounds/complete.wav');
        return { status: res.status, size: (await res.arrayBuffer()).byteLength };
      }),
    ).toMatchObject({ status: 200, size: expect.any(Number) });
    // Another route loads offline (its chunk is precached) instead of the browser's error page.
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // /api is never answered from the cache.
    const api = await page.evaluate(async () => {
      try {
        await fetch('/api/ready');
        return 'answered';
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});

test('a new version is offered, and Reload switches to it', async ({ page }) => {
  await page.goto('/');
  await expectTime(page, '25:00');
  await waitForServiceWorkerControl(page);
  await page.getByRole('button', { name: 'Start', exact: true }).click();

  // A deploy, as the browser sees it: the worker's script changes. Registering the same build
  // under another URL makes the browser install it beside the running one, where it waits.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?build=next', { scope: '/' });
  });
  const banner = page
    .getByRole('status')
    .filter({ hasText: 'A new version of Focusroom is ready.' });
  await expect(banner).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'update-banner-390');

  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload' }).click();
  // The page reloads under the new worker, and the running timer comes back with it.
  await reloaded;
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toContain('build=next');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  // No check that the banner stays away: the reloaded app registers /sw.js, which the browser
  // takes for yet another version beside /sw.js?build=next, so it may rightly offer it again.
  // A real deploy changes the bytes at the same URL. Faking that with context.route on /sw.js
  // and registration.update() offered nothing here, so the test uses a second URL instead.
});
