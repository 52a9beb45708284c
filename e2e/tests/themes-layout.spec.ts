import path from 'node:path';
import { expect, test, type Page } from '../support/test.js';
import { adminToken, createVerifiedUser, signInAs } from '../support/api.js';
import { SCREENSHOT_DIR } from '../support/env.js';

/** Layout fixes (decisions 056 and 057): what a person opens is on screen, nothing cut or covered. */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function viewportShot(page: Page, name: string): Promise<void> {
  // A dialog or a toast that is still sliding in is not what a person looks at.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
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

/** Whether two boxes on screen share any pixel. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of VIEWPORTS) {
  test(`Log a session on /stats shows “Ended at” whole, AM or PM included, at ${viewport.width} px`, async ({
    page,
  }) => {
    const { token } = await createVerifiedUser('ended');
    await page.setViewportSize(viewport);
    // A 12-hour clock: the field reads like 11/28/2026, 08:15 PM.
    await signInAs(page, token, '/stats');
    await page.getByRole('button', { name: 'Log a session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a focus session' });
    const ended = dialog.getByLabel('Ended at');
    await expect(ended).toBeVisible();
    // The width its value needs: the text in the field's own font, its padding and borders and
    // the calendar button Chromium draws in it.
    const { needed, width } = await ended.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText('00/00/0000, 00:00 PM').width;
      const chrome =
        parseFloat(style.paddingLeft) +
        parseFloat(style.paddingRight) +
        parseFloat(style.borderLeftWidth) +
        parseFloat(style.borderRightWidth) +
        24;
      return { needed: Math.ceil(text + chrome), width: input.getBoundingClientRect().width };
    });
    expect(width, `needs ${needed} px`).toBeGreaterThanOrEqual(needed);
    await viewportShot(page, `layout-${viewport.width}-log-session`);
  });

  test(`the daily goal card on /stats fills its bar across the card at ${viewport.width} px`, async ({
    page,
  }) => {
    const { token } = await createVerifiedUser('goal');
    await page.setViewportSize(viewport);
    await signInAs(page, token, '/stats');
    const card = page.getByRole('region', { name: 'Daily goal' });
    const bar = card.getByRole('progressbar', { name: 'Daily goal' });
    await expect(bar).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    const cardBox = (await card.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    // Not a 120 px bar in a card as wide as the page: the bar spans the card's content.
    expect(barBox.width).toBeGreaterThanOrEqual(cardBox.width * 0.6);
    await viewportShot(page, `layout-${viewport.width}-daily-goal`);
  });

  test(`a toast on /profile leaves “Save changes” uncovered at ${viewport.width} px`, async ({
    page,
  }) => {
    const { token } = await createVerifiedUser('toast');
    await page.setViewportSize(viewport);
    await signInAs(page, token, '/profile');
    await page.getByLabel('Bio').fill('Quiet mornings, long walks.');
    const save = page.getByRole('button', { name: 'Save changes' });
    // Scrolled as a person might have it: the button low on the screen, where toasts appear.
    await save.evaluate((el) => {
      const box = el.getBoundingClientRect();
      window.scrollBy({ top: box.bottom - (window.innerHeight - 100), behavior: 'instant' });
    });
    await save.click();
    const toast = page.getByText('Your profile has been saved.');
    await expect(toast).toBeVisible();
    const notification = page.locator('.mantine-Notification-root').filter({ has: toast });
    const toastBox = (await notification.boundingBox())!;
    const saveBox = (await save.boundingBox())!;
    expect(overlaps(toastBox, saveBox), JSON.stringify({ toastBox, saveBox })).toBe(false);
    await viewportShot(page, `layout-${viewport.width}-profile-toast`);
  });

  test(`the admin overview’s chart captions stand clear of the axis labels at ${viewport.width} px`, async ({
    page,
  }) => {
    const token = await adminToken();
    await page.setViewportSize(viewport);
    await signInAs(page, token, '/admin');
    const chart = page.getByRole('region', { name: 'Sign-ups' });
    await expect(chart).toBeVisible();
    await chart.scrollIntoViewIfNeeded();
    const caption = chart.getByText(/in the last 30 days/);
    const captionBox = (await caption.boundingBox())!;
    // Every axis label of the chart is below the caption, not overlapping it.
    const ticks = chart.locator('.recharts-cartesian-axis-tick-value');
    await expect(ticks.first()).toBeVisible();
    const labels = await ticks.evaluateAll((nodes) =>
      nodes.map((node) => {
        const r = node.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(label.y, JSON.stringify({ label, captionBox })).toBeGreaterThanOrEqual(
        captionBox.y + captionBox.height,
      );
    }
    await viewportShot(page, `layout-${viewport.width}-admin-overview`);
  });
}
