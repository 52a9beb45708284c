import {
  MUSIC_API_MESSAGES,
  PLAYLIST_API_MESSAGES,
  PLAYLIST_LOADED_EVENT,
  STORAGE_KEYS,
} from '@focusroom/core';
import { i18n } from '@lingui/core';
import { PLAYLIST_PAGE_MESSAGES } from './page-messages';
import type { Playlist, PlaylistTrack } from '@focusroom/core/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { playlistKeys, useReorderTracks } from './playlist-queries';
import { PlaylistPage } from './playlist-page';
import { PlaylistsPage } from './playlists-page';

const PID = '0195f0a4-0000-7000-8000-0000000000a1';

function track(id: string, position: number): PlaylistTrack {
  return {
    id,
    title: `Song ${id}`,
    artist: `Band ${id}`,
    url: `https://www.youtube.com/watch?v=${id.padEnd(11, '0')}`,
    artwork: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    image_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    duration: 0,
    source: 'youtube',
    position,
  };
}

function playlist(more: Partial<Playlist> = {}): Playlist {
  const tracks = more.tracks ?? [track('a', 0), track('b', 1), track('c', 2)];
  return {
    id: PID,
    name: 'Deep work',
    description: 'Quiet music',
    created_at: '2026-11-23T09:00:00.000Z',
    updated_at: '2026-11-23T09:00:00.000Z',
    track_count: tracks.length,
    tracks,
    ...more,
  };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let calls: { method: string; path: string; body: unknown }[] = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname + url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return handler(url, { ...init, method });
    }),
  );
}

const sent = (method: string) => calls.filter((call) => call.method === method);
const signedIn = () => stubAuth({ status: 'authenticated', user: makeUser(), token: 't' });

function renderPlaylist(route = `/playlist/${PID}`) {
  return renderWithProviders(
    <Routes>
      <Route path="/playlist/:id" element={<PlaylistPage />} />
      <Route path="/playlists" element={<p>list page</p>} />
    </Routes>,
    { route, auth: signedIn() },
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 't');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/playlists', () => {
  it('says what to do when there are no playlists', async () => {
    serve(() => jsonResponse([]));
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    expect(await screen.findByText(i18n._(PLAYLIST_PAGE_MESSAGES.emptyList))).toBeInTheDocument();
  });

  it('lists each playlist with its description and track count, linked to its page', async () => {
    serve(() =>
      jsonResponse([
        playlist(),
        playlist({ id: 'p2', name: 'Empty', description: '', tracks: [] }),
      ]),
    );
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    const link = await screen.findByRole('link', { name: 'Deep work' });
    expect(link).toHaveAttribute('href', `/playlist/${PID}`);
    expect(screen.getByText('Quiet music')).toBeInTheDocument();
    expect(screen.getByText('3 tracks')).toBeInTheDocument();
    expect(screen.getByText('0 tracks')).toBeInTheDocument();
    // Nothing to play in an empty playlist.
    expect(screen.getByRole('button', { name: 'Play Empty' })).toBeDisabled();
  });

  it('shows that the list is loading until it arrives', async () => {
    let answer!: (response: Response) => void;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    expect(await screen.findByRole('status', { name: 'Loading your playlists' })).toBeVisible();
    answer(jsonResponse([playlist()]));
    expect(await screen.findByRole('link', { name: 'Deep work' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your playlists' })).toBeNull();
  });

  it('shows a load failure with a way to try again', async () => {
    serve(() => jsonResponse({ message: 'Database unavailable' }, 503));
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    expect(
      await screen.findByText(i18n._(PLAYLIST_PAGE_MESSAGES.listLoadFailed)),
    ).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    serve(() => jsonResponse([]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(i18n._(PLAYLIST_PAGE_MESSAGES.emptyList))).toBeInTheDocument();
  });

  async function openCreateDialog() {
    serve((url, init) =>
      init.method === 'POST'
        ? jsonResponse(playlist({ name: 'My Playlist', tracks: [] }), 201)
        : jsonResponse([]),
    );
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'New playlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New playlist' });
    return { dialog, name: within(dialog).getByRole('textbox', { name: /Name/ }) };
  }

  it('refuses a blank or too long name without sending anything', async () => {
    const { dialog, name } = await openCreateDialog();
    await userEvent.clear(name);
    await userEvent.paste('   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PLAYLIST_API_MESSAGES.nameRequired)).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PLAYLIST_API_MESSAGES.nameTooLong)).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);
  });

  it('creates a playlist named My Playlist unless told otherwise, trimmed', async () => {
    const { dialog, name } = await openCreateDialog();
    expect(name).toHaveValue('My Playlist');
    await userEvent.clear(name);
    await userEvent.paste('  Morning  ');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Description/ }));
    await userEvent.paste('Calm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toMatchObject({
      path: '/api/playlists',
      body: { name: 'Morning', description: 'Calm', tracks: [] },
    });
  });

  it('deletes only after the confirmation', async () => {
    let list = [playlist()];
    serve((url, init) => {
      if (init.method === 'DELETE') {
        list = [];
        return new Response(null, { status: 204 });
      }
      return jsonResponse(list);
    });
    renderWithProviders(<PlaylistsPage />, { route: '/playlists', auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Deep work' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete playlist' });
    const question = within(dialog).getByText((_, element) => element?.tagName === 'P');
    expect(question).toHaveTextContent(
      /^Delete Deep work and its tracks\? This cannot be undone\.$/,
    );
    expect(within(question).getByText('Deep work').tagName).toBe('STRONG');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Deep work' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete playlist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]!.path).toBe(`/api/playlists/${PID}`);
    expect(await screen.findByText(i18n._(PLAYLIST_PAGE_MESSAGES.emptyList))).toBeInTheDocument();
  });
});

