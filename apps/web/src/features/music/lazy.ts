/** The floating player, loaded after the first paint: a chunk of its own (docs/decisions/066). */
export const loadMusicPlayer = () => import('./music-player');
