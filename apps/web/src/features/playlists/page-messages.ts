import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the playlists pages say (product §2 /playlists and /playlist/{id}, §8). A module of its
 * own, so the first load of / (which reads core's messages) does not carry the playlist pages'
 * words. Only the web shows them, so they are the web's (decision 070). Catalog messages
 * (decision 076), rendered with `i18n._` where they are shown.
 */
export const PLAYLIST_PAGE_MESSAGES = {
  created: msg`Playlist created`,
  createFailed: msg`Failed to create playlist`,
  updated: msg`Playlist updated`,
  updateFailed: msg`Failed to update playlist`,
  deleted: msg`Playlist deleted`,
  deleteFailed: msg`Failed to delete playlist`,
  listLoadFailed: msg`Your playlists could not be loaded`,
  playlistLoadFailed: msg`This playlist could not be loaded`,
  tryAgain: msg`Please check your connection and try again.`,
  notFoundTitle: msg`Playlist not found`,
  notFound: msg`This playlist does not exist, or it belongs to another account.`,
  emptyList: msg`You have no playlists yet. Create one with New playlist, then add tracks from YouTube search or a pasted link.`,
  emptyTracks: msg`This playlist has no tracks yet. Add one below: search YouTube or paste a YouTube link.`,
  nothingToPlay: msg`This playlist has no tracks to play yet.`,
  playFailed: msg`The playlist could not be opened in the player`,
  trackAddFailed: msg`Failed to add the track`,
  /** A pasted link added while YouTube did not answer (decision 053). */
  trackAddedLater: msg`Added under a temporary title: YouTube did not answer. Its real title comes once YouTube answers.`,
  trackRemoveFailed: msg`Failed to remove the track`,
  reorderFailed: msg`The new order could not be saved, so the previous order is back.`,
  searchNoResults: msg`No videos found. Try other words, or paste a YouTube link instead.`,
  searchFailed: msg`Search failed. You can still add a track by pasting a YouTube link.`,
} as const satisfies Record<string, MessageDescriptor>;

/**
 * Core's words the playlists pages show themselves (not the server's answers), word for word as
 * core has them (page-messages.test.ts holds them to it), so they can be translated.
 */
export const PLAYLIST_CORE_WORDS = {
  /** DEFAULT_PLAYLIST_NAME (product §9): a new playlist's name to start with. */
  defaultName: msg`My Playlist`,
  /** PLAYLIST_API_MESSAGES.nameRequired. */
  nameRequired: msg`Playlist name is required`,
  /** MUSIC_API_MESSAGES.queryRequired. */
  queryRequired: msg`Please enter a search query`,
  /** MUSIC_API_MESSAGES.linkRequired. */
  linkRequired: msg`Please paste a YouTube link or video id`,
  /** MUSIC_API_MESSAGES.searchAccessDenied: a 403 from search, whatever the server said. */
  searchAccessDenied: msg`YouTube API access denied. The API key may be invalid or restricted.`,
  /** MUSIC_API_MESSAGES.resolveUnavailable: a link could not be resolved and nobody said why. */
  resolveUnavailable: msg`YouTube is not responding right now. Please try again later.`,
} as const satisfies Record<string, MessageDescriptor>;

/** PLAYLIST_API_MESSAGES.nameTooLong, with core's limit. */
export function nameTooLong(max: number): MessageDescriptor {
  return msg`Playlist name must be at most ${max} characters`;
}

/** PLAYLIST_API_MESSAGES.descriptionTooLong, with core's limit. */
export function descriptionTooLong(max: number): MessageDescriptor {
  return msg`Description must be at most ${max} characters`;
}
