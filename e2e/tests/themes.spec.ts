import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL, E2E_DIR } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/** The ten standard themes (product §3), by name and fixed id. */
const STANDARD = {
  Abstract: 'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933',
  Cityscape: 'fd8b7d61-fec0-48e6-a2da-52a1b5c9887c',
  'Classic Light': '550e8400-e29b-41d4-a716-446655440000',
  Forest: 'a3e0f1d8-5c22-4b23-9c5a-b1d1c1a9b7a2',
  Minimalist: 'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0',
  'Sunset Orange': 'b5f87e7c-f98a-4a5e-8f8a-7e5b8be2b35d',
  'Ocean Blue': 'f48a7dc2-3b8a-49e7-b8c8-6a32d1e0c1b9',
  'Mountain Peaks': 'c9d5a8f1-2b7c-4e9c-b1a3-9e5c8d7f6a2e',
  'Northern Lights': 'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f',
  'Dark Elegance': 'e2d3c4b5-a6b7-c8d9-e0f1-a2b3c4d5e6f7',
} as const;

const PNG = path.join(E2E_DIR, '..', 'apps', 'web', 'public', 'icons', 'icon-192.png');

/** The background layer on screen (the newest), and its state once settled. */
const layer = (page: Page) => page.locator('#fr-theme-bg .fr-theme-layer').last();

async function expectBackground(page: Page, themeId: string, state: 'image' | 'gradient') {
  await expect(layer(page)).toHaveAttribute('data-theme-id', themeId);
  await expect(layer(page)).toHaveAttribute('data-state', state);
  // The cross-fade is over: one layer left.
  await expect(page.locator('#fr-theme-bg .fr-theme-layer')).toHaveCount(1, { timeout: 5000 });
}

async function api<T>(
  pathname: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${E2E_BASE_URL}/api${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

test('a visitor picks a standard theme under the timer; a reload keeps it with no flash', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('timer')).toBeVisible();
  // Nothing stored: the default chain picks Minimalist (is_default) once the list arrives.
  await expectBackground(page, STANDARD.Minimalist, 'image');

  await page.getByRole('button', { name: 'Change background' }).click();
  const swatch = page.getByRole('button', { name: 'Northern Lights' });
  await swatch.click();
  await expect(swatch).toHaveAttribute('aria-pressed', 'true');
  // The new layer fades in over the old one for 1 s.
  const fading = page.locator(
    `#fr-theme-bg .fr-theme-layer[data-theme-id="${STANDARD['Northern Lights']}"]`,
  );
  await expect(fading).toHaveCSS('transition-duration', '1s');
  await expectBackground(page, STANDARD['Northern Lights'], 'image');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(
    STANDARD['Northern Lights'],
  );

  // Every layer the page ever adds is recorded from the first script on: a flash of another
  // background would show up as a second id.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __layers: string[] }).__layers = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('fr-theme-layer')) {
            seen.push(node.dataset.themeId ?? '');
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('timer')).toBeVisible();
  await expectBackground(page, STANDARD['Northern Lights'], 'image');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __layers: string[] }).__layers)).toEqual(
    [STANDARD['Northern Lights']],
  );
});

