import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { adminToken, createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL, E2E_DIR, SCREENSHOT_DIR } from '../support/env.js';
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
  // On a phone: nothing wider than the screen, the reported card and the editor in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await viewportShot(page, 'themes-gallery-390-reported-card');
  await page.getByRole('button', { name: 'Create theme' }).click();
  const editor = page.getByRole('dialog', { name: 'Create a theme' });
  await expect(editor.getByTestId('theme-preview')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await viewportShot(page, 'themes-editor-390-new');
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

// ---- /themes part by part at phone and desktop width, and the owner's view of moderation ----

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const COLOURS = {
  background_color: '#0b1020',
  text_color: '#f8fafc',
  primary_color: '#7c3aed',
  secondary_color: '#a78bfa',
  accent_color: '#60a5fa',
};

/** Creates a custom theme through the API and returns its id. */
async function createTheme(token: string, fields: Record<string, unknown>): Promise<string> {
  const res = await api<{ id: string }>('/themes/custom', token, {
    method: 'POST',
    body: JSON.stringify({ ...COLOURS, ...fields }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Saves what the screen shows now (not the whole page), for people to look at. */
async function viewportShot(page: Page, name: string): Promise<void> {
  // Pictures on screen have loaded (or failed and show the gradient).
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const box = img.getBoundingClientRect();
      const onScreen = box.bottom > 0 && box.top < window.innerHeight;
      return !onScreen || img.complete;
    }),
  );
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Nothing wider than the screen: neither the page nor an open dialog scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const doc = document.scrollingElement!;
        const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
        return Math.max(
          doc.scrollWidth - window.innerWidth,
          ...dialogs.map((dialog) => dialog.scrollWidth - dialog.clientWidth),
        );
      }),
    )
    .toBeLessThanOrEqual(0);
}

/**
 * Every control on the page or its open dialog is at least 44 px tall on a phone (a control
 * inside a label, like a switch, is pressed anywhere on that label: the label is measured).
 */
async function expectTouchTargets(page: Page, scope: string): Promise<void> {
  const small = await page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    return [
      ...root.querySelectorAll<HTMLElement>('button, a[href], input, textarea, [role="switch"]'),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          box.width > 0 &&
          style.visibility !== 'hidden' &&
          (el as HTMLInputElement).type !== 'hidden'
        );
      })
      .map((el) => ({
        what: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
        height: Math.round((el.closest('label') ?? el).getBoundingClientRect().height),
      }))
      .filter((target) => target.height < 44);
  }, scope);
  expect(small).toEqual([]);
}

