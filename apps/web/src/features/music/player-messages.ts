import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { truncateTitle } from '@focusroom/core';

/**
 * The player's messages, word for word (product §5, §8), as catalog messages (decision 076):
 * rendered with `i18n._` where they are shown, so they follow a change of language. The two the
 * server also answers keep core's English exactly (MUSIC_API_MESSAGES; player-messages.test.ts
 * holds them to it).
 */
export const MUSIC_MESSAGES = {
  /** MUSIC_API_MESSAGES.queryRequired. */
  searchEmpty: msg`Please enter a search query`,
  /** MUSIC_API_MESSAGES.searchAccessDenied. */
  searchForbidden: msg`YouTube API access denied. The API key may be invalid or restricted.`,
  searchForbiddenToast: msg`YouTube search unavailable. Please contact support.`,
  searchFallback: msg`YouTube search failed. Showing sample results instead.`,
  searchFailed: msg`Search failed.`,
  playlistSaved: msg`Playlist saved successfully`,
  playlistSaveFailed: msg`Failed to save playlist`,
  playError: msg`Error playing video. Please try again.`,
  playbackSkip: msg`Playback error. Skipping to next track.`,
  initSkip: msg`Player initialization error. Skipping to next track.`,
  /**
   * Every track of the list failed in a row and at least one because the YouTube player never
   * became ready (offline, blocked): the player stops and says so once (decision 053).
   */
  unreachable: msg`YouTube cannot be reached, so the music has stopped. Check your connection, then press play to try again.`,
  /**
   * A pasted link YouTube could not look up (oEmbed or our server did not answer): the track is
   * offered under a temporary title, replaced once YouTube answers (decision 053).
   */
  titleLater: msg`YouTube did not answer, so this track has a temporary title for now. Its real title comes once YouTube answers.`,
  /** Beside Save when the list holds sample results, which are never saved (decision 053). */
  samplesNotSaved: msg`Sample tracks play here but are not saved into playlists: no search found them.`,
  /** Every track of the list failed in a row, each with a playback error: the player stops. */
  nonePlayable: msg`None of the tracks in the list could be played, so the music has stopped.`,
  /** Core's DEFAULT_PLAYLIST_NAME (product §9): the name a list is saved under when none is typed. */
  defaultPlaylistName: msg`My Playlist`,
} as const satisfies Record<string, MessageDescriptor>;

/**
 * The toasts for playing, paused, previous, next, added and removed tracks (product §8), in the
 * language active when they show.
 */
export const MUSIC_TOASTS = {
  playing: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Playing: ${title}`;
  },
  paused: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Paused: ${title}`;
  },
  previous: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Previous: ${title}`;
  },
  next: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Next: ${title}`;
  },
  added: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Added: ${title}`;
  },
  removed: (fullTitle: string) => {
    const title = truncateTitle(fullTitle);
    return t`Removed: ${title}`;
  },
} as const;
