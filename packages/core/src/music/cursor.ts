/**
 * The playlist cursor (product §4): which track is current as tracks come, go and the listener
 * steps through them. Pure: the web's player store applies these to its state.
 */
import type { PlayerTrack } from './track.js';

export interface PlaylistState {
  tracks: PlayerTrack[];
  /** The current track's id, or null when there is none. */
  currentId: string | null;
}

/**
 * Appends a track; the first track added to a list without a current track becomes current.
 * A track whose id is already in the list is not added twice (the state is returned as is).
 */
export function addTrack(state: PlaylistState, track: PlayerTrack): PlaylistState {
  if (state.tracks.some((t) => t.id === track.id)) return state;
  return {
    tracks: [...state.tracks, track],
    currentId: state.currentId ?? track.id,
  };
}

/**
 * Removes a track. Removing the current track moves to the first remaining track, or clears the
 * current track when none are left; removing another track leaves the current one.
 */
export function removeTrack(state: PlaylistState, id: string): PlaylistState {
  const tracks = state.tracks.filter((t) => t.id !== id);
  if (tracks.length === state.tracks.length) return state;
  if (state.currentId !== id) return { tracks, currentId: state.currentId };
  return { tracks, currentId: tracks[0]?.id ?? null };
}

/** The track after the current one, wrapping from the last to the first; null on an empty list. */
export function nextTrack(state: PlaylistState): PlayerTrack | null {
  return step(state, 1);
}

/** The track before the current one, wrapping from the first to the last; null on an empty list. */
export function previousTrack(state: PlaylistState): PlayerTrack | null {
  return step(state, -1);
}

function step(state: PlaylistState, by: 1 | -1): PlayerTrack | null {
  const count = state.tracks.length;
  if (count === 0) return null;
  const index = state.tracks.findIndex((t) => t.id === state.currentId);
  // No current track: next starts at the first, previous at the last.
  if (index === -1) return state.tracks[by === 1 ? 0 : count - 1] ?? null;
  return state.tracks[(index + by + count) % count] ?? null;
}

/** The current track object, or null. */
export function currentTrack(state: PlaylistState): PlayerTrack | null {
  return state.tracks.find((t) => t.id === state.currentId) ?? null;
}

/**
 * The track to skip to after the current one failed (product §4 retry-then-skip): the next one,
 * wrapping, that has not failed since a track last played. Null once every track of the list has
 * failed in a row, which is when the player stops with one message instead (product §4 Music player, decision 053).
 */
export function nextUnfailedTrack(
  state: PlaylistState,
  failed: ReadonlySet<string>,
): PlayerTrack | null {
  const count = state.tracks.length;
  const start = state.tracks.findIndex((t) => t.id === state.currentId);
  for (let offset = 1; offset <= count; offset += 1) {
    const candidate = state.tracks[(start + offset + count) % count];
    if (candidate && !failed.has(candidate.id)) return candidate;
  }
  return null;
}
