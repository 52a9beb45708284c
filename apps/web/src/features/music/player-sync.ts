import {
  MUSIC_TIMINGS,
  PLAYLIST_LOADED_EVENT,
  STORAGE_KEYS,
  parseStoredTrack,
  parseStoredTracks,
  toPlayerTrack,
  toPlayerTracks,
  type PlaylistLoadedDetail,
} from '@focusroom/core';
import {
  clearFlag,
  isFlagSet,
  readStoredCurrentTrack,
  readStoredPlaylist,
  writeStoredCurrentTrack,
  writeStoredMinimized,
  writeStoredPlaylist,
  writeStoredVolume,
} from './music-storage';
import type { Player } from './player';

/**
 * How the player meets the rest of the app and other tabs (product §4): it keeps its list,
 * current track, volume and minimized flag in storage; polls the open flag every 300 ms and the
 * playlist-updated flag every 1 s; loads a playlist from the playlist-loaded window event; and
 * follows other tabs' changes of list and current track through storage events.
 * Returns the function that stops all of it.
 */
export function startPlayerSync(player: Player): () => void {
  const { store } = player;

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.tracks !== previous.tracks) writeStoredPlaylist(state.tracks);
    if (state.currentId !== previous.currentId || state.tracks !== previous.tracks) {
      const track = state.tracks.find((t) => t.id === state.currentId) ?? null;
      const before = previous.tracks.find((t) => t.id === previous.currentId) ?? null;
      if (track !== before) writeStoredCurrentTrack(track);
    }
    if (state.volume !== previous.volume) writeStoredVolume(state.volume);
    if (state.minimized !== previous.minimized) writeStoredMinimized(state.minimized);
  });

  const openPoll = setInterval(() => {
    if (!isFlagSet(STORAGE_KEYS.playerOpen)) return;
    clearFlag(STORAGE_KEYS.playerOpen);
    player.openPanel();
  }, MUSIC_TIMINGS.openFlagPollMs);

  const updatedPoll = setInterval(() => {
    if (!isFlagSet(STORAGE_KEYS.playlistUpdated)) return;
    clearFlag(STORAGE_KEYS.playlistUpdated);
    player.loadPlaylist(readStoredPlaylist(), readStoredCurrentTrack());
    player.openPanel();
  }, MUSIC_TIMINGS.playlistUpdatedPollMs);

  const onPlaylistLoaded = (event: Event) => {
    const detail = (event as CustomEvent<Partial<PlaylistLoadedDetail> | null>).detail;
    if (!detail) return;
    // The event carries the same list a page may also have flagged in storage.
    clearFlag(STORAGE_KEYS.playlistUpdated);
    player.loadPlaylist(
      toPlayerTracks(detail.tracks),
      toPlayerTrack(detail.currentTrack),
      detail.keepOpen === true,
    );
  };

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === STORAGE_KEYS.playlist) {
      player.syncFromOtherTab(parseStoredTracks(event.newValue), undefined);
    } else if (event.key === STORAGE_KEYS.currentTrack) {
      player.syncFromOtherTab(null, parseStoredTrack(event.newValue));
    }
  };

  window.addEventListener(PLAYLIST_LOADED_EVENT, onPlaylistLoaded);
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    clearInterval(openPoll);
    clearInterval(updatedPoll);
    window.removeEventListener(PLAYLIST_LOADED_EVENT, onPlaylistLoaded);
    window.removeEventListener('storage', onStorage);
  };
}
