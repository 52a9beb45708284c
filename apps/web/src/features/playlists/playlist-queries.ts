import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client';
import { playlistsApi } from './playlists-api';
import type { AddSongBody } from '@focusroom/core';
import type { Playlist } from '@focusroom/core/schemas';
import { reorderedTracks } from './track-order';

const ROOT = 'playlists';

export const playlistKeys = {
  all: [ROOT] as const,
  list: () => [ROOT, 'list'] as const,
  detail: (id: string) => [ROOT, 'detail', id] as const,
};

/**
 * A playlist can change from elsewhere (the player's Save, another tab), so every visit asks the
 * server again; the cache only shows the last answer meanwhile.
 */
const FRESH = { staleTime: 0 } as const;

export function usePlaylistsQuery() {
  return useQuery({
    queryKey: playlistKeys.list(),
    queryFn: ({ signal }) => playlistsApi.list(signal),
    ...FRESH,
  });
}

export function usePlaylistQuery(id: string) {
  return useQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => playlistsApi.get(id, signal),
    ...FRESH,
  });
}

/** A 404 answers both an unknown id and someone else's playlist (product §6: owner only). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The playlist with its tracks, from the cache when the page already has it, else the server. */
export function fetchPlaylist(queryClient: QueryClient, id: string): Promise<Playlist> {
  return queryClient.fetchQuery({
    queryKey: playlistKeys.detail(id),
    queryFn: ({ signal }) => playlistsApi.get(id, signal),
    staleTime: 5_000,
  });
}

function refreshAll(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: playlistKeys.all });
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: playlistsApi.create,
    onSuccess: (created) => {
      queryClient.setQueryData(playlistKeys.detail(created.id), created);
      return refreshAll(queryClient);
    },
  });
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string; description: string }) =>
      playlistsApi.update(input.id, { name: input.name, description: input.description }),
    onSuccess: () => refreshAll(queryClient),
  });
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => playlistsApi.remove(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Playlist[]>(playlistKeys.list(), (list) =>
        list?.filter((playlist) => playlist.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: playlistKeys.list() });
    },
  });
}

export function useAddTrack(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSongBody) => playlistsApi.addTrack(playlistId, body),
    onSuccess: () => refreshAll(queryClient),
  });
}

export function useRemoveTrack(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (songId: string) => playlistsApi.removeTrack(playlistId, songId),
    onSuccess: () => refreshAll(queryClient),
  });
}

/**
 * Reorder shows the new order at once and sends it; a refusal puts the old order back (the
 * caller says so) and the server's order is fetched again either way.
 */
export function useReorderTracks(playlistId: string) {
  const queryClient = useQueryClient();
  const key = playlistKeys.detail(playlistId);
  return useMutation({
    mutationFn: (songIds: string[]) => playlistsApi.reorder(playlistId, songIds),
    onMutate: async (songIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Playlist>(key);
      if (previous) {
        queryClient.setQueryData<Playlist>(key, {
          ...previous,
          tracks: reorderedTracks(previous.tracks, songIds),
        });
      }
      return { previous };
    },
    onError: (_error, _songIds, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
