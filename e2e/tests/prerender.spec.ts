import { expect, test, type BrowserContext, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { screenshot } from '../support/screens.js';

/*
 * docs/decisions/039: every public page is pre-rendered at build time, so its HTML
 * carries the page itself; the browser hydrates it without a warning or a layout shift, and a
 * visitor's stored state or a signed-in user's app takes over without flashing the wrong one.
 */

/** Each public page: a heading it shows, and something more of its content. */
const PAGES = [
  { path: '/', heading: /Your calm room for/, more: 'timer-display' },
  { path: '/login', heading: 'Log in', more: 'form' },
  { path: '/register', heading: 'Create your account', more: 'form' },
  { path: '/forgot-password', heading: 'Forgot your password?', more: 'form' },
  { path: '/about', heading: 'About Focusroom', more: null },
  { path: '/privacy', heading: 'Privacy policy', more: null },
  { path: '/terms', heading: 'Terms of use', more: null },
  { path: '/resend-verification', heading: 'Resend verification email', more: 'form' },
] as const;

/**
 * Records, from before the first byte is parsed: the layout shifts, and every distinct text the
 * visible timer digits and the visible page heading show while the page loads.
 */
async function installLoadProbes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const probe = { shift: 0, digits: [] as string[], headings: [] as string[] };
    (window as unknown as { __probe: typeof probe }).__probe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) probe.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const seen = (list: string[], element: Element | null) => {
      if (!element || !element.checkVisibility({ visibilityProperty: true })) return;
      const text = element.textContent ?? '';
      if (list[list.length - 1] !== text) list.push(text);
    };
    const sample = () => {
      seen(probe.digits, document.querySelector('[data-testid="timer-display"] [aria-hidden]'));
      seen(probe.headings, document.querySelector('main h1'));
    };
    new MutationObserver(sample).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const everyFrame = () => {
      sample();
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
}

interface Probe {
  shift: number;
  digits: string[];
  headings: string[];
}

const probeOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);

