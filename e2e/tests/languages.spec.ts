import { expect, test, type Page } from '../support/test.js';
import {
  createAdmin,
  createPlaylist,
  createVerifiedUser,
  customThemeWords,
  signInAs,
  type TestUser,
} from '../support/api.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/**
 * Every route in the pseudo-locale (every message accented, ~40% longer, bracketed) and in
 * Arabic, at a phone's and a laptop's width: no English left on the page, nothing clipped, the
 * Arabic layout mirrored, axe clean (decision 076). Screenshots go to
 * e2e/.artifacts/screenshots/languages/ for people to look at.
 */
const PUBLIC = ['/', '/about', '/login', '/register', '/forgot-password', '/privacy', '/terms'];
const SIGNED_IN = ['/dashboard', '/stats', '/profile', '/themes', '/playlists', '/help'];
const WIDTHS = [390, 1280] as const;

/** Words that are names, not language: they stay as they are in every language. */
const NAMES = ['Focusroom', 'YouTube', 'Google', 'GitHub', 'OpenID', 'Connect', 'CSV', 'JSON'];

async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await page.addInitScript((chosen) => {
    localStorage.setItem('focusroom_language', chosen);
  }, locale);
}

/**
 * The English words on the page outside the pseudo-locale's brackets: text, the labels people and
 * screen readers get (aria-label, title, placeholder, alt) and the tab title; `allowed` are the
 * person's own data (their name, username, email).
 */
async function englishLeft(page: Page, allowed: string[]): Promise<string[]> {
  return page.evaluate(
    ([names, own]) => {
      const found: string[] = [];
      const check = (text: string, where: string) => {
        let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
        for (const name of [...own, ...names]) rest = rest.split(name).join(' ');
        // URLs, emails and ids are data, not words.
        rest = rest.replace(/\S+@\S+|https?:\/\/\S+|\/[\w/-]+/g, ' ');
        const words = rest.match(/[A-Za-z]{2,}/g);
        if (words) found.push(`${where}: ${JSON.stringify(text.trim().slice(0, 80))}`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"]'))
          continue;
        if (!node.textContent?.trim()) continue;
        const box = parent.getBoundingClientRect();
        if (
          box.width === 0 &&
          box.height === 0 &&
          !parent.closest('.sr-only, [class*="VisuallyHidden"]')
        )
          continue;
        check(node.textContent, parent.tagName.toLowerCase());
      }
      for (const element of Array.from(
        document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'),
      )) {
        if (element.closest('[aria-hidden="true"]')) continue;
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(attribute);
          if (value) check(value, `${element.tagName.toLowerCase()}[${attribute}]`);
        }
      }
      check(document.title, 'title');
      return found;
    },
    [NAMES, allowed] as const,
  );
}

/** Text cut off by its box (overflow hidden and wider or taller than it), with what it says. */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const hasText = Array.from(element.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!hasText) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Visually hidden text (for screen readers) sits in a 1px box on purpose.
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const clips = /hidden|clip/.test(style.overflowX + style.overflowY);
      if (!clips || element.closest('[aria-hidden="true"]')) continue;
      // An ellipsis or a line clamp that keeps the whole text in a tooltip is a deliberate,
      // readable cut.
      const cut = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (cut && element.closest('[title]')) continue;
      if (
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1
      ) {
        found.push(`${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)}`);
      }
    }
    return found;
  });
}

async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const shotName = (locale: string, width: number, path: string) =>
  `languages/${locale}-${width}${path.replace(/\//g, '_') || '_home'}`;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('every public page is all pseudo-locale, nothing clipped', async ({ page }) => {
      await chooseLanguage(page, 'en-XA');
      for (const path of PUBLIC) {
        await openSettled(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
        await screenshot(page, shotName('en-XA', width, path));
        expect({ path, english: await englishLeft(page, []) }).toEqual({ path, english: [] });
        expect({ path, clipped: await clippedText(page) }).toEqual({ path, clipped: [] });
      }
    });

    test('every signed-in page is all pseudo-locale, nothing clipped', async ({ page }) => {
      const { user, token } = await createVerifiedUser('pseudo');
      await chooseLanguage(page, 'en-XA');
      await signInAs(page, token, SIGNED_IN[0]);
      const own = ownData(user);
      for (const path of SIGNED_IN) {
        await openSettled(page, path);
        await screenshot(page, shotName('en-XA', width, path));
        // Themes other tests made public are people's words, like the reader's own name.
        const written = path === '/themes' ? [...own, ...(await customThemeWords(token))] : own;
        expect({ path, english: await englishLeft(page, written) }).toEqual({ path, english: [] });
        expect({ path, clipped: await clippedText(page) }).toEqual({ path, clipped: [] });
      }
    });

    // Public and signed-in pages are two tests: thirteen axe runs do not fit one test's minute.
    test('in Arabic every public page is right to left and axe clean', async ({ page }) => {
      // Seven pages, each with an axe run: on a shared CI machine that has passed two minutes.
      test.slow();
      await chooseLanguage(page, 'ar');
      for (const path of PUBLIC) {
        await openSettled(page, path);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await screenshot(page, shotName('ar', width, path));
        await expectNoAxeViolations(page);
      }
    });

    test('in Arabic every signed-in page is right to left and axe clean', async ({ page }) => {
      // Six pages, each with an axe run: on a shared CI machine that has passed two minutes.
      test.slow();
      const { token } = await createVerifiedUser('arabic');
      await chooseLanguage(page, 'ar');
      await signInAs(page, token, SIGNED_IN[0]);
      for (const path of SIGNED_IN) {
        await openSettled(page, path);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await screenshot(page, shotName('ar', width, path));
        await expectNoAxeViolations(page);
      }
    });
  });
}

