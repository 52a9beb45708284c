import { PLAYLIST_LOADED_EVENT, STORAGE_KEYS, type PlaylistLoadedDetail } from '@focusroom/core';
import type { PlaylistTrack } from '@focusroom/core/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openInPlayer } from './player-handoff';

function saved(id: string, more: Partial<PlaylistTrack> = {}): PlaylistTrack {
  return {
    id,
    title: `Title ${id}`,
    artist: `Artist ${id}`,
    url: `https://www.youtube.com/watch?v=${id.padEnd(11, 'x')}`,
    artwork: '',
    image_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    duration: 0,
    source: 'youtube',
    position: 0,
    ...more,
  };
}

const playlist = (tracks: PlaylistTrack[]) => ({ id: 'pl-1', tracks });

describe('opening a playlist in the player', () => {
  const events: PlaylistLoadedDetail[] = [];
  const listen = (event: Event) => events.push((event as CustomEvent<PlaylistLoadedDetail>).detail);

  beforeEach(() => {
    localStorage.clear();
    events.length = 0;
    window.addEventListener(PLAYLIST_LOADED_EVENT, listen);
  });
  afterEach(() => {
    window.removeEventListener(PLAYLIST_LOADED_EVENT, listen);
    vi.useRealTimers();
  });

  it('stores the list and the current track, raises the updated flag, and sends the event', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    const detail = openInPlayer(playlist([saved('a'), saved('b'), saved('c')]), 1);

    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.playlist)!) as { id: string }[];
    expect(stored.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentTrack)!)).toMatchObject({
      id: 'b',
    });
    expect(localStorage.getItem(STORAGE_KEYS.playlistUpdated)).toBe(
      String(Date.parse('2026-11-23T10:00:00Z')),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual(detail);
    expect(events[0]!.currentTrack?.id).toBe('b');
    expect(events[0]!.keepOpen).toBe(true);
  });

  it('hands over tracks as the player holds them: artwork from image_url, no position, the playlist', () => {
    openInPlayer(playlist([saved('a')]));
    expect(events[0]!.tracks).toEqual([
      {
        id: 'a',
        title: 'Title a',
        artist: 'Artist a',
        url: 'https://www.youtube.com/watch?v=axxxxxxxxxx',
        artwork: 'https://i.ytimg.com/vi/a/hqdefault.jpg',
        source: 'youtube',
        playlistId: 'pl-1',
      },
    ]);
  });

  it('starts with the first track when the index is out of range', () => {
    openInPlayer(playlist([saved('a'), saved('b')]), 7);
    expect(events[0]!.currentTrack?.id).toBe('a');
  });

  it('does nothing for an empty list', () => {
    expect(openInPlayer(playlist([]))).toBeNull();
    expect(events).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.playlist)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.playlistUpdated)).toBeNull();
  });
});
