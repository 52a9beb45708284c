/**
 * What playlists offer the rest of the app statically: nothing. Their pages load on demand
 * through ./lazy.ts (docs/decisions/066).
 */
export {};
