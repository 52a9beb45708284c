/**
 * The player's own keys beside the five of product §3 (which live in ../storage-keys.ts): the
 * volume, and whether music follows the timer. Same `focusroom_` prefix.
 */
export const MUSIC_STORAGE_KEYS = {
  volume: 'focusroom_player_volume',
  followsTimer: 'focusroom_music_follows_timer',
} as const;
