import { STORAGE_KEYS } from '@focusroom/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { announceSignOut } from '../../lib/auth-context';
import MusicPlayer from './music-player';
import { track } from './test-fakes';

function storeList() {
  const tracks = [track('aaaaaaaaaaa'), track('bbbbbbbbbbb')];
  localStorage.setItem(STORAGE_KEYS.playlist, JSON.stringify(tracks));
  localStorage.setItem(STORAGE_KEYS.currentTrack, JSON.stringify(tracks[1]));
}

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
