import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { SCREENSHOT_DIR } from '../support/env.js';

/** Layout fixes of issue 30: what a person opens is on screen, nothing cut or covered. */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

for (const viewport of VIEWPORTS) {
  test(`“Change background” on / shows the backgrounds on screen at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Change background' });
    await toggle.click();
    const swatches = page.getByRole('list', { name: 'Standard backgrounds' });
    await expect(swatches.getByRole('button', { name: 'Forest' })).toBeVisible();
    // The picker comes into view: its toggle and the first row of backgrounds, and the whole
    // list where the screen is tall enough for it.
    await expect(page.getByRole('button', { name: 'Hide backgrounds' })).toBeInViewport();
    await expect(swatches.getByRole('listitem').first()).toBeInViewport({ ratio: 1 });
    if (viewport.width > 600) await expect(swatches).toBeInViewport({ ratio: 1 });
    await viewportShot(page, `layout-${viewport.width}-picker-open`);
  });
}
