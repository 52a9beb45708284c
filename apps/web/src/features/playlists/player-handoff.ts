import { toPlayerTracks, type PlaylistLoadedDetail } from '@focusroom/core';
import type { PlaylistTrack } from '@focusroom/core/schemas';
import { handPlaylistToPlayer } from '../music';

/**
 * Opens a saved playlist in the floating player (product §4), starting at `startIndex`, through
 * the player's own hand-off (its keys and the playlist-loaded event, docs/decisions/019). Each
 * track carries the playlist's id, so a title looked up later is written back to it (decision
 * 053). `keepOpen` opens the player minimised, out of the page's way. Returns what was handed
 * over, or null for an empty list.
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
  const detail: PlaylistLoadedDetail = { tracks: playerTracks, currentTrack, keepOpen };
  handPlaylistToPlayer(detail);
  return detail;
}
