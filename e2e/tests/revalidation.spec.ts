import { expect, test, type Page, type Response } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { createSession, sessionEndingAgo } from '../support/stats-api.js';

/*
 * The 60 s refreshes in a real browser (decisions 040, 041): the statistics summary, the first
 * history page and the theme check send the ETag they hold, Chromium hands the server's 304
 * through to the app (the answers are no-store), and the page keeps what it shows.
 */

const WATCHED = {
  summary: '/api/pomodoro/stats?',
  history: '/api/pomodoro/sessions?limit=20',
  themes: '/api/themes/lists',
} as const;
type Watched = keyof typeof WATCHED;

interface Seen {
  status: number;
  sentTag: string | null;
}

function watch(page: Page): Record<Watched, Seen[]> {
  const seen: Record<Watched, Seen[]> = { summary: [], history: [], themes: [] };
  page.on('response', (response: Response) => {
    const url = response.url();
    for (const [name, part] of Object.entries(WATCHED) as [Watched, string][]) {
      if (!url.includes(part) || url.includes('cursor=')) continue;
      seen[name].push({
        status: response.status(),
        sentTag: response.request().headers()['if-none-match'] ?? null,
      });
    }
  });
  return seen;
}

const rows = (page: Page) => page.locator('.fr-history-row');

test('the statistics page and the theme check revalidate: 304s while nothing changed, new data after a write', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { token } = await createVerifiedUser('revalidate');
  await createSession(token, sessionEndingAgo(10, 25, 'Write the report'));
  await createSession(token, sessionEndingAgo(45, 25, 'Plan the week'));
  const seen = watch(page);
  await page.clock.install();
  await signInAs(page, token, '/stats');
  await expect(rows(page)).toHaveCount(2);
  for (const name of Object.keys(WATCHED) as Watched[]) {
    await expect.poll(() => seen[name].map((s) => s.status)).toContain(200);
  }

  // A minute on: every refresh sends its tag and gets a 304; the page shows the same.
  await page.clock.runFor(61_000);
  for (const name of Object.keys(WATCHED) as Watched[]) {
    await expect
      .poll(() => seen[name].filter((s) => s.status === 304 && s.sentTag).length, { message: name })
      .toBeGreaterThan(0);
  }
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Write the report')).toBeVisible();

  // A session written elsewhere: the next refresh's tag no longer matches, and it shows.
  await createSession(token, sessionEndingAgo(5, 25, 'Answer email'));
  const before = seen.history.length;
  await page.clock.runFor(61_000);
  await expect.poll(() => seen.history.slice(before).map((s) => s.status)).toContain(200);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText('Answer email')).toBeVisible();
});
