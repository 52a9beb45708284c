import { expect, test, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import { fakeYouTubeInBrowser, ytCalls } from '../support/fake-youtube.js';
import { screenshot } from '../support/screens.js';

/**
 * Music that fails well (decision 053): YouTube offline or blocked, search
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

/** Images in `scope` the browser shows as broken (loaded, nothing to draw). */
async function brokenImages(page: Page, scope: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(`${selector} img`)).filter(
        (img) => img.complete && img.naturalWidth === 0,
      ).length,
    scope,
  );
}

test('artwork that does not load shows our own picture in the player and on the playlist page', async ({
  page,
}) => {
  await fakeYouTubeInBrowser(page);
  // Every thumbnail fails, as it does offline or with the image host blocked.
  const thumbnails: string[] = [];
  await page.route('https://i.ytimg.com/**', (route) => {
    thumbnails.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const { token } = await createVerifiedUser('noart');
  await signInAs(page, token, '/dashboard');
  await openPlayer(page);
  await searchAndAdd(page, 'study', 2);
  const results = panel(page).getByRole('list', { name: 'Search results' });
  await expect(results.locator('[data-art-fallback]')).toHaveCount(10);
  expect(await brokenImages(page, '.fr-music')).toBe(0);
  expect(thumbnails.length).toBeGreaterThan(0);

  await panel(page).getByRole('tab', { name: 'Playlist' }).click();
  const rows = panel(page).getByRole('list', { name: 'Player tracks' });
  await expect(rows.locator('[data-art-fallback]')).toHaveCount(2);
  await panel(page).getByRole('button', { name: 'Minimize music player' }).click();
  const bar = page.getByRole('region', { name: 'Music player (minimized)' });
  await expect(bar.locator('[data-art-fallback]')).toHaveCount(1);
  expect(await brokenImages(page, '.fr-music')).toBe(0);
  await screenshot(page, 'music-artwork-fallback-bar-1280');

  // The playlist page: the saved rows and its own search results.
  await bar.getByRole('button', { name: 'Expand music player' }).click();
  await panel(page).getByRole('tab', { name: 'Playlist' }).click();
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Playlist saved successfully')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close music player' }).click();
  await page.getByRole('link', { name: 'Playlists' }).first().click();
  await page.getByRole('link', { name: 'My Playlist' }).click();
  const saved = page.getByRole('list', { name: 'Tracks' });
  await expect(saved.locator('[data-art-fallback]')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search YouTube' }).fill('calm');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByRole('list', { name: 'Search results' });
  await expect(found.locator('[data-art-fallback]')).toHaveCount(10);
  expect(await brokenImages(page, 'main')).toBe(0);
  await screenshot(page, 'music-artwork-fallback-playlist-1280');
});

test("search not set up: the server's reason beside product §8's notice, samples marked and never saved", async ({
  page,
}) => {
  await fakeYouTubeInBrowser(page);
  const { token } = await createVerifiedUser('nosearch');
  await signInAs(page, token, '/dashboard');
  await openPlayer(page);
  // What our server answers without YOUTUBE_API_KEY (apps/server music service).
  await page.route('**/api/music/search?**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        message:
          'YouTube search is not set up on this server. Paste a YouTube link to add a track instead.',
      }),
    }),
  );
  await panel(page).getByRole('tab', { name: 'Search' }).click();
  await panel(page).getByLabel('Search YouTube or paste a link').fill('deep focus');
  await panel(page).getByRole('button', { name: 'Search', exact: true }).click();
  const notice = panel(page).getByRole('status').filter({ hasText: 'Showing sample results' });
  await expect(notice).toContainText('YouTube search failed. Showing sample results instead.');
  await expect(notice).toContainText(
    'YouTube search is not set up on this server. Paste a YouTube link to add a track instead.',
  );
  const samples = panel(page).getByRole('list', { name: 'Sample results' });
  await expect(samples.getByRole('listitem')).toHaveCount(3);
  await expect(samples.getByText('Sample', { exact: true })).toHaveCount(3);
  await expect(panel(page).getByRole('list', { name: 'Search results' })).toHaveCount(0);
  await samples.getByRole('button', { name: /^Add / }).first().click();
  await screenshot(page, 'music-search-samples-1280');

  // A list of samples only has nothing to save.
  await panel(page).getByRole('tab', { name: 'Playlist' }).click();
  const save = panel(page).getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(
    panel(page).getByText(
      'Sample tracks play here but are not saved into playlists: no search found them.',
    ),
  ).toBeVisible();

  // With a real result beside it, Save keeps only the real one.
  await page.unroute('**/api/music/search?**');
  await searchAndAdd(page, 'deep focus', 1);
  await panel(page).getByRole('tab', { name: 'Playlist' }).click();
  await expect(
    panel(page).getByRole('list', { name: 'Player tracks' }).getByRole('listitem'),
  ).toHaveCount(2);
  await save.click();
  await expect(page.getByText('Playlist saved successfully')).toBeVisible();
  await screenshot(page, 'music-playlist-with-sample-1280');
  const saved = await page.evaluate(async (bearer) => {
    const answer = await fetch('/api/playlists', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return (await answer.json()) as { tracks: { title: string }[] }[];
  }, token);
  expect(saved.map((p) => p.tracks.map((t) => t.title))).toEqual([
    ['deep focus & rain: "focus" mix'],
  ]);
});

/** What our server answers when YouTube's oEmbed does not (apps/server music service, 502). */
async function oembedDown(page: Page): Promise<void> {
  await page.route('**/api/music/resolve?**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'YouTube is not responding right now. Please try again later.',
      }),
    }),
  );
}