describe('/playlist/{id}', () => {
  it('shows not found for an unknown id or another account’s playlist', async () => {
    serve(() => jsonResponse({ message: 'Playlist not found' }, 404));
    renderPlaylist();
    expect(
      await screen.findByRole('heading', { name: i18n._(PLAYLIST_PAGE_MESSAGES.notFoundTitle) }),
    ).toBeInTheDocument();
    expect(screen.getByText(i18n._(PLAYLIST_PAGE_MESSAGES.notFound))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All playlists/ })).toHaveAttribute(
      'href',
      '/playlists',
    );
  });

  it('lists the tracks in order and plays from the one asked for', async () => {
    serve(() => jsonResponse(playlist()));
    const events: unknown[] = [];
    const listen = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(PLAYLIST_LOADED_EVENT, listen);
    renderPlaylist();
    const list = await screen.findByRole('list', { name: 'Tracks' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Song aBand a', 'Song bBand b', 'Song cBand c']);
    await userEvent.click(screen.getByRole('button', { name: 'Play from Song b' }));
    window.removeEventListener(PLAYLIST_LOADED_EVENT, listen);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ currentTrack: { id: 'b' }, keepOpen: true });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentTrack)!)).toMatchObject({ id: 'b' });
  });

  it('renames the playlist from its page, keeping its description', async () => {
    let current = playlist();
    serve((url, init) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { name: string; description: string };
        current = playlist({ ...body });
        return jsonResponse(current);
      }
      return jsonResponse(current);
    });
    renderPlaylist();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit playlist' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Deep work');
    await userEvent.clear(name);
    await userEvent.paste('Shallow work');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Shallow work', level: 1 })).toBeVisible();
    expect(sent('PUT')[0]).toMatchObject({
      path: `/api/playlists/${PID}`,
      body: { name: 'Shallow work', description: 'Quiet music' },
    });
  });

  it('removes a track', async () => {
    let current = playlist();
    serve((url, init) => {
      if (init.method === 'DELETE') {
        current = playlist({ tracks: [track('a', 0), track('c', 1)] });
        return new Response(null, { status: 204 });
      }
      return jsonResponse(current);
    });
    renderPlaylist();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Song b' }));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(sent('DELETE')[0]!.path).toBe(`/api/playlists/${PID}/songs/b`);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Song b' })).not.toBeInTheDocument(),
    );
  });

  it('refuses a blank search without asking the server', async () => {
    serve(() => jsonResponse(playlist()));
    renderPlaylist();
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MUSIC_API_MESSAGES.queryRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/music'))).toHaveLength(0);
  });

  it('adds a search result with the add-song shape (image_url, duration 0, source youtube)', async () => {
    serve((url, init) => {
      if (url.pathname === '/api/music/search') {
        return jsonResponse({
          items: [
            {
              id: { videoId: 'dQw4w9WgXcQ' },
              snippet: {
                title: "Rain & piano 'live'",
                channelTitle: 'Calm Channel',
                thumbnails: {
                  default: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg' },
                  high: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' },
                },
              },
            },
          ],
        });
      }
      if (init.method === 'POST') return jsonResponse(track('d', 3), 201);
      return jsonResponse(playlist());
    });
    renderPlaylist();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search YouTube' }), 'rain');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const add = await screen.findByRole('button', { name: "Add Rain & piano 'live'" });
    expect(sent('GET').some((call) => call.path === '/api/music/search?q=rain')).toBe(true);
    await userEvent.click(add);
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]).toEqual({
      method: 'POST',
      path: `/api/playlists/${PID}/songs`,
      body: {
        title: "Rain & piano 'live'",
        artist: 'Calm Channel',
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        image_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        duration: 0,
        source: 'youtube',
      },
    });
  });

  it('says why a search failed and points to pasting a link', async () => {
    serve((url) =>
      url.pathname === '/api/music/search'
        ? jsonResponse({ message: MUSIC_API_MESSAGES.searchNotConfigured }, 503)
        : jsonResponse(playlist()),
    );
    renderPlaylist();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search YouTube' }), 'rain');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MUSIC_API_MESSAGES.searchNotConfigured)).toBeInTheDocument();
  });

  it('adds a pasted link through the resolver; a bad link shows the server’s reason', async () => {
    serve((url, init) => {
      if (url.pathname === '/api/music/resolve') {
        if (url.searchParams.get('url') === 'nope') {
          return jsonResponse({ message: MUSIC_API_MESSAGES.linkInvalid }, 400);
        }
        return jsonResponse({
          track: {
            id: 'dQw4w9WgXcQ',
            title: 'Resolved song',
            artist: 'Someone',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            artwork: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
            source: 'youtube',
          },
        });
      }
      if (init.method === 'POST') return jsonResponse(track('d', 3), 201);
      return jsonResponse(playlist());
    });
    renderPlaylist();
    await userEvent.click(await screen.findByRole('tab', { name: 'Paste a link' }));
    const input = await screen.findByRole('textbox', { name: 'YouTube link or video id' });
    await userEvent.type(input, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MUSIC_API_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'https://youtu.be/dQw4w9WgXcQ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      title: 'Resolved song',
      artist: 'Someone',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image_url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      duration: 0,
      source: 'youtube',
    });
    await waitFor(() => expect(input).toHaveValue(''));
  });
});

