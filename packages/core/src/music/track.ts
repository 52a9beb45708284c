/**
 * A track as the player holds it, and the shapes sent to the playlists API (product §3).
 */

/** `youtube` for tracks found by search or a pasted link; `audio` for a direct audio file URL. */
export type TrackSource = 'youtube' | 'audio';

export const TRACK_SOURCES: readonly TrackSource[] = ['youtube', 'audio'];

/** A track as held by the player (product §3): id, title, artist, url, artwork, source. */
export interface PlayerTrack {
  id: string;
  title: string;
  artist: string;
  url: string;
  /** An image URL; '' when there is none. */
  artwork: string;
  source: TrackSource;
  /**
   * One of product §8's sample results, shown when search failed: it plays, but it was not
   * found by anyone, so it is never saved into a playlist (decision 053).
   */
  sample?: true;
  /**
   * The saved playlist the track was opened from, whose song `id` is: where a title looked up
   * later is written back (decision 053).
   */
  playlistId?: string;
}

/** A track's duration when nobody knows it (product §9). */
export const TRACK_DURATION_DEFAULT_SECONDS = 0;
/** The name a saved playlist gets when none is typed (product §3, §9). */
export const DEFAULT_PLAYLIST_NAME = 'My Playlist';

/** A track sent inside POST /playlists (product §3). */
export interface CreatePlaylistTrack {
  id: string;
  title: string;
  artist: string;
  url: string;
  artwork: string;
  duration: number;
  source: string;
}

/** The body of POST /playlists/{id}/songs (product §3). */
export interface AddSongBody {
  title: string;
  artist: string;
  url: string;
  image_url: string;
  duration: number;
  source: string;
}

/** A track to send when creating a playlist: artwork defaults to '', duration to 0. */
export function toCreatePlaylistTrack(track: PlayerTrack): CreatePlaylistTrack {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist,
    url: track.url,
    artwork: track.artwork || '',
    duration: TRACK_DURATION_DEFAULT_SECONDS,
    source: track.source,
  };
}

/** A track to send when adding it to an existing playlist: image_url is its artwork. */
export function toAddSongBody(track: PlayerTrack): AddSongBody {
  return {
    title: track.title,
    artist: track.artist,
    url: track.url,
    image_url: track.artwork || '',
    duration: TRACK_DURATION_DEFAULT_SECONDS,
    source: track.source,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A player track read from untrusted JSON (another tab's storage, a window event, a saved
 * playlist's track with `image_url` instead of `artwork`), or null when it is not one. Only
 * http(s) URLs are kept: a track URL ends up in an audio element or an embed.
 */
export function toPlayerTrack(value: unknown): PlayerTrack | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  const url = value.url;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof url !== 'string') return null;
  if (!/^https?:\/\//i.test(url)) return null;
  const text = (key: string): string => (typeof value[key] === 'string' ? value[key] : '');
  const artwork = text('artwork') || text('image_url');
  const source: TrackSource = value.source === 'audio' ? 'audio' : 'youtube';
  return {
    id: String(id),
    title: text('title') || url,
    artist: text('artist'),
    url,
    artwork: /^https?:\/\//i.test(artwork) ? artwork : '',
    source,
    ...(value.sample === true ? { sample: true as const } : {}),
    ...(typeof value.playlistId === 'string' && value.playlistId !== ''
      ? { playlistId: value.playlistId }
      : {}),
  };
}

/** The tracks a Save sends to the server: the list without product §8's samples. */
export function savableTracks(tracks: readonly PlayerTrack[]): PlayerTrack[] {
  return tracks.filter((track) => track.sample !== true);
}

/** The tracks of an untrusted list, skipping entries that are not tracks. */
export function toPlayerTracks(value: unknown): PlayerTrack[] {
  if (!Array.isArray(value)) return [];
  const tracks: PlayerTrack[] = [];
  for (const entry of value) {
    const track = toPlayerTrack(entry);
    if (track) tracks.push(track);
  }
  return tracks;
}

/** Parses a JSON string from storage into a track list ([] when absent or broken). */
export function parseStoredTracks(raw: string | null): PlayerTrack[] {
  if (!raw) return [];
  try {
    return toPlayerTracks(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** Parses a JSON string from storage into a track (null when absent or broken). */
export function parseStoredTrack(raw: string | null): PlayerTrack | null {
  if (!raw) return null;
  try {
    return toPlayerTrack(JSON.parse(raw));
  } catch {
    return null;
  }
}
