/**
 * What the playlists pages say (product §2 /playlists and /playlist/{id}, §8). A module of its
 * own, so the first load of / (which reads core's messages) does not carry the playlist pages'
 * words. Only the web shows them, so they are the web's (decision 070).
 */
export const PLAYLIST_PAGE_MESSAGES = {
  created: 'Playlist created',
  createFailed: 'Failed to create playlist',
  updated: 'Playlist updated',
  updateFailed: 'Failed to update playlist',
  deleted: 'Playlist deleted',
  deleteFailed: 'Failed to delete playlist',
  listLoadFailed: 'Your playlists could not be loaded',
  playlistLoadFailed: 'This playlist could not be loaded',
  tryAgain: 'Please check your connection and try again.',
  notFoundTitle: 'Playlist not found',
  notFound: 'This playlist does not exist, or it belongs to another account.',
  emptyList:
    'You have no playlists yet. Create one with New playlist, then add tracks from YouTube search or a pasted link.',
  emptyTracks:
    'This playlist has no tracks yet. Add one below: search YouTube or paste a YouTube link.',
  nothingToPlay: 'This playlist has no tracks to play yet.',
  playFailed: 'The playlist could not be opened in the player',
  trackAdded: 'Added to the playlist',
  trackAddFailed: 'Failed to add the track',
  /** A pasted link added while YouTube did not answer (decision 053). */
  trackAddedLater:
    'Added under a temporary title: YouTube did not answer. Its real title comes once YouTube answers.',
  trackRemoved: 'Removed from the playlist',
  trackRemoveFailed: 'Failed to remove the track',
  reorderFailed: 'The new order could not be saved, so the previous order is back.',
  searchNoResults: 'No videos found. Try other words, or paste a YouTube link instead.',
  searchFailed: 'Search failed. You can still add a track by pasting a YouTube link.',
} as const;
