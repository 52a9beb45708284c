import { PageShell } from '../../components/page-shell';

/**
 * /playlist/{id}: one playlist and its tracks (product §2). The track list comes next; it reads
 * the id with `useParams<{ id: string }>()`.
 */
export function PlaylistPage() {
  return (
    <PageShell
      title="Playlist"
      description="Playlists and the music player are not available yet."
    />
  );
}
