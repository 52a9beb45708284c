import { PLAYLIST_LOADED_EVENT, STORAGE_KEYS, type PlaylistLoadedDetail } from '@focusroom/core';
import { writeItem } from '../../lib/storage';

/**
 * Hands a list to the floating player through both of its doors (product §4, docs/decisions/019):
 * the player keys hold the list and the current track, then the playlist-updated flag is raised,
 * so a player that has not loaded yet (or another tab) picks the list up on its 1 s poll; the
 * playlist-loaded window event hands both to a player already on this page, which clears the
 * flag and starts playing 300 ms later. The one writer of the player's keys outside the player,
 * so other features call this instead (docs/decisions/067). Small on purpose: no player code.
 */
export function handPlaylistToPlayer(detail: PlaylistLoadedDetail): void {
  writeItem(STORAGE_KEYS.playlist, JSON.stringify(detail.tracks));
  writeItem(STORAGE_KEYS.currentTrack, JSON.stringify(detail.currentTrack));
  writeItem(STORAGE_KEYS.playlistUpdated, String(Date.now()));
  window.dispatchEvent(new CustomEvent(PLAYLIST_LOADED_EVENT, { detail }));
}
