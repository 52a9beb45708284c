import { MUSIC_API_MESSAGES, truncateTitle } from '@focusroom/core';

/**
 * The player's messages, word for word (product §5, §8). The two the server also answers are
 * its own (MUSIC_API_MESSAGES), so each is written once.
 */
export const MUSIC_MESSAGES = {
  searchEmpty: MUSIC_API_MESSAGES.queryRequired,
  searchForbidden: MUSIC_API_MESSAGES.searchAccessDenied,
  searchForbiddenToast: 'YouTube search unavailable. Please contact support.',
  searchFallback: 'YouTube search failed. Showing sample results instead.',
  searchFailed: 'Search failed.',
  playlistSaved: 'Playlist saved successfully',
  playlistSaveFailed: 'Failed to save playlist',
  playError: 'Error playing video. Please try again.',
  playbackSkip: 'Playback error. Skipping to next track.',
  initSkip: 'Player initialization error. Skipping to next track.',
  /**
   * Every track of the list failed in a row and at least one because the YouTube player never
   * became ready (offline, blocked): the player stops and says so once (decision 053).
   */
  unreachable:
    'YouTube cannot be reached, so the music has stopped. Check your connection, then press play to try again.',
  /**
   * A pasted link YouTube could not look up (oEmbed or our server did not answer): the track is
   * offered under a temporary title, replaced once YouTube answers (decision 053).
   */
  titleLater:
    'YouTube did not answer, so this track has a temporary title for now. Its real title comes once YouTube answers.',
  /** Beside Save when the list holds sample results, which are never saved (decision 053). */
  samplesNotSaved:
    'Sample tracks play here but are not saved into playlists: no search found them.',
  /** Every track of the list failed in a row, each with a playback error: the player stops. */
  nonePlayable: 'None of the tracks in the list could be played, so the music has stopped.',
} as const;

/** The toasts for playing, paused, previous, next, added and removed tracks (product §8). */
export const MUSIC_TOASTS = {
  playing: (title: string) => `Playing: ${truncateTitle(title)}`,
  paused: (title: string) => `Paused: ${truncateTitle(title)}`,
  previous: (title: string) => `Previous: ${truncateTitle(title)}`,
  next: (title: string) => `Next: ${truncateTitle(title)}`,
  added: (title: string) => `Added: ${truncateTitle(title)}`,
  removed: (title: string) => `Removed: ${truncateTitle(title)}`,
} as const;
