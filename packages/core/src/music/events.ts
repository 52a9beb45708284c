/**
 * How a page hands a playlist to the floating player (product §4). Two ways, both read by the
 * player, so a page works whether or not the player has loaded yet:
 *
 * 1. Write the storage keys: `STORAGE_KEYS.playlist` (JSON track list), `STORAGE_KEYS.currentTrack`
 *    (JSON track) and then `STORAGE_KEYS.playlistUpdated` (any non-empty value, e.g. `Date.now()`).
 *    The player polls the flag every 1 s: it reloads list and current track, plays and opens.
 * 2. Dispatch `new CustomEvent(PLAYLIST_LOADED_EVENT, { detail })` on `window`: a mounted player
 *    loads the list at once, clears the playlist-updated flag (it carries the same list) and
 *    starts playing after 300 ms. `keepOpen: true` opens the player minimized.
 */
import type { PlayerTrack } from './track.js';

export const PLAYLIST_LOADED_EVENT = 'focusroom:playlist-loaded';

export interface PlaylistLoadedDetail {
  tracks: PlayerTrack[];
  /** The track to start with; null (or one not in the list) starts with the first. */
  currentTrack: PlayerTrack | null;
  keepOpen?: boolean;
}