/**
 * The other languages share the pages' structure with English, Arabic and the pseudo-locale
 * above; axe checks each on the pages a person meets first, public and signed in, at a phone's
 * width (the narrowest layout), with its `lang` on <html>.
 */
const FIRST_PUBLIC_PAGES = ['/', '/login'];
const FIRST_SIGNED_IN_PAGES = ['/dashboard', '/stats'];
test.describe('the other languages at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const locale of ['es', 'de', 'fr', 'pt-BR', 'ja']) {
    test(`in ${locale} the first pages are axe clean`, async ({ page }) => {
      await chooseLanguage(page, locale);
      const check = async (path: string) => {
        await openSettled(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectNoAxeViolations(page);
      };
      for (const path of FIRST_PUBLIC_PAGES) await check(path);
      const { token } = await createVerifiedUser(`axe-${locale}`);
      await signInAs(page, token, FIRST_SIGNED_IN_PAGES[0]);
      for (const path of FIRST_SIGNED_IN_PAGES) await check(path);
    });
  }
});

function ownData(user: TestUser): string[] {
  return [user.name, user.username, user.email, `@${user.username}`];
}

test("the server's refusal is in the reader's language, by its code (decision 075)", async ({
  page,
}) => {
  const { user } = await createVerifiedUser('refused');
  await chooseLanguage(page, 'en-XA');
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(user.username);
  await page.locator('input[type="password"]').fill(`${user.password}-wrong`);
  await page.locator('button[type="submit"]').click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('⟦');
  await expect(alert).not.toContainText('Invalid email/username or password');
  expect(await englishLeft(page, ownData(user))).toEqual([]);
});

/** The pages a mailed link opens, with a link that does not work: each says so in words. */
const LINK_PAGES = [
  '/verify-email/not-a-real-token',
  '/reset-password/not-a-real-token',
  '/confirm-email/not-a-real-token',
  '/undo-email-change/not-a-real-token',
];

test.describe('the pages beyond the menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a mailed link's pages and a playlist's page are all pseudo-locale, nothing clipped", async ({
    page,
  }) => {
    await chooseLanguage(page, 'en-XA');
    for (const path of LINK_PAGES) {
      await openSettled(page, path);
      await screenshot(page, shotName('en-XA', 390, path));
      // The server's answer (the link does not work) is in the reader's language too.
      expect({ path, english: await englishLeft(page, []) }).toEqual({ path, english: [] });
      expect({ path, clipped: await clippedText(page) }).toEqual({ path, clipped: [] });
    }
    const { user, token } = await createVerifiedUser('pseudolist');
    const name = `Deep work ${user.username.slice(-6)}`;
    const id = await createPlaylist(token, name);
    await signInAs(page, token, `/playlist/${id}`);
    await openSettled(page, `/playlist/${id}`);
    await screenshot(page, shotName('en-XA', 390, '/playlist'));
    const own = [...ownData(user), name];
    expect(await englishLeft(page, own)).toEqual([]);
    expect(await clippedText(page)).toEqual([]);
  });

  test('in Arabic the admin area and a link page are right to left and axe clean', async ({
    page,
  }) => {
    await chooseLanguage(page, 'ar');
    await openSettled(page, LINK_PAGES[0]!);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoAxeViolations(page);
    // An admin of its own: the shared one's language would become Arabic for every other test.
    await signInAs(page, (await createAdmin('arabicadmin')).token, '/admin');
    await openSettled(page, '/admin');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await screenshot(page, shotName('ar', 390, '/admin'));
    await expectNoAxeViolations(page);
    // Other tests' accounts are listed there by name: the words checked are the page's own
    // (clipping here; every admin word is in the catalogs, which i18n:check holds complete).
    expect(await clippedText(page)).toEqual([]);
  });
});

test.describe('choosing a language', () => {
  test.use({ locale: 'de-DE' });

  test("a first visit speaks the browser's language, and the menu changes it for good", async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const menu = page.getByRole('combobox', { name: 'Sprache' });
    await expect(menu).toHaveValue('de');
    await menu.selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });

  test('a signed-in choice follows the account to another browser', async ({ page, browser }) => {
    const { token } = await createVerifiedUser('polyglot');
    await signInAs(page, token, '/dashboard');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect
      .poll(async () => {
        const me = await page.request.get('/api/auth/me', {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await me.json()).language;
      })
      .toBe('ja');
    const other = await browser.newContext({ locale: 'en-US' });
    const second = await other.newPage();
    await signInAs(second, token, '/dashboard');
    await expect(second.locator('html')).toHaveAttribute('lang', 'ja');
    await other.close();
  });
});