/** Scrolls from top to bottom one screen at a time, saving each screen and checking its width. */
async function scrollThrough(page: Page, name: string): Promise<void> {
  const { total, height } = await page.evaluate(() => ({
    total: document.scrollingElement!.scrollHeight,
    height: window.innerHeight,
  }));
  // A little overlap, so a card cut at the bottom of one screen is whole on the next.
  const step = height - 120;
  for (let y = 0, index = 1; y < total; y += step, index += 1) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${name}-${String(index).padStart(2, '0')}`);
    if (y + height >= total) break;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

test('a theme a moderator hid says so on its owner’s card, with the reason; restoring clears it', async ({
  page,
}) => {
  const owner = await createVerifiedUser('hidden');
  const name = `Neon stripes ${Date.now().toString(36)}`;
  const id = await createTheme(owner.token, { name, is_public: true });
  const admin = await adminToken();
  const hidden = await api(`/admin/themes/${id}/hide`, admin, {
    method: 'POST',
    body: JSON.stringify({ reason: 'Flashing stripes are hard on the eyes' }),
  });
  expect(hidden.status).toBe(200);

  await signInAs(page, owner.token, '/themes');
  const card = page.getByRole('region', { name: 'My themes' }).getByRole('article', { name });
  const note = card.getByRole('note', { name: 'Hidden from the gallery' });
  await expect(note).toBeVisible();
  await expect(note).toContainText('Moderator’s reason: Flashing stripes are hard on the eyes');
  await expect(note).toContainText('It is still yours to use and change.');
  await expect(card.getByText('Public', { exact: true })).toHaveCount(0);
  // Not in the gallery, even for its owner; still theirs to apply.
  await expect(
    page.getByRole('region', { name: 'Public gallery' }).getByRole('article', { name }),
  ).toHaveCount(0);
  await card.getByRole('button', { name: `Apply ${name}` }).click();
  await expect(card.getByRole('button', { name: `Applied ${name}` })).toBeDisabled();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `themes-hidden-card-${viewport.width}`);
  }
  await expectNoAxeViolations(page);

  const restored = await api(`/admin/themes/${id}/restore`, admin, { method: 'POST' });
  expect(restored.status).toBe(200);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Public gallery' }).getByRole('article', { name }),
  ).toBeVisible();
  await expect(card.getByText('Public', { exact: true })).toBeVisible();
  await expect(card.getByRole('note')).toHaveCount(0);
});

for (const viewport of VIEWPORTS) {
  test(`the themes page part by part at ${viewport.width} px: lists, editor, dialogs, messages`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const owner = await createVerifiedUser('review');
    const other = await createVerifiedUser('gallery');
    const png = `data:image/png;base64,${(await readFile(PNG)).toString('base64')}`;
    const stamp = Date.now().toString(36);
    const longName = `A very long theme name that keeps on going ${stamp}`.slice(0, 60);
    await createTheme(other.token, {
      name: `Harbour lights ${stamp}`,
      description: 'Boats at rest under a violet sky, for long evening sessions.',
      is_public: true,
      image_url: png,
    });
    await createTheme(other.token, { name: `Plain violet ${stamp}`, is_public: true });
    await createTheme(other.token, {
      name: longName,
      description:
        'A description long enough to need two lines on a phone and then some more words, ' +
        'so that the card has to cut it off neatly instead of growing without end.',
      is_public: true,
    });
    await createTheme(owner.token, {
      name: `My desk ${stamp}`,
      description: 'Grey and calm',
      is_public: true,
      image_url: png,
    });
    await createTheme(owner.token, {
      name: `Broken picture ${stamp}`,
      image_url: 'https://127.0.0.1:9/x.png',
    });

    await page.setViewportSize(viewport);
    await signInAs(page, owner.token, '/themes');
    await expect(page.getByRole('heading', { level: 1, name: 'Themes' })).toBeVisible();
    const gallery = page.getByRole('region', { name: 'Public gallery' });
    await expect(gallery.getByRole('article', { name: longName })).toBeVisible();
    const prefix = `themes-review-${viewport.width}`;
    await scrollThrough(page, `${prefix}-page`);
    if (viewport.width < 600) await expectTouchTargets(page, 'main');
    await expectNoAxeViolations(page);

    // A keyboard user sees where they are: the focus ring on a card's button.
    await page.getByRole('button', { name: 'Create theme' }).focus();
    await page.keyboard.press('Shift+Tab');
    const focused = page.locator(':focus-visible');
    await expect(focused).toHaveAccessibleName(/^Apply /);
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await viewportShot(page, `${prefix}-focus-ring`);

    // The editor: its fields, then the live preview further down, then what it says when wrong.
    await page.getByRole('button', { name: 'Create theme' }).click();
    const editor = page.getByRole('dialog', { name: 'Create a theme' });
    await expect(editor.getByTestId('theme-preview')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${prefix}-editor-top`);
    if (viewport.width < 600) await expectTouchTargets(page, '[role="dialog"]');
    await editor.getByLabel('Name').fill('Evening harbour');
    await editor.getByLabel('Upload an image').setInputFiles(PNG);
    await expect(editor.getByTestId('theme-preview')).toHaveAttribute('data-state', 'image');
    await editor.getByTestId('theme-preview').scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${prefix}-editor-preview`);
    // Saving with a field wrong, from the buttons at the bottom: the first field to fix is
    // brought into view and focused, its message under it.
    await editor.getByLabel('Name').fill('');
    await editor.getByLabel('Image address').fill('http://example.com/harbour.png');
    await editor.getByRole('button', { name: 'Create theme' }).click();
    await expect(editor.getByText('Theme name is required')).toBeVisible();
    await expect(editor.getByLabel('Name')).toBeFocused();
    await expect(editor.getByLabel('Name')).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${prefix}-editor-errors`);
    await expectNoAxeViolations(page);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // The delete confirmation.
    await page
      .getByRole('region', { name: 'My themes' })
      .getByRole('button', { name: `Delete My desk ${stamp}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete theme' });
    await expect(confirm).toBeVisible();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${prefix}-delete`);
    if (viewport.width < 600) await expectTouchTargets(page, '[role="dialog"]');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    // The report dialog, empty first (its message), then filled.
    await gallery.getByRole('button', { name: `Report ${longName}` }).click();
    const report = page.getByRole('dialog', { name: 'Report theme' });
    await report.getByRole('button', { name: 'Report' }).click();
    await expect(report.getByText('Please say why you are reporting this theme')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `${prefix}-report-error`);
    if (viewport.width < 600) await expectTouchTargets(page, '[role="dialog"]');
    await expectNoAxeViolations(page);
    await report.getByRole('button', { name: 'Cancel' }).click();
    await expect(report).toBeHidden();
  });

  test(`the themes page of a new account, and a visitor, at ${viewport.width} px`, async ({
    page,
  }) => {
    const fresh = await createVerifiedUser('fresh');
    await page.setViewportSize(viewport);
    await signInAs(page, fresh.token, '/themes');
    await expect(
      page.getByText(
        'You have no custom themes yet. Create one with your own colours and picture.',
      ),
    ).toBeVisible();
    await page.getByRole('region', { name: 'My themes' }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, `themes-review-${viewport.width}-empty-mine`);

    // A visitor: /themes asks them to sign in; the standard themes are under the timer.
    const visitor = await (await page.context().browser()!.newContext({ viewport })).newPage();
    await visitor.goto('/themes');
    await expect(visitor).toHaveURL(/\/login/);
    await expectNoSidewaysScroll(visitor);
    await viewportShot(visitor, `themes-review-${viewport.width}-visitor-themes`);
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Change background' }).click();
    const swatches = visitor.getByRole('list', { name: 'Standard backgrounds' });
    await expect(swatches.getByRole('button', { name: 'Forest' })).toBeVisible();
    await swatches.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(visitor);
    await viewportShot(visitor, `themes-review-${viewport.width}-visitor-picker`);
    if (viewport.width < 600) await expectTouchTargets(visitor, '.fr-theme-picker');
    await visitor.close();
  });
}
