import { STORAGE_KEYS, sampleTracks } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { MUSIC_MESSAGES } from './player-messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { announceSignOut } from '../auth/session-events';
import MusicPlayer from './music-player';
import { track } from './test-fakes';

function storeList() {
  const tracks = [track('aaaaaaaaaaa'), track('bbbbbbbbbbb')];
  localStorage.setItem(STORAGE_KEYS.playlist, JSON.stringify(tracks));
  localStorage.setItem(STORAGE_KEYS.currentTrack, JSON.stringify(tracks[1]));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MusicPlayer', () => {
  it('opens from the round button on the stored list and current track', async () => {
    storeList();
    renderWithProviders(<MusicPlayer />);
    await userEvent.click(screen.getByRole('button', { name: 'Open music player' }));
    expect(await screen.findByRole('region', { name: 'Music player' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Playlist' }));
    expect(screen.getByRole('button', { name: 'Play Song bbbbbbbbbbb' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('disables Save while the list is empty', async () => {
    renderWithProviders(<MusicPlayer />);
    await userEvent.click(screen.getByRole('button', { name: 'Open music player' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Playlist' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('leaves sample tracks out of a Save, and says so (decision 053)', async () => {
    const [sample] = sampleTracks();
    const mine = track('aaaaaaaaaaa');
    localStorage.setItem(STORAGE_KEYS.playlist, JSON.stringify([sample, mine]));
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({ id: 'p1' }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MusicPlayer />);
    await userEvent.click(screen.getByRole('button', { name: 'Open music player' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Playlist' }));
    expect(screen.getAllByText('Sample')).toHaveLength(1);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveAccessibleDescription(i18n._(MUSIC_MESSAGES.samplesNotSaved));
    await userEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/playlists');
    const body = JSON.parse(String(init?.body)) as { tracks: { id: string }[] };
    expect(body.tracks.map((t) => t.id)).toEqual([mine.id]);
  });

  it('disables Save when the list holds only samples', async () => {
    localStorage.setItem(STORAGE_KEYS.playlist, JSON.stringify(sampleTracks()));
    renderWithProviders(<MusicPlayer />);
    await userEvent.click(screen.getByRole('button', { name: 'Open music player' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Playlist' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the list when it unmounts, and empties player and storage when a session ends', async () => {
    storeList();
    const first = renderWithProviders(<MusicPlayer />);
    first.unmount();
    expect(localStorage.getItem(STORAGE_KEYS.playlist)).not.toBeNull();

    renderWithProviders(<MusicPlayer />);
    act(() => announceSignOut());
    expect(localStorage.getItem(STORAGE_KEYS.playlist)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentTrack)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open music player' }));
    expect(screen.getByText('Nothing playing')).toBeVisible();
  });

  it('opens the panel from ?musicPlayer=open', async () => {
    renderWithProviders(<MusicPlayer />, { route: '/dashboard?musicPlayer=open' });
    expect(await screen.findByRole('region', { name: 'Music player' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open music player' })).toBeNull();
  });
});
