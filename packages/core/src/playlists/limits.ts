import type { TrackSource } from '../music/track.js';

/**
 * Limits of playlists and of the music endpoints (product §3, §7, §9). The zod schemas, the
 * server and the web app read them from here.
 */

/** Playlists one account may keep. */
export const PLAYLISTS_MAX_PER_USER = 200;
/** Tracks one playlist may hold. */
export const PLAYLIST_TRACKS_MAX = 500;
export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const PLAYLIST_DESCRIPTION_MAX_LENGTH = 500;

export const TRACK_TITLE_MAX_LENGTH = 300;
export const TRACK_ARTIST_MAX_LENGTH = 200;
/** Track url and artwork addresses. */
export const TRACK_URL_MAX_LENGTH = 2048;
/** Track duration in seconds (0 when unknown, product §9). */
export const TRACK_DURATION_MAX_SECONDS = 24 * 60 * 60;
/** What a track is from when the client does not say (product §3: searched tracks). */
export const TRACK_SOURCE_DEFAULT: TrackSource = 'youtube';

/** Search results per query (product §9). */
export const MUSIC_SEARCH_MAX_RESULTS = 10;
export const MUSIC_SEARCH_QUERY_MAX_LENGTH = 200;
/** A pasted link or id to resolve. */
export const MUSIC_RESOLVE_INPUT_MAX_LENGTH = 2048;
/** How long the server keeps a search answer or a resolved link. */
export const MUSIC_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the server waits for the video service before answering 502. */
export const MUSIC_UPSTREAM_TIMEOUT_MS = 8000;