/** oEmbed answers again, and the browser notices the network is back (an online event). */
async function oembedBack(page: Page): Promise<void> {
  await page.unroute('**/api/music/resolve?**');
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

async function savedTitles(token: string, id: string): Promise<string[]> {
  const response = await fetch(`${E2E_BASE_URL}/api/playlists/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const playlist = (await response.json()) as { tracks: { title: string }[] };
  return playlist.tracks.map((track) => track.title);
}

async function createPlaylist(
  token: string,
  tracks: { title: string; url: string }[],
): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/api/playlists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Later titles',
      description: '',
      tracks: tracks.map((t) => ({ ...t, artist: '', artwork: '', source: 'youtube' })),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test.describe('a pasted link while YouTube does not answer', () => {
  test('the player adds it under a temporary title and shows the real one once YouTube answers', async ({
    page,
  }) => {
    await fakeYouTubeInBrowser(page);
    const { token } = await createVerifiedUser('latertitle');
    await signInAs(page, token, '/dashboard');
    await openPlayer(page);
    await oembedDown(page);
    await panel(page).getByRole('tab', { name: 'Search' }).click();
    await panel(page)
      .getByLabel('Search YouTube or paste a link')
      .fill('https://youtu.be/M7lc1UVf-VE');
    await panel(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      panel(page).getByText(
        'YouTube did not answer, so this track has a temporary title for now. Its real title comes once YouTube answers.',
      ),
    ).toBeVisible();
    const results = panel(page).getByRole('list', { name: 'Search results' });
    await results.getByRole('button', { name: 'Add YouTube video M7lc1UVf-VE' }).click();
    await panel(page).getByRole('tab', { name: 'Playlist' }).click();
    const rows = panel(page).getByRole('list', { name: 'Player tracks' });
    await expect(
      rows.getByRole('button', { name: 'Play YouTube video M7lc1UVf-VE' }),
    ).toBeVisible();
    await screenshot(page, 'music-temporary-title-1280');

    await oembedBack(page);
    await expect(rows.getByRole('button', { name: 'Play Fake video M7lc1UVf-VE' })).toBeVisible();
    await expect(rows.getByText('Fake Channel')).toBeVisible();
    // The list in storage has it too (another tab, a reload).
    await page.reload();
    await openPlayer(page);
    await panel(page).getByRole('tab', { name: 'Playlist' }).click();
    await expect(rows.getByRole('button', { name: 'Play Fake video M7lc1UVf-VE' })).toBeVisible();
  });

  test('the playlist page adds it under a temporary title and saves the real one once YouTube answers', async ({
    page,
  }) => {
    await fakeYouTubeInBrowser(page);
    const { token } = await createVerifiedUser('laterpage');
    const id = await createPlaylist(token, []);
    await oembedDown(page);
    await signInAs(page, token, `/playlist/${id}`);
    await page.getByRole('tab', { name: 'Paste a link' }).click();
    await page
      .getByRole('textbox', { name: 'YouTube link or video id' })
      .fill('https://www.youtube.com/watch?v=M7lc1UVf-VE');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByText(
        'Added under a temporary title: YouTube did not answer. Its real title comes once YouTube answers.',
      ),
    ).toBeVisible();
    const tracks = page.getByRole('list', { name: 'Tracks' });
    await expect(tracks.getByText('YouTube video M7lc1UVf-VE')).toBeVisible();
    expect(await savedTitles(token, id)).toEqual(['YouTube video M7lc1UVf-VE']);
    await screenshot(page, 'playlist-temporary-title-1280');

    await oembedBack(page);
    await expect(tracks.getByText('Fake video M7lc1UVf-VE')).toBeVisible();
    expect(await savedTitles(token, id)).toEqual(['Fake video M7lc1UVf-VE']);
  });

  test('a track opened from a saved playlist gets its real title written back by the player', async ({
    page,
  }) => {
    await fakeYouTubeInBrowser(page);
    const { token } = await createVerifiedUser('laterplay');
    const id = await createPlaylist(token, [
      {
        title: 'YouTube video jNQXAC9IVRw',
        url: 'https://www.youtube.com/watch?v=jNQXAC9IVRw',
      },
      { title: 'Known title', url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE' },
    ]);
    await oembedDown(page);
    await signInAs(page, token, `/playlist/${id}`);
    await page.getByRole('button', { name: 'Play playlist' }).click();
    const bar = page.getByRole('region', { name: 'Music player (minimized)' });
    await expect(bar.getByText('YouTube video jNQXAC9IVRw')).toBeVisible();
    // The music plays before the network comes and goes below: a blip while YouTube's player is
    // still loading would rightly end in a skip to the next track (product §4), not a title.
    await expect.poll(() => ytCalls(page)).toContain('playVideo');
    // Away from the playlist page: only the player can write the title back.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await oembedBack(page);
    await expect(bar.getByText('Fake video jNQXAC9IVRw')).toBeVisible();
    await expect
      .poll(() => savedTitles(token, id))
      .toEqual(['Fake video jNQXAC9IVRw', 'Known title']);
  });
});

test("the search field's label stays on one line in the panel and on a phone", async ({ page }) => {
  const { token } = await createVerifiedUser('musiclabel');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, token, '/dashboard');
    await openPlayer(page);
    await panel(page).getByRole('tab', { name: 'Search' }).click();
    const label = panel(page).locator('label', { hasText: 'Search YouTube or paste a link' });
    const box = await label.boundingBox();
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box, `label at ${width} px`).not.toBeNull();
    // One line: no taller than a line and a half of its own text.
    expect(box!.height, `label at ${width} px`).toBeLessThan(lineHeight * 1.5);
  }
});
