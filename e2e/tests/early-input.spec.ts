import { expect, test, type Locator, type Page } from '../support/test.js';

/*
 * Nothing lost while a page boots (docs/decisions/048): every click and keystroke made on a
 * pre-rendered page from its first paint takes effect. Each test acts the moment the control is
 * visible, with a real mouse and keyboard at its place, at the phone's 4x CPU and at full speed,
 * while the app's script is still on its way; then lets the app come and checks the result.
 */

/** When the app said it answers (Date.now()), recorded from before the page's first byte. */
async function watchBoot(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const boot = { interactiveAt: 0, requests: [] as string[] };
    (window as unknown as { __boot: typeof boot }).__boot = boot;
    window.addEventListener(
      'focusroom:interactive',
      () => {
        boot.interactiveAt = Date.now();
      },
      true,
    );
  });
}

const interactiveAt = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __boot: { interactiveAt: number } }).__boot.interactiveAt,
  );

/**
 * Opens `path` with the CPU slowed `cpu` times, returning as soon as the page is committed. The
 * app's entry script is held back until `release()`, as a slow network or a busy phone holds it:
 * what the test does before it is done before the app has taken the page over.
 */
async function open(page: Page, path: string, cpu: number): Promise<{ release: () => void }> {
  await watchBoot(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(path, { waitUntil: 'commit' });
  return { release };
}

/** A real mouse click at the centre of `target`, the moment it is visible. */
async function clickAtFirstSight(page: Page, target: Locator): Promise<number> {
  await target.waitFor({ state: 'visible' });
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('no box for the target');
  const at = await page.evaluate(() => Date.now());
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return at;
}

/** The saved timer's start (product §3 startTime), once the app has saved it. */
async function savedStart(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('focusroom_timer') ?? 'null') as {
      startTime?: number | null;
      timerState?: string;
    } | null;
    return saved?.timerState === 'running' ? saved.startTime : null;
  });
  return (await handle.jsonValue()) as number;
}