describe('reordering', () => {
  function setUp(answer: () => Promise<Response>) {
    let accepted = ['a', 'b', 'c'];
    serve(async (url, init) => {
      if (init.method !== 'PUT') {
        return jsonResponse(playlist({ tracks: accepted.map((id, i) => track(id, i)) }));
      }
      const response = await answer();
      if (response.ok)
        accepted = (JSON.parse(init.body as string) as { song_ids: string[] }).song_ids;
      return response;
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    queryClient.setQueryData(playlistKeys.detail(PID), playlist());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useReorderTracks(PID), { wrapper });
    const order = () =>
      queryClient.getQueryData<Playlist>(playlistKeys.detail(PID))!.tracks.map((t) => t.id);
    return { hook, order };
  }

  it('shows the new order at once and puts the old one back when the server refuses', async () => {
    let refuse!: () => void;
    const { hook, order } = setUp(
      () =>
        new Promise((resolve) => {
          refuse = () => resolve(jsonResponse({ message: 'song_ids must list every song' }, 400));
        }),
    );
    act(() => hook.result.current.mutate(['c', 'a', 'b']));
    await waitFor(() => expect(order()).toEqual(['c', 'a', 'b']));
    expect(sent('PUT')[0]).toMatchObject({
      path: `/api/playlists/${PID}/songs/order`,
      body: { song_ids: ['c', 'a', 'b'] },
    });
    act(() => refuse());
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(order()).toEqual(['a', 'b', 'c']);
  });

  it('keeps the new order when the server accepts it', async () => {
    const { hook, order } = setUp(async () => new Response(null, { status: 204 }));
    act(() => hook.result.current.mutate(['b', 'c', 'a']));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(sent('PUT')).toHaveLength(1);
    expect(order()).toEqual(['b', 'c', 'a']);
  });
});
