import { isProvisionalTrack } from '@focusroom/core';
import type { Playlist } from '@focusroom/core/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { startTitleLookups } from '../../lib/title-lookups';
import { playlistKeys } from './playlist-queries';
import { playlistsApi } from './playlists-api';

/**
 * While the playlist holds tracks added under a temporary title (YouTube did not answer when
 * their link was pasted), looks their real titles up again and writes each into the playlist on
 * the server (decision 053).
 */
export function useLaterTitles(playlist: Playlist): void {
  const queryClient = useQueryClient();
  const latest = useRef(playlist);
  const waiting = playlist.tracks.some(isProvisionalTrack);

  useEffect(() => {
    latest.current = playlist;
  }, [playlist]);

  useEffect(() => {
    if (!waiting) return undefined;
    const id = playlist.id;
    return startTitleLookups({
      waiting: () =>
        latest.current.tracks
          .filter(isProvisionalTrack)
          .map((track) => ({ key: track.id, url: track.url })),
      resolve: playlistsApi.resolve,
      apply: async (songId, real) => {
        await playlistsApi.updateTrack(id, songId, {
          title: real.title,
          artist: real.artist,
          ...(real.artwork ? { image_url: real.artwork } : {}),
        });
        await queryClient.invalidateQueries({ queryKey: playlistKeys.detail(id) });
      },
    });
  }, [waiting, playlist.id, queryClient]);
}
