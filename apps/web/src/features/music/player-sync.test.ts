import { MUSIC_STORAGE_KEYS, PLAYLIST_LOADED_EVENT, STORAGE_KEYS } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPlayerSync } from './player-sync';
import { fakePlayer, track } from './test-fakes';

const a = track('aaaaaaaaaaa');
const b = track('bbbbbbbbbbb');

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

function synced(initial = {}) {
  const fake = fakePlayer(initial);
  stop = startPlayerSync(fake.player);
  return fake;
}

describe('the player and storage (product §3, §4)', () => {
  it('keeps the list, current track, volume and minimized flag in storage', () => {
    const { player } = synced();
    player.add(a);
    player.add(b);
    player.setVolume(70);
    player.setMinimized(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.playlist)!)).toEqual([a, b]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentTrack)!)).toEqual(a);
    expect(localStorage.getItem(MUSIC_STORAGE_KEYS.volume)).toBe('70');
    expect(localStorage.getItem(STORAGE_KEYS.playerMinimized)).toBe('true');
  });

  it('polls the open flag every 300 ms: opens the player and clears the flag', () => {
    const { state } = synced();
    localStorage.setItem(STORAGE_KEYS.playerOpen, 'true');
    vi.advanceTimersByTime(299);
    expect(state().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(state().open).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.playerOpen)).toBeNull();
  });

  it('polls the playlist-updated flag every 1 s: reloads, opens and plays', () => {
    const { state, engines } = synced();
    localStorage.setItem(STORAGE_KEYS.playlist, JSON.stringify([a, b]));
    localStorage.setItem(STORAGE_KEYS.currentTrack, JSON.stringify(b));
    localStorage.setItem(STORAGE_KEYS.playlistUpdated, String(Date.now()));
    vi.advanceTimersByTime(999);
    expect(state().tracks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(state()).toMatchObject({ tracks: [a, b], currentId: b.id, open: true });
    expect(localStorage.getItem(STORAGE_KEYS.playlistUpdated)).toBeNull();
    vi.advanceTimersByTime(301);
    expect(state().playing).toBe(true);
    expect(engines.youtube?.calls.at(-1)).toBe(`start ${b.id}`);
  });

  it('loads a playlist from the playlist-loaded event and clears the flag it duplicates', () => {
    const { state } = synced();
    localStorage.setItem(STORAGE_KEYS.playlistUpdated, '1');
    window.dispatchEvent(
      new CustomEvent(PLAYLIST_LOADED_EVENT, {
        detail: { tracks: [a, b, { junk: true }], currentTrack: b, keepOpen: true },
      }),
    );
    expect(state()).toMatchObject({ tracks: [a, b], currentId: b.id, open: true, minimized: true });
    expect(localStorage.getItem(STORAGE_KEYS.playlistUpdated)).toBeNull();
    vi.advanceTimersByTime(300);
    expect(state().playing).toBe(true);
  });

  it('follows storage events from other tabs', () => {
    const { state } = synced({ tracks: [a], currentId: a.id });
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.playlist,
        newValue: JSON.stringify([a, b]),
        storageArea: localStorage,
      }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: STORAGE_KEYS.currentTrack,
        newValue: JSON.stringify(b),
        storageArea: localStorage,
      }),
    );
    expect(state()).toMatchObject({ tracks: [a, b], currentId: b.id });
  });

  it('stops polling and listening when stopped', () => {
    const { state } = synced();
    stop();
    localStorage.setItem(STORAGE_KEYS.playerOpen, 'true');
    vi.advanceTimersByTime(1000);
    expect(state().open).toBe(false);
  });
});
