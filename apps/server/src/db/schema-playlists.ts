/** Tables of the playlists module; joined into Database in schema.ts. Same column rules as schema.ts. */

/** A user's playlist (migration 0008). */
export interface PlaylistsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  created_at: string;
  /** Raised by every change of the playlist or its tracks. */
  updated_at: string;
}

/** One song of a playlist; `position` is 0..n-1 in the playlist's order. */
export interface PlaylistTracksTable {
  id: string;
  playlist_id: string;
  position: number;
  title: string;
  artist: string;
  url: string;
  /** Thumbnail address or ''; answered as both `artwork` and `image_url`. */
  artwork: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  source: string;
  created_at: string;
}

export interface PlaylistTables {
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
}
