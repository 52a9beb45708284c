import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { BrowserContext, Locator, Page, Response, Route } from '@playwright/test';

/** The mark the boot file keeps on a pre-rendered page until the app answers (app/boot/boot-state.ts). */
const BOOTING_PAGE = 'html[data-booting]';

/**
 * Makes `page` act as a person would on a pre-rendered page: before an action (click, fill,
 * press, check) while the app is still taking the page over, Playwright waits for the app. The
 * page does nothing with input meanwhile (docs/decisions/046), and Playwright, which waited by
 * itself for an `inert` page, does not know the shield: a click waits for it anyway, but a fill
 * would type into a field that drops the text. Assertions wait too. Pages a test opens itself
 * need it as well.
 */
export async function actWhenAppAnswers(page: Page): Promise<void> {
  await page.addLocatorHandler(
    page.locator(BOOTING_PAGE),
    async (html) => {
      await html.waitFor({ state: 'detached' });
    },
    { noWaitAfter: true },
  );
}

/**
 * Lets a test look at a page while the app takes it over, which is what it checks (the handler
 * above would make every assertion wait for the app).
 */
export async function lookWhileBooting(page: Page): Promise<void> {
  await page.removeLocatorHandler(page.locator(BOOTING_PAGE));
}

/** Playwright's `test`, with every test's own `page` acting when the app answers. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await actWhenAppAnswers(page);
    await use(page);
  },
});
