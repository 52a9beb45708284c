import { PageShell } from '../../components/page-shell';

/** /playlists: the signed-in user's playlists (product §2). The list comes next. */
export function PlaylistsPage() {
  return (
    <PageShell
      title="Playlists"
      description="Playlists and the music player are not available yet."
    />
  );
}