for (const cpu of [4, 1]) {
  test.describe(`at ${cpu}x CPU`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('/: Start pressed at first sight starts the timer from the press', async ({ page }) => {
      const { release } = await open(page, '/', cpu);
      const before = await clickAtFirstSight(
        page,
        page.getByRole('button', { name: 'Start', exact: true }),
      );
      const after = await page.evaluate(() => Date.now());
      release();
      await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
      const started = await savedStart(page);
      // Recorded from the press, not from when the app came later.
      expect(started).toBeGreaterThanOrEqual(before - 50);
      expect(started).toBeLessThanOrEqual(after);
      expect(await interactiveAt(page)).toBeGreaterThan(after);
      await expect(page.getByRole('timer')).not.toContainText('25:00');
    });

    test('/: a timer tab, typing and a new to-do at first sight all take effect', async ({
      page,
    }) => {
      const { release } = await open(page, '/', cpu);
      await clickAtFirstSight(page, page.getByRole('button', { name: 'Short Break' }));
      await clickAtFirstSight(page, page.getByRole('textbox', { name: 'Current task' }));
      await page.keyboard.type('Chapter three');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await clickAtFirstSight(page, page.getByRole('textbox', { name: 'New to-do' }));
      await page.keyboard.type('Buy milk');
      await page.keyboard.press('Enter');
      release();

      await expect(page.getByRole('button', { name: 'Short Break' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByRole('timer')).toContainText('05:00');
      await expect(page.getByRole('textbox', { name: 'Current task' })).toHaveValue(
        'Chapter three',
      );
      await expect(page.getByText('Buy milk', { exact: true })).toHaveCount(1);
      await expect(page.getByRole('textbox', { name: 'New to-do' })).toHaveValue('');
      // The app saved what was typed, as if typed after it came.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              (
                JSON.parse(localStorage.getItem('focusroom_timer') ?? '{}') as {
                  currentTask?: string;
                }
              ).currentTask,
          ),
        )
        .toBe('Chapter three');
    });

    test('/: three to-dos typed and sent one after another at first sight are three to-dos', async ({
      page,
    }) => {
      const { release } = await open(page, '/', cpu);
      const draft = page.getByRole('textbox', { name: 'New to-do' });
      await clickAtFirstSight(page, draft);
      for (const text of ['Outline', 'Draft', 'Review']) {
        // As a person does when the field has not emptied itself: select what is there, type.
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
        await page.keyboard.press('Enter');
      }
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('Half a thought');
      release();

      const items = page.getByRole('list', { name: 'To-dos' }).locator('.fr-todo-text');
      await expect(items).toHaveText(['Outline', 'Draft', 'Review']);
      await expect(draft).toHaveValue('Half a thought');
    });

    test('/: a link and the menu pressed at first sight go there and open', async ({ page }) => {
      const { release } = await open(page, '/', cpu);
      await clickAtFirstSight(page, page.getByRole('button', { name: 'Toggle navigation' }));
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await clickAtFirstSight(page, page.getByRole('link', { name: 'Log in', exact: true }));
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    });

    test('/login: typed, pasted and sent with Enter at first sight, the app sends it once', async ({
      page,
    }) => {
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/login')) sent.push(request.method());
      });
      const { release } = await open(page, '/login', cpu);
      await clickAtFirstSight(page, page.getByRole('textbox', { name: 'Email or username' }));
      await page.keyboard.type('ada_lovelace');
      await page.keyboard.press('Tab');
      // A paste (or a password manager) puts the whole text in at once.
      await page.keyboard.insertText('not-her-password');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      expect(new URL(page.url()).search).toBe('');
      release();

      await expect(page.getByText('Invalid email/username or password')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email or username' })).toHaveValue(
        'ada_lovelace',
      );
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not-her-password');
      expect(sent).toEqual(['POST']);
      expect(new URL(page.url()).search).toBe('');
    });

    test('/register: the name typed at first sight stays, caret and focus where they were', async ({
      page,
    }) => {
      const { release } = await open(page, '/register', cpu);
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await clickAtFirstSight(page, name);
      await page.keyboard.type('Ada Lovlace');
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
      await page.keyboard.type('e');
      release();
      await expect
        .poll(() => interactiveAt(page), { message: 'the app answers' })
        .toBeGreaterThan(0);
      // Typing on after the app came continues where the caret is.
      await page.keyboard.type('!');
      await expect(name).toHaveValue('Ada Love!lace');
      expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    });

    test('/forgot-password: the address and the button pressed at first sight send the link', async ({
      page,
    }) => {
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/forgot-password')) sent.push(request.method());
      });
      const { release } = await open(page, '/forgot-password', cpu);
      await clickAtFirstSight(page, page.getByRole('textbox', { name: 'Email' }));
      await page.keyboard.type('ada@example.com');
      await clickAtFirstSight(page, page.getByRole('button', { name: 'Send reset link' }));
      expect(new URL(page.url()).search).toBe('');
      release();
      await expect(page.getByText('ada@example.com', { exact: true })).toBeVisible();
      await expect(page.getByText(/we have sent it a link to reset/)).toBeVisible();
      expect(sent).toEqual(['POST']);
      expect(new URL(page.url()).search).toBe('');
    });

    test('/resend-verification: the address and the button pressed at first sight send the link', async ({
      page,
    }) => {
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/resend-verification')) sent.push(request.method());
      });
      const { release } = await open(page, '/resend-verification', cpu);
      await clickAtFirstSight(page, page.getByRole('textbox', { name: 'Email' }));
      await page.keyboard.type('ada@example.com');
      await clickAtFirstSight(
        page,
        page.getByRole('button', { name: 'Resend Verification Email' }),
      );
      expect(new URL(page.url()).search).toBe('');
      release();
      await expect(page.getByText('ada@example.com', { exact: true })).toBeVisible();
      await expect(page.getByText(/We have sent a new verification link/)).toBeVisible();
      expect(sent).toEqual(['POST']);
      expect(new URL(page.url()).search).toBe('');
    });
  });
}

test('when the app cannot load, the page says so and still sends nothing itself', async ({
  page,
}) => {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('alert')).toContainText('Focusroom could not finish loading');
  await page.getByRole('textbox', { name: 'Email or username' }).fill('ada_lovelace');
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).search).toBe('');
});
