import { TRACK_SOURCES } from '../music/track.js';
import {
  MUSIC_SEARCH_QUERY_MAX_LENGTH,
  PLAYLIST_DESCRIPTION_MAX_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  PLAYLIST_TRACKS_MAX,
  PLAYLISTS_MAX_PER_USER,
  TRACK_ARTIST_MAX_LENGTH,
  TRACK_DURATION_MAX_SECONDS,
  TRACK_TITLE_MAX_LENGTH,
  TRACK_URL_MAX_LENGTH,
} from './limits.js';

/** What the playlists API answers in `message` and field errors (product §7 Playlists). */
export const PLAYLIST_API_MESSAGES = {
  nameRequired: 'Playlist name is required',
  nameTooLong: `Playlist name must be at most ${PLAYLIST_NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${PLAYLIST_DESCRIPTION_MAX_LENGTH} characters`,
  tooManyPlaylists: `You can keep at most ${PLAYLISTS_MAX_PER_USER} playlists. Delete one to create another.`,
  tooManyTracks: `A playlist can hold at most ${PLAYLIST_TRACKS_MAX} tracks.`,
  tracksList: 'Tracks must be a list of tracks',
  trackTitleRequired: 'Track title is required',
  trackTitleTooLong: `Track title must be at most ${TRACK_TITLE_MAX_LENGTH} characters`,
  trackArtistTooLong: `Track artist must be at most ${TRACK_ARTIST_MAX_LENGTH} characters`,
  trackUrl: `Track URL must be an http:// or https:// address of at most ${TRACK_URL_MAX_LENGTH} characters`,
  trackArtwork: `Artwork must be empty or an http:// or https:// address of at most ${TRACK_URL_MAX_LENGTH} characters`,
  trackDuration: `Track duration must be a whole number of seconds from 0 to ${TRACK_DURATION_MAX_SECONDS}`,
  trackSource: `Track source must be one of ${TRACK_SOURCES.join(', ')}`,
  songIdsList: 'song_ids must be a list of song ids',
  songIdsPermutation: 'song_ids must list every song of the playlist exactly once',
  notFound: 'Playlist not found',
  songNotFound: 'Song not found in this playlist',
  songChangeRequired: 'Send a title, an artist or an artwork to change',
} as const;

/** What the music endpoints answer (product §5, §7 Video search, §8 Music). */
export const MUSIC_API_MESSAGES = {
  /** Product §5: an empty or blank query. */
  queryRequired: 'Please enter a search query',
  queryTooLong: `Search query must be at most ${MUSIC_SEARCH_QUERY_MAX_LENGTH} characters`,
  /** 503: no YOUTUBE_API_KEY on this server; clients fall back as product §8 says. */
  searchNotConfigured:
    'YouTube search is not set up on this server. Paste a YouTube link to add a track instead.',
  /** 403 when the video service refused without saying why (product §8's wording). */
  searchAccessDenied: 'YouTube API access denied. The API key may be invalid or restricted.',
  /** 502: the video service failed, answered nonsense or took too long. */
  searchUnavailable: 'YouTube search is not responding right now. Please try again later.',
  linkRequired: 'Please paste a YouTube link or video id',
  linkInvalid: 'That is not a YouTube link or an 11-character video id',
  videoNotFound: 'That YouTube video does not exist or cannot be played here',
  resolveUnavailable: 'YouTube is not responding right now. Please try again later.',
} as const;
