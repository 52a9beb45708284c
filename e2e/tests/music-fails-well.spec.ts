import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { fakeYouTubeInBrowser } from '../support/fake-youtube.js';
import { screenshot } from '../support/screens.js';

/**
 * Music that fails well (issue 30, DESIGN §4a, decision 053): YouTube offline or blocked, search
 * not set up, oEmbed unreachable, artwork missing. The server's search and oEmbed are the fake
 * YouTube of support/start-server.mjs; what fails is made to fail by route interception.
 */

const IFRAME_API = 'https://www.youtube.com/iframe_api';
const UNREACHABLE =
  'YouTube cannot be reached, so the music has stopped. Check your connection, then press play to try again.';
const INIT_SKIP = 'Player initialization error. Skipping to next track.';

const panel = (page: Page) => page.getByRole('region', { name: 'Music player', exact: true });

async function openPlayer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open music player' }).click();
  await expect(panel(page)).toBeVisible();
}

/** Searches the player's Search tab and adds the first `count` results. */
async function searchAndAdd(page: Page, query: string, count: number): Promise<void> {
  await panel(page).getByRole('tab', { name: 'Search' }).click();
  await panel(page).getByLabel('Search YouTube or paste a link').fill(query);
  await panel(page).getByRole('button', { name: 'Search', exact: true }).click();
  const results = panel(page).getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(10);
  for (let i = 0; i < count; i++) {
    await results.getByRole('button', { name: /^Add / }).nth(i).click();
  }
}

async function playerWithTracks(page: Page, prefix: string, count: number): Promise<void> {
  const { token } = await createVerifiedUser(prefix);
  await signInAs(page, token, '/dashboard');
  await openPlayer(page);
  await searchAndAdd(page, 'focus', count);
  await panel(page).getByRole('tab', { name: 'Now Playing' }).click();
}

test.describe('YouTube offline or blocked', () => {
  test('a script that fails to load is fetched once; the player stops with one message and shows Play', async ({
    page,
  }) => {
    const fetched: string[] = [];
    // Thumbnails stay local; the IFrame API's script fails as it does offline.
    await fakeYouTubeInBrowser(page);
    await page.route(IFRAME_API, (route) => {
      fetched.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await playerWithTracks(page, 'ytoffline', 3);
    await panel(page).getByRole('button', { name: 'Play', exact: true }).click();

    await expect(panel(page).getByRole('status').filter({ hasText: UNREACHABLE })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(fetched).toHaveLength(1);
    // It stays stopped: no more requests, no more skips.
    await page.waitForTimeout(7000);
    expect(fetched).toHaveLength(1);
    await expect(page.getByText(INIT_SKIP)).toHaveCount(0);
    await expect(panel(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await screenshot(page, 'music-unreachable-panel-1280');

    await panel(page).getByRole('button', { name: 'Minimize music player' }).click();
    const bar = page.getByRole('region', { name: 'Music player (minimized)' });
    await expect(bar.getByText(UNREACHABLE)).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await screenshot(page, 'music-unreachable-bar-1280');

    // Pressing play is asking again: one new request, then the same single message.
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(fetched).toHaveLength(2);
  });

  test('a script that never answers: each track is retried then skipped, then the player stops', async ({
    page,
  }) => {
    const fetched: string[] = [];
    await fakeYouTubeInBrowser(page);
    // A firewall that swallows the request: no answer, no error.
    await page.route(IFRAME_API, (route) => {
      fetched.push(route.request().url());
    });
    await playerWithTracks(page, 'ythang', 2);
    await panel(page).getByRole('button', { name: 'Play', exact: true }).click();

    await expect(page.getByText(INIT_SKIP).first()).toBeVisible();
    await expect(panel(page).getByRole('status').filter({ hasText: UNREACHABLE })).toBeVisible({
      timeout: 15_000,
    });
    await expect(panel(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await page.waitForTimeout(5000);
    expect(fetched).toHaveLength(1);
    await expect(panel(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  test('once YouTube answers again, play works', async ({ page }) => {
    let blocked = true;
    await fakeYouTubeInBrowser(page);
    await page.route(IFRAME_API, (route) =>
      blocked ? route.abort('internetdisconnected') : route.fallback(),
    );
    await playerWithTracks(page, 'ybback', 2);
    await panel(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect(panel(page).getByRole('status').filter({ hasText: UNREACHABLE })).toBeVisible();

    blocked = false;
    await panel(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect(panel(page).locator('iframe')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(panel(page).getByRole('status').filter({ hasText: UNREACHABLE })).toHaveCount(0);
  });
});
