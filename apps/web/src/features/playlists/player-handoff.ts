import {
  PLAYLIST_LOADED_EVENT,
  STORAGE_KEYS,
  toPlayerTracks,
  type PlaylistLoadedDetail,
} from '@focusroom/core';
import type { PlaylistTrack } from '@focusroom/core/schemas';
import { writeItem } from '../../lib/storage';

/**
 * Opens a saved playlist in the floating player (product §4), starting at `startIndex`. Each
 * track carries the playlist's id, so a title looked up later is written back to it (decision
 * 053). The
 * player keys hold the list and the current track, then the playlist-updated flag is raised, so
 * a player that has not loaded yet (or another tab) picks the list up on its 1 s poll; the
 * playlist-loaded window event hands both to a player already on this page, which clears the
 * flag and starts playing 300 ms later. `keepOpen` opens the player minimised, out of the
 * page's way. Returns what was handed over, or null for an empty list (docs/decisions/019).
 */
export function openInPlayer(
  playlist: { id: string; tracks: readonly PlaylistTrack[] },
  startIndex = 0,
  keepOpen = true,
): PlaylistLoadedDetail | null {
  const { tracks } = playlist;
  // The saved track's image_url becomes the player's artwork; a non-http(s) url is dropped.
  const playerTracks = toPlayerTracks(
    tracks.map((track) => ({ ...track, playlistId: playlist.id })),
  );
  if (playerTracks.length === 0) return null;
  const wanted = tracks[startIndex]?.id;
  const currentTrack = playerTracks.find((track) => track.id === wanted) ?? playerTracks[0]!;
  writeItem(STORAGE_KEYS.playlist, JSON.stringify(playerTracks));
  writeItem(STORAGE_KEYS.currentTrack, JSON.stringify(currentTrack));
  writeItem(STORAGE_KEYS.playlistUpdated, String(Date.now()));
  const detail: PlaylistLoadedDetail = { tracks: playerTracks, currentTrack, keepOpen };
  window.dispatchEvent(new CustomEvent(PLAYLIST_LOADED_EVENT, { detail }));
  return detail;
}
