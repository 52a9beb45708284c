/**
 * The player's own keys beside the five of product §3 (which live in ../storage-keys.ts): the
 * volume, whether music follows the timer, and where the panel was moved to. Same `focusroom_`
 * prefix.
 */
export const MUSIC_STORAGE_KEYS = {
  volume: 'focusroom_player_volume',
  followsTimer: 'focusroom_music_follows_timer',
  /** JSON `{ right, bottom }` in CSS pixels; absent: the first place (decision 054). */
  panelPosition: 'focusroom_player_position',
} as const;
