import { api } from '../../lib/api-client';
import type { AddSongBody } from '@focusroom/core';
import type {
  MusicResolveResponse,
  MusicSearchResponse,
  Playlist,
  PlaylistTrack,
  UpdatePlaylistSongBody,
} from '@focusroom/core/schemas';

/** The calls of product §7 Playlists, plus song removal, reorder, search and link resolution. */

const BASE = '/playlists';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const playlistsApi = {
  list: (signal?: AbortSignal) => api.getList<Playlist>(BASE, signal ? { signal } : undefined),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Playlist>(one(id), signal ? { signal } : undefined),
  /** Product §7: a new playlist is sent with its name, description and (here, no) tracks. */
  create: (body: { name: string; description: string }) =>
    api.post<Playlist>(BASE, { ...body, tracks: [] }, { retry: false }),
  update: (id: string, body: { name: string; description: string }) =>
    api.put<Playlist>(one(id), body, { retry: false }),
  remove: (id: string) => api.delete<void>(one(id), undefined, { retry: false }),
  addTrack: (id: string, body: AddSongBody) =>
    api.post<unknown>(`${one(id)}/songs`, body, { retry: false }),
  removeTrack: (id: string, songId: string) =>
    api.delete<unknown>(`${one(id)}/songs/${encodeURIComponent(songId)}`, undefined, {
      retry: false,
    }),
  /** A song's real title, looked up after it was added under a temporary one (decision 053). */
  updateTrack: (id: string, songId: string, body: UpdatePlaylistSongBody) =>
    api.patch<Playlist>(`${one(id)}/songs/${encodeURIComponent(songId)}`, body, { retry: false }),
  reorder: (id: string, songIds: string[]) =>
    api.put<unknown>(`${one(id)}/songs/order`, { song_ids: songIds }, { retry: false }),
  tracks: (id: string) => api.getList<PlaylistTrack>(`${one(id)}/songs`),
  /** The server's proxy of the video search (at most 10 items in the upstream shape). */
  search: (q: string, signal?: AbortSignal) =>
    api.get<MusicSearchResponse>(
      `/music/search?q=${encodeURIComponent(q)}`,
      signal ? { signal, retry: false } : { retry: false },
    ),
  /** A pasted YouTube link or bare id, resolved by the server without an API key. */
  resolve: (url: string) =>
    api.get<MusicResolveResponse>(`/music/resolve?url=${encodeURIComponent(url)}`, {
      retry: false,
    }),
};