/** Console errors and warnings, hydration messages above all (React logs them as errors). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The page has hydrated: React has attached its handlers to the root's elements. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    const first = root?.querySelector('header');
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
  // Lazy parts (the page's own chunk, the Sounds button) hydrate as they arrive.
  await page.waitForLoadState('networkidle');
}

for (const { path, heading, more } of PAGES) {
  test.describe(`the pre-rendered page ${path}`, () => {
    test('is in the HTML the server sends, before any script runs', async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`data-prerendered="${path}"`);
      // The heading's words (the home headline's sit in a line scrim: a span, decision 056).
      const h1 = (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')
        .replace(/<!--[\s\S]*?-->|<[^>]+>/g, '')
        .trim();
      if (typeof heading === 'string') expect(h1).toBe(heading);
      else expect(h1).toMatch(heading);
      if (more === 'form') expect(html).toContain('<form');
      if (more === 'timer-display') {
        expect(html).toContain('data-testid="timer-display"');
        expect(html).toContain('25:00');
      }
      expect(html).toContain('aria-label="Main"');
      // CSP: the only scripts are files from our origin.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\//);
      // Mantine's theme stylesheets are in <head>, where no render computes them again, and a
      // fresh timer's accent is on <html>, where hydrating writes nothing (decision 043).
      const [head, body] = html.split('</head>');
      expect(head).toContain('<style data-mantine-styles="true">');
      expect(head).toContain('<style data-mantine-styles="classes">');
      expect(body).not.toMatch(/data-mantine-styles="(true|classes)"/);
      expect(/<html [^>]*>/.exec(html)?.[0]).toContain('--fr-accent: ');
    });

    test('shows its content with JavaScript turned off', async ({ browser }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: E2E_BASE_URL,
      });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'About' }).first()).toBeVisible();
      if (more === 'timer-display')
        await expect(page.getByTestId('timer-display')).toHaveText(/25:00/);
      // The note that the app needs JavaScript: a styled line above the page, not bare text.
      // (Playwright's text selectors skip <noscript>, so it is found by its class.)
      const note = page.locator('noscript.fr-noscript');
      await expect(note).toBeVisible();
      expect(await note.evaluate((element) => element.textContent)).toContain(
        'Focusroom needs JavaScript',
      );
      await expect(note).toHaveCSS('padding-top', '8px');
      await expect(note).toHaveCSS('text-align', 'center');
      await context.close();
    });

    test('hydrates with no console error, no hydration warning and no layout shift', async ({
      page,
      context,
    }) => {
      await installLoadProbes(context);
      const problems = watchConsole(page);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const probe = await probeOf(page);
      expect(problems).toEqual([]);
      expect(probe.shift).toBeLessThanOrEqual(0.02);
      // The page was the page from its first paint: no other heading ever showed. (The texts
      // themselves are compared, so that a failure says which other heading it was.)
      expect(probe.headings).toEqual([expect.stringMatching(heading)]);
    });
  });
}

test('the HTML of a page the build did not pre-render is the plain shell', async ({ request }) => {
  const html = await (await request.get('/dashboard')).text();
  expect(html).not.toContain('data-prerendered');
  expect(html).toContain('class="fr-boot"');
});

test('the entry script asks V8 to compile it as it streams in, on its first line', async ({
  request,
}) => {
  // docs/decisions/044: V8 reads the hint only on a script's first line.
  const html = await (await request.get('/')).text();
  const entry = / data-entry="([^"]+)"/.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const script = await (await request.get(entry!)).text();
  expect(script.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
});

for (const language of ['en', 'de']) {
  test(`/ hydrates in ${language} without setting up the browser's number formatting`, async ({
    browser,
  }) => {
    // docs/decisions/079: the first Intl.NumberFormat of a page costs tens of milliseconds of
    // main thread; the first screen's counts ("25 minutes left") are plain digits without one.
    // A first visit from a browser in the language: its page comes pre-rendered in it.
    const context = await browser.newContext({ locale: language, baseURL: E2E_BASE_URL });
    await context.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { __numberFormats: string[] }).__numberFormats = made;
      const Original = Intl.NumberFormat;
      const Counted = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.push(new Error().stack ?? 'Intl.NumberFormat');
        return new Original(...args);
      } as unknown as typeof Intl.NumberFormat;
      Object.assign(Counted, Original);
      Object.defineProperty(Counted, 'prototype', { value: Original.prototype });
      Intl.NumberFormat = Counted;
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (this: number, ...args) {
        made.push(new Error().stack ?? 'toLocaleString');
        return toLocaleString.apply(this, args);
      };
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('timer-display')).toContainText(
      language === 'en' ? '25 minutes left' : '25 Minuten',
    );
    const made = await page.evaluate(
      () => (window as unknown as { __numberFormats: string[] }).__numberFormats,
    );
    expect(made).toEqual([]);
    await context.close();
  });
}

test("/ preloads its to-do list's chunks once the app runs, one per task", async ({ page }) => {
  // docs/decisions/045: left to the import, Vite's preload helper added all sixteen at once.
  // A mutation observer's callback runs at the end of the task that made the changes.
  await page.addInitScript(() => {
    const batches: string[][] = [];
    (window as unknown as { __preloadBatches: string[][] }).__preloadBatches = batches;
    new MutationObserver((records) => {
      const added = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement)
        .filter((link) => link.rel === 'modulepreload')
        .map((link) => link.href);
      if (added.length > 0) batches.push(added);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/');
  await waitForHydration(page);
  const { deferred, batches } = await page.evaluate(() => ({
    deferred: (document.documentElement.dataset.preloadDeferred ?? '')
      .split(' ')
      .map((href) => new URL(href, location.href).href),
    batches: (window as unknown as { __preloadBatches: string[][] }).__preloadBatches,
  }));
  expect(deferred.some((href) => /\/assets\/todo-list-[\w-]+\.js$/.test(href))).toBe(true);
  const ofDeferred = batches
    .map((batch) => batch.filter((href) => deferred.includes(href)))
    .filter((batch) => batch.length > 0);
  expect(ofDeferred.flat().sort()).toEqual([...deferred].sort());
  expect(Math.max(...ofDeferred.map((batch) => batch.length))).toBe(1);
  await expect(page.getByRole('textbox', { name: 'New to-do' })).toBeEditable();
});

test('a visitor with a stored focus length sees it after load and never the default', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await page.evaluate(() => {
    localStorage.setItem(
      'focusroom_settings',
      JSON.stringify({ pomodoro_duration: 50, short_break_duration: 10 }),
    );
  });
  await installLoadProbes(context);
  const problems = watchConsole(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByTestId('timer-display')).toHaveText(/50:00/);
  const probe = await probeOf(page);
  expect(probe.digits).toEqual(['50:00']);
  expect(problems).toEqual([]);
  expect(probe.shift).toBeLessThanOrEqual(0.02);
});

test('a signed-in user on / gets their own home, never the visitor page', async ({
  page,
  context,
}) => {
  const { user, token } = await createVerifiedUser('prerender');
  await installLoadProbes(context);
  const problems = watchConsole(page);
  await signInAs(page, token, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(user.username).toBeTruthy();
  const probe = await probeOf(page);
  expect(probe.headings.filter((text) => /Your calm room/.test(text))).toEqual([]);
  expect(problems).toEqual([]);
});

test('a query or another page in the HTML is rendered afresh, not hydrated', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/login?session_expired=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByText(/session (has )?expired/i).first()).toBeVisible();
  expect(problems).toEqual([]);
});

for (const path of ['/', '/login']) {
  test(`${path} starts its scripts after the first paint`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).not.toHaveAttribute('data-booting');
    const order = await page.evaluate(() => {
      const entry = document.documentElement.dataset.entry ?? 'none';
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime;
      const script = performance
        .getEntriesByType('resource')
        .find((timing) => timing.name.endsWith(entry));
      return { paint, requested: script?.startTime };
    });
    expect(order.paint).toBeDefined();
    expect(order.requested).toBeGreaterThanOrEqual(order.paint ?? Infinity);
  });
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
]) {
  test(`screenshots of / and /login before and after hydration at ${size.name} size`, async ({
    browser,
  }) => {
    for (const path of ['/', '/login']) {
      const name = path === '/' ? 'home' : 'login';
      const before = await browser.newContext({
        javaScriptEnabled: false,
        baseURL: E2E_BASE_URL,
        viewport: size,
      });
      const still = await before.newPage();
      await still.goto(path);
      const heading = (page: Page) => page.getByRole('heading', { level: 1 });
      await expect(heading(still)).toBeVisible();
      await screenshot(still, `prerender-${name}-${size.name}-before`);
      await before.close();
      const after = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: size });
      const live = await after.newPage();
      // The page as painted before the app has run (its entry held back), then once hydrated.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await live.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await live.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(heading(live)).toBeVisible();
      const drawn = await heading(live).boundingBox();
      release();
      await waitForHydration(live);
      // The app draws the page where the HTML drew it: the heading has not moved or changed size.
      const hydrated = await heading(live).boundingBox();
      for (const side of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs((hydrated?.[side] ?? NaN) - (drawn?.[side] ?? NaN)), side).toBeLessThan(1);
      }
      await screenshot(live, `prerender-${name}-${size.name}-after`);
      await after.close();
    }
  });
}
