import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL, E2E_DIR } from '../support/env.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';

/** Stands in for every thumbnail the video service would serve (the test never leaves the box). */
const ARTWORK = path.join(E2E_DIR, '..', 'apps', 'web', 'public', 'icons', 'icon-192.png');

interface Track {
  id: string;
  title: string;
  artist: string;
  url: string;
  image_url: string;
}
interface Playlist {
  id: string;
  name: string;
  description: string;
  track_count: number;
  tracks: Track[];
}

async function api<T>(
  pathname: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${E2E_BASE_URL}/api${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const VIDEO_IDS = ['M7lc1UVf-VE', 'jNQXAC9IVRw', 'dQw4w9WgXcQ'];

/** A playlist of three tracks made through the API, as the player's Save would send it. */
async function makePlaylist(token: string, name = 'Deep work'): Promise<Playlist> {
  const tracks = ['Rain on glass', 'Night train', 'Low tide'].map((title, i) => ({
    id: VIDEO_IDS[i],
    title,
    artist: `Channel ${i + 1}`,
    url: `https://www.youtube.com/watch?v=${VIDEO_IDS[i]}`,
    artwork: `https://i.ytimg.com/vi/${VIDEO_IDS[i]}/hqdefault.jpg`,
    duration: 0,
    source: 'youtube',
  }));
  const created = await api<Playlist>('/playlists', token, {
    method: 'POST',
    body: JSON.stringify({ name, description: 'Three quiet tracks', tracks }),
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function serverTitles(token: string, id: string): Promise<string[]> {
  const answer = await api<Playlist>(`/playlists/${id}`, token);
  return answer.body.tracks.map((track) => track.title);
}

/** Thumbnails come from a local picture; the YouTube player's script never loads here. */
async function stayOffline(page: Page): Promise<void> {
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ path: ARTWORK }));
  await page.route('https://www.youtube.com/**', (route) => route.abort());
  await page.route('https://s.ytimg.com/**', (route) => route.abort());
}

const trackList = (page: Page) => page.getByRole('list', { name: 'Tracks' });

async function pageTitles(page: Page): Promise<string[]> {
  return trackList(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 4 px activation distance first, then to the target row's middle.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('create, rename and describe, then delete after a confirmation', async ({ page }) => {
  const { token } = await createVerifiedUser('pl');
  await stayOffline(page);
  await signInAs(page, token, '/playlists');
  await expect(page.getByRole('heading', { name: 'Playlists', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no playlists yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New playlist' }).click();
  let dialog = page.getByRole('dialog', { name: 'New playlist' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('My Playlist');
  // A blank name is refused on the spot and nothing is created.
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Playlist name is required')).toBeVisible();
  expect((await api<Playlist[]>('/playlists', token)).body).toHaveLength(0);

  await name.fill('Morning focus');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Before the first coffee');
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The new playlist opens, ready for its first track.
  await expect(page).toHaveURL(/\/playlist\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Morning focus', level: 1 })).toBeVisible();
  await expect(page.getByText('This playlist has no tracks yet.')).toBeVisible();

  await page.getByRole('link', { name: 'All playlists' }).click();
  const card = page.getByRole('article', { name: 'Morning focus' });
  await expect(card).toContainText('Before the first coffee');
  await expect(card).toContainText('0 tracks');

  await card.getByRole('button', { name: 'Edit Morning focus' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit playlist' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Evening focus');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('After dinner');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByRole('article', { name: 'Evening focus' });
  await expect(renamed).toContainText('After dinner');
  const stored = (await api<Playlist[]>('/playlists', token)).body;
  expect(stored.map((p) => [p.name, p.description])).toEqual([['Evening focus', 'After dinner']]);

  // Cancel keeps it; confirming deletes it.
  await renamed.getByRole('button', { name: 'Delete Evening focus' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete playlist' });
  await expect(dialog).toContainText('Delete Evening focus and its tracks?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await api<Playlist[]>('/playlists', token)).body).toHaveLength(1);

  await renamed.getByRole('button', { name: 'Delete Evening focus' }).click();
  await page
    .getByRole('dialog', { name: 'Delete playlist' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('You have no playlists yet.')).toBeVisible();
  expect((await api<Playlist[]>('/playlists', token)).body).toHaveLength(0);
});

test('reorder by drag and by keyboard, remove a track, open the playlist in the player', async ({
  page,
}) => {
  const { token } = await createVerifiedUser('pl');
  const playlist = await makePlaylist(token);
  await stayOffline(page);
  await signInAs(page, token, `/playlist/${playlist.id}`);
  await expect(page.getByRole('heading', { name: 'Deep work', level: 1 })).toBeVisible();
  expect(await pageTitles(page)).toEqual(['Rain on glass', 'Night train', 'Low tide']);

  // Drag the last track onto the first: it becomes first, on the page and on the server.
  await dragOnto(
    page,
    page.getByRole('button', { name: 'Move Low tide', exact: true }),
    trackList(page).getByRole('listitem').first(),
  );
  await expect.poll(() => pageTitles(page)).toEqual(['Low tide', 'Rain on glass', 'Night train']);
  await expect
    .poll(() => serverTitles(token, playlist.id))
    .toEqual(['Low tide', 'Rain on glass', 'Night train']);

  // Keyboard: Space picks the track up, an arrow moves it, Space drops it.
  const handle = page.getByRole('button', { name: 'Move Low tide', exact: true });
  // Handles rest while an order is being saved, so two orders never race.
  await expect(handle).toHaveAttribute('aria-disabled', 'false');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Picked up Low tide, position 1 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Low tide is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Low tide dropped at position 2 of 3.')).toBeAttached();
  await expect.poll(() => pageTitles(page)).toEqual(['Rain on glass', 'Low tide', 'Night train']);
  await expect
    .poll(() => serverTitles(token, playlist.id))
    .toEqual(['Rain on glass', 'Low tide', 'Night train']);

  // Escape puts a picked-up track back where it was.
  await expect(page.getByRole('button', { name: 'Move Night train', exact: true })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await page.getByRole('button', { name: 'Move Night train', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Moving cancelled. Night train stays at position 3.')).toBeAttached();
  expect(await serverTitles(token, playlist.id)).toEqual([
    'Rain on glass',
    'Low tide',
    'Night train',
  ]);

  await page.getByRole('button', { name: 'Remove Rain on glass' }).click();
  await expect.poll(() => pageTitles(page)).toEqual(['Low tide', 'Night train']);
  expect(await serverTitles(token, playlist.id)).toEqual(['Low tide', 'Night train']);
  await expect(page.getByText('2 tracks')).toBeVisible();

  // Playing hands the list to the player: its storage keys and the playlist-loaded event.
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { __loaded: unknown[] }).__loaded = seen;
    window.addEventListener('focusroom:playlist-loaded', (event) =>
      seen.push((event as CustomEvent).detail),
    );
  });
  await page.getByRole('button', { name: 'Play from Night train' }).click();
  const handed = await page.evaluate(() => ({
    events: (window as unknown as { __loaded: unknown[] }).__loaded,
    playlist: JSON.parse(localStorage.getItem('focusroom_playlist') ?? 'null') as {
      title: string;
    }[],
    current: JSON.parse(localStorage.getItem('focusroom_current_track') ?? 'null') as {
      title: string;
    },
  }));
  expect(handed.playlist.map((t) => t.title)).toEqual(['Low tide', 'Night train']);
  expect(handed.current.title).toBe('Night train');
  expect(handed.events).toHaveLength(1);
  expect(handed.events[0]).toMatchObject({
    keepOpen: true,
    currentTrack: {
      title: 'Night train',
      artist: 'Channel 2',
      url: `https://www.youtube.com/watch?v=${VIDEO_IDS[1]}`,
      artwork: `https://i.ytimg.com/vi/${VIDEO_IDS[1]}/hqdefault.jpg`,
      source: 'youtube',
    },
    tracks: [{ title: 'Low tide' }, { title: 'Night train' }],
  });
  // The floating player (mounted by the layout) takes the list, minimised on that track.
  await expect(page.getByRole('region', { name: 'Music player (minimized)' })).toContainText(
    'Night train',
  );

  // From the list page, Play starts at the first track.
  await page.goto('/playlists');
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { __loaded: unknown[] }).__loaded = seen;
    window.addEventListener('focusroom:playlist-loaded', (event) =>
      seen.push((event as CustomEvent).detail),
    );
  });
  await page.getByRole('button', { name: 'Play Deep work' }).click();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __loaded: { currentTrack: { title: string } }[] }).__loaded[0]
            ?.currentTrack.title,
      ),
    )
    .toBe('Low tide');
});

test('add a track from YouTube search and from a pasted link', async ({ page }) => {
  const { token } = await createVerifiedUser('pladd');
  const created = await api<Playlist>('/playlists', token, {
    method: 'POST',
    body: JSON.stringify({ name: 'Fresh', description: '', tracks: [] }),
  });
  const id = created.body.id;
  await stayOffline(page);
  await signInAs(page, token, `/playlist/${id}`);
  await expect(page.getByText('This playlist has no tracks yet.')).toBeVisible();

  // Search: a blank query is refused on the spot; results come from the server's proxy.
  const query = page.getByRole('textbox', { name: 'Search YouTube' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Please enter a search query')).toBeVisible();
  await query.fill('lofi');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(10);
  // The service's HTML-escaped title reads as text.
  await expect(results.getByRole('listitem').first()).toContainText('lofi & rain: "focus" mix');
  await expect(results.getByRole('listitem').first()).toContainText('Fake Channel 1');
  await results.getByRole('button', { name: 'Add lofi & rain: "focus" mix' }).click();
  await expect(trackList(page).getByRole('listitem')).toHaveCount(1);
  await expect(trackList(page)).toContainText('lofi & rain: "focus" mix');

  // A pasted link: junk and an unknown video are explained; a real link is added.
  await page.getByRole('tab', { name: 'Paste a link' }).click();
  const link = page.getByRole('textbox', { name: 'YouTube link or video id' });
  await link.fill('not a link');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByText('That is not a YouTube link or an 11-character video id'),
  ).toBeVisible();
  await link.fill('https://www.youtube.com/watch?v=missing0000');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByText('That YouTube video does not exist or cannot be played here'),
  ).toBeVisible();
  await link.fill('https://youtu.be/M7lc1UVf-VE');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(trackList(page).getByRole('listitem')).toHaveCount(2);
  await expect(link).toHaveValue('');
  await expect(page.getByText('2 tracks')).toBeVisible();

  const saved = (await api<Playlist>(`/playlists/${id}`, token)).body.tracks;
  expect(saved).toHaveLength(2);
  expect(saved[0]).toMatchObject({
    title: 'lofi & rain: "focus" mix',
    artist: 'Fake Channel 1',
    source: 'youtube',
    duration: 0,
  });
  expect(saved[0]!.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  expect(saved[0]!.image_url).toMatch(/^https:\/\/i\.ytimg\.com\//);
  expect(saved[1]).toMatchObject({
    url: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
    source: 'youtube',
  });
  await expectNoAxeViolations(page);
});

test("another account's playlist, and an unknown id, are not found", async ({ page }) => {
  const owner = await createVerifiedUser('plowner');
  const other = await createVerifiedUser('plother');
  const theirs = await makePlaylist(owner.token, 'Private mix');
  await stayOffline(page);
  await signInAs(page, other.token, `/playlist/${theirs.id}`);
  await expect(page.getByRole('heading', { name: 'Playlist not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Private mix')).toHaveCount(0);
  await expect(page.getByText('Rain on glass')).toHaveCount(0);
  await page.goto('/playlist/0195f0a4-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Playlist not found', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'All playlists' }).click();
  await expect(page).toHaveURL(/\/playlists$/);
});

for (const width of [1280, 390]) {
  test(`the playlists pages at ${width} px: screenshots and axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const { token } = await createVerifiedUser('plshot');
    const playlist = await makePlaylist(token);
    await makePlaylist(token, 'Rainy afternoon with a rather long name for a playlist');
    await stayOffline(page);
    await signInAs(page, token, '/playlists');
    await expect(page.getByRole('article')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await screenshot(page, `playlists-${width}`);

    await page.goto(`/playlist/${playlist.id}`);
    await expect(trackList(page).getByRole('listitem')).toHaveCount(3);
    await expect(trackList(page).locator('img').first()).toHaveJSProperty('complete', true);
    await expectNoAxeViolations(page);
    await screenshot(page, `playlist-${width}`);
    // Nothing sticks out sideways at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit playlist' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Deep work');
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: path.join(E2E_DIR, '.artifacts', 'screenshots', `playlist-edit-${width}.png`),
    });
  });
}
