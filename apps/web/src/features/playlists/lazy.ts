/** The playlist pages, each loaded on demand as a chunk of its own (docs/decisions/066). */
export const loadPlaylistsPage = () => import('./playlists-page');
export const loadPlaylistPage = () => import('./playlist-page');
