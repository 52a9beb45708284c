import { expect, test, type Locator, type Page } from '../support/test.js';
import { adminToken, createVerifiedUser, signInAs } from '../support/api.js';
import { fakeYouTubeInBrowser } from '../support/fake-youtube.js';
import { screenshot } from '../support/screens.js';

/**
 * On a phone nothing fixed covers the page or sits over a dialog (decision 055): the
 * Sounds and music buttons live in the top bar, the minimized music bar in a strip under it. Each
 * control once found covered is brought into view (where the browser puts it, and at the
 * very bottom of the screen, where the round buttons used to float) and hit at its centre.
 */

const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
] as const;

/**
 * For each element of `targets`: scrolled so it sits at `block` of the screen, what the browser
 * finds at its centre, when that is not the element itself or inside it ('' when clear).
 */
async function coverers(targets: Locator, block: 'nearest' | 'end' | 'center'): Promise<string[]> {
  return targets.evaluateAll((elements, where) => {
    const found: string[] = [];
    for (const element of elements) {
      element.scrollIntoView({ block: where as ScrollLogicalPosition, inline: 'nearest' });
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (hit && !element.contains(hit)) {
        const label = element.textContent?.trim().slice(0, 40) ?? '';
        const by = hit.closest('[aria-label]')?.getAttribute('aria-label') ?? hit.className;
        found.push(`"${label}" covered by ${String(by)}`);
      }
    }
    return found;
  }, block);
}

async function expectUncovered(targets: Locator): Promise<void> {
  // There is something to check: the first one is on the page (a tab's list may still be loading).
  await expect(targets.first()).toBeVisible();
  for (const block of ['nearest', 'end', 'center'] as const) {
    expect(await coverers(targets, block), `scrolled to ${block}`).toEqual([]);
  }
}

/**
 * Every element fixed to the window over the page: not the top bar, a dialog with its overlay, a
 * toast (they leave by themselves), a screen reader's 1 px live region, or a frame that lets the
 * pointer through (the player's frame with nothing open).
 */
async function floatingOverPage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.position !== 'fixed' || style.visibility === 'hidden') return false;
        if (style.display === 'none' || style.pointerEvents === 'none') return false;
        const owner =
          '.fr-header, [role="dialog"], .mantine-Modal-root, .mantine-Notifications-root';
        if (element.closest(owner)) return false;
        const box = element.getBoundingClientRect();
        return box.width > 1 && box.height > 1;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.className),
  );
}

for (const phone of PHONES) {
  const size = `${phone.width}x${phone.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport: phone });

    test('the dashboard: Finish at and the timer’s controls are never under a floating button', async ({
      page,
    }) => {
      await fakeYouTubeInBrowser(page);
      const { token } = await createVerifiedUser('phonedash');
      await signInAs(page, token, '/dashboard');
      await expect(page.getByRole('button', { name: 'Sounds', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open music player' })).toBeVisible();
      await page.getByRole('textbox', { name: 'New to-do' }).fill('Write the report');
      await page.getByRole('textbox', { name: 'New to-do' }).press('Enter');
      await expect(page.getByTestId('finish-at')).toContainText('Finish at ');

      await expectUncovered(page.getByTestId('finish-at'));
      await expectUncovered(page.locator('.fr-timer-footer').getByRole('button'));
      await expectUncovered(page.getByText('Today', { exact: true }));
      expect(await floatingOverPage(page)).toEqual([]);
      // Where they are instead: in the top bar.
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('button', { name: 'Sounds', exact: true })).toBeVisible();
      await expect(bar.getByRole('button', { name: 'Open music player' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `phone-dashboard-${size}`);

      // The minimized music bar sits in a strip under the top bar, over nothing.
      await bar.getByRole('button', { name: 'Open music player' }).click();
      await page.getByRole('button', { name: 'Minimize music player' }).click();
      const strip = page.getByRole('region', { name: 'Music player (minimized)' });
      await expect(strip).toBeVisible();
      expect((await strip.boundingBox())!.y).toBe(64);
      expect(await floatingOverPage(page)).toEqual([]);
      await expectUncovered(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
      await expectUncovered(page.getByTestId('finish-at'));
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `phone-music-bar-${size}`);
    });

    test('admin users and themes: names, Manage and Edit are never under a floating button', async ({
      page,
    }) => {
      // A few more accounts, so the list reaches the bottom of the screen.
      await Promise.all([1, 2, 3].map(() => createVerifiedUser('phonelist')));
      await signInAs(page, await adminToken(), '/admin');
      await page.getByRole('tab', { name: 'Users' }).click();
      const cards = page.locator('.fr-admin-card');
      await expect(cards.first()).toBeVisible();
      await expectUncovered(page.getByRole('button', { name: /^Manage / }));
      await expectUncovered(cards.locator('p:first-child'));
      expect(await floatingOverPage(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `phone-admin-users-${size}`);

      await page.getByRole('tab', { name: 'Themes' }).click();
      const edit = page.getByRole('button', { name: /^Edit / });
      await expect(edit.first()).toBeVisible();
      await expectUncovered(edit);
      await screenshot(page, `phone-admin-themes-${size}`);
    });

    test('no floating button is over or shows through an open dialog', async ({ page }) => {
      const { token } = await createVerifiedUser('phonedialog');
      await signInAs(page, token, '/dashboard');
      await expect(page.getByRole('button', { name: 'Sounds', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Timer settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Timer settings' });
      await expect(dialog).toBeVisible();
      expect(await floatingOverPage(page)).toEqual([]);
      for (const name of ['Sounds', 'Open music player']) {
        const hit = await page.evaluate((label) => {
          const button = document.querySelector(`[aria-label="${label}"]`);
          if (!button) return 'absent';
          const box = button.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top && button.contains(top) ? 'the button' : 'something else';
        }, name);
        expect(hit, name).not.toBe('the button');
      }
      await screenshot(page, `phone-settings-dialog-${size}`);
    });
  });
}

test('at 1280x800 the corner buttons stay under a dialog and do not show through it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { token } = await createVerifiedUser('deskdialog');
  await signInAs(page, token, '/dashboard');
  const sounds = page.getByRole('button', { name: 'Sounds', exact: true });
  const music = page.getByRole('button', { name: 'Open music player' });
  await expect(sounds).toBeVisible();
  await expect(music).toBeVisible();
  const zIndex = (locator: Locator) =>
    locator.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const z = Number(getComputedStyle(node).zIndex);
        if (Number.isFinite(z)) return z;
      }
      return 0;
    });
  // Under Mantine's modals (z-index 200).
  expect(await zIndex(sounds)).toBeLessThan(200);
  expect(await zIndex(music)).toBeLessThan(200);

  await page.getByRole('button', { name: 'Timer settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Timer settings' })).toBeVisible();
  await expect(sounds).toBeHidden();
  await expect(music).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(sounds).toBeVisible();
  await expect(music).toBeVisible();
});