test('a signed-in user applies a standard theme on /themes and it is saved as the preference', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('theme');
  await signInAs(page, token, '/themes');
  await expect(page.getByRole('heading', { level: 1, name: 'Themes' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply Dark Elegance' }).click();
  await expect(page.getByRole('button', { name: 'Applied Dark Elegance' })).toBeDisabled();
  await expectBackground(page, STANDARD['Dark Elegance'], 'image');
  await expect
    .poll(async () => (await api<{ id: string }>('/themes/user', token)).body.id)
    .toBe(STANDARD['Dark Elegance']);
  await expectNoAxeViolations(page);
});

// Two tests rather than one: three accounts' pages, three axe runs and an upload re-encoded by
// the server outlasted the time limit of one test on a loaded CI machine.
test('a theme created with an uploaded image and made public is stored as WebP and applied', async ({
  page,
}) => {
  const owner = await createVerifiedUser('maker');
  const name = `Harbour ${Date.now().toString(36)}`;
  await signInAs(page, owner.token, '/themes');
  await page.getByRole('button', { name: 'Create theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a theme' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('A quiet harbour at night');
  await dialog.getByLabel('Upload an image').setInputFiles(PNG);
  await expect(dialog.getByText('icon-192.png')).toBeVisible();
  await expect(dialog.getByTestId('theme-preview')).toHaveAttribute('data-state', 'image');
  await dialog.getByRole('switch', { name: 'Share in the public gallery' }).check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'themes-editor');
  await dialog.getByRole('button', { name: 'Create theme' }).click();
  await expect(page.getByText('Custom theme created!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mine = page.getByRole('region', { name: 'My themes' });
  await expect(mine.getByRole('article', { name })).toBeVisible();
  // The new theme is applied, its upload stored by the server as WebP, and it is public.
  await expect(layer(page)).toHaveAttribute('data-state', 'image');
  const created = (
    await api<Array<{ name: string; image_url: string; is_public: boolean }>>(
      '/themes/custom/user',
      owner.token,
    )
  ).body;
  expect(created[0]).toMatchObject({ name, is_public: true });
  expect(created[0]?.image_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
  await screenshot(page, 'themes-page-owner');
});

test('a public theme shows in a second account’s gallery, which reports it; its owner deletes it', async ({
  browser,
}) => {
  const owner = await createVerifiedUser('maker');
  const name = `Lighthouse ${Date.now().toString(36)}`;
  const png = (await readFile(PNG)).toString('base64');
  const created = await api<{ id: string; image_url: string }>('/themes/custom', owner.token, {
    method: 'POST',
    body: JSON.stringify({
      name,
      description: 'A lighthouse over a calm sea',
      background_color: '#0b1020',
      text_color: '#f8fafc',
      primary_color: '#7c3aed',
      secondary_color: '#a78bfa',
      accent_color: '#60a5fa',
      is_dark: true,
      is_public: true,
      image_url: `data:image/png;base64,${png}`,
    }),
  });
  expect(created.status).toBe(201);
  expect(created.body.image_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

  const viewer = await createVerifiedUser('viewer');
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, viewer.token, '/themes');
  const gallery = page.getByRole('region', { name: 'Public gallery' });
  const card = gallery.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`by @${owner.user.username}`)).toBeVisible();
  await card.getByRole('button', { name: `Report ${name}` }).click();
  const report = page.getByRole('dialog', { name: 'Report theme' });
  await report.getByLabel('Reason').fill('Testing the report flow');
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Thank you. The theme has been reported for review.')).toBeVisible();
  await expect(report).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshot(page, 'themes-page-gallery');
  // On a phone: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await screenshot(page, 'themes-page-390');
  await page.getByRole('button', { name: 'Create theme' }).click();
  const editor = page.getByRole('dialog', { name: 'Create a theme' });
  await expect(editor.getByTestId('theme-preview')).toBeVisible();
  await screenshot(page, 'themes-editor-390');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await page.close();

  // The owner deletes it, after confirming.
  const again = await (await browser.newContext()).newPage();
  await signInAs(again, owner.token, '/themes');
  await again
    .getByRole('region', { name: 'My themes' })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await again
    .getByRole('dialog', { name: 'Delete theme' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(again.getByText('Custom theme deleted')).toBeVisible();
  await expect(
    again.getByRole('region', { name: 'My themes' }).getByRole('article', { name }),
  ).toHaveCount(0);
});

test('a theme whose image fails falls back to the purple-to-blue gradient', async ({ page }) => {
  const { token } = await createVerifiedUser('broken');
  const created = await api<{ id: string }>('/themes/custom', token, {
    method: 'POST',
    body: JSON.stringify({
      name: 'Broken picture',
      background_color: '#101010',
      text_color: '#ffffff',
      primary_color: '#7c3aed',
      secondary_color: '#a78bfa',
      accent_color: '#60a5fa',
      image_url: 'https://127.0.0.1:9/missing.png',
    }),
  });
  expect(created.status).toBe(201);
  await signInAs(page, token, '/themes');
  await page.getByRole('button', { name: 'Apply Broken picture' }).click();
  await expectBackground(page, created.body.id, 'gradient');
  await expect(layer(page)).toHaveCSS('background-image', /linear-gradient/);
});

// One test per theme and width: twenty page loads and ten axe runs in one test outlast its time
// on a loaded machine.
for (const width of [1280, 390]) {
  for (const [name, id] of Object.entries(STANDARD)) {
    test(`the timer page over ${name} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.goto('/');
      await page.evaluate(
        async ([themeId]) => {
          const themes = (await (await fetch('/api/themes')).json()) as Array<{ id: string }>;
          const theme = themes.find((t) => t.id === themeId);
          localStorage.setItem('theme', themeId!);
          localStorage.setItem('selectedTheme', JSON.stringify(theme));
        },
        [id],
      );
      await page.reload();
      await expectBackground(page, id, 'image');
      await expect(page.getByRole('timer')).toBeVisible();
      await page.screenshot({
        path: path.join(
          E2E_DIR,
          '.artifacts',
          'screenshots',
          `theme-${width}-${name.toLowerCase().replace(/ /g, '-')}.png`,
        ),
      });
      if (width === 1280) await expectNoAxeViolations(page);
    });
  }
}
