import { DEFAULT_PLAYLIST_NAME, toCreatePlaylistTrack, type PlayerTrack } from '@focusroom/core';
import type {
  CreatePlaylistBody,
  UpdatePlaylistSongBody,
  MusicResolveResponse,
  MusicSearchResponse,
  Playlist,
} from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The player's calls (product §7): video search and link resolution (proxied), saving a list. */
export const musicApi = {
  search: (query: string) =>
    api.get<MusicSearchResponse>(`/music/search?q=${encodeURIComponent(query)}`, { retry: false }),
  resolve: (link: string) =>
    api.get<MusicResolveResponse>(`/music/resolve?url=${encodeURIComponent(link)}`, {
      retry: false,
    }),
  /** Writes a title looked up later into the saved playlist the track came from (decision 053). */
  updateSong: (playlistId: string, songId: string, body: UpdatePlaylistSongBody) =>
    api.patch<Playlist>(
      `/playlists/${encodeURIComponent(playlistId)}/songs/${encodeURIComponent(songId)}`,
      body,
      { retry: false },
    ),
  /** Saves the player's list as a new playlist (product §3 create shape; name My Playlist). */
  savePlaylist: (tracks: PlayerTrack[], name: string) => {
    const body: CreatePlaylistBody = {
      name: name.trim() || DEFAULT_PLAYLIST_NAME,
      description: '',
      tracks: tracks.map(toCreatePlaylistTrack),
    };
    return api.post<Playlist>('/playlists', body, { retry: false });
  },
};
