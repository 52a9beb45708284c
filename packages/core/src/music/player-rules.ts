/**
 * The player's numbers (product §4, §9): volume, title truncation and its timings. Pure, so the
 * web's player store and its tests share one copy; its words are the web's
 * (features/music/player-messages.ts).
 */

/** Volume runs 0-100 (product §5, §9). */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;
export const VOLUME_DEFAULT = 50;

/**
 * A volume clamped to 0-100 and rounded to a whole number; anything that is not a finite number
 * (a broken stored value, NaN) is the default 50.
 */
export function clampVolume(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return VOLUME_DEFAULT;
  return Math.round(Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, number)));
}

/** Titles in toasts are cut to 30 characters plus an ellipsis (product §8, §9). */
export const TOAST_TITLE_MAX_LENGTH = 30;

/** `title` cut to 30 characters followed by '...', or as it is when it fits. */
export function truncateTitle(title: string, max: number = TOAST_TITLE_MAX_LENGTH): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : title;
}

/** Timings of product §4 and §9, in milliseconds. */
export const MUSIC_TIMINGS = {
  /** Local storage is polled this often for the player-open flag. */
  openFlagPollMs: 300,
  /** Local storage is polled this often for the playlist-updated flag. */
  playlistUpdatedPollMs: 1000,
  /** A playlist-loaded event starts playing this long after it arrives. */
  playlistLoadedStartMs: 300,
  /** Playback starts this long after a track is selected while playing. */
  startDelayMs: 1000,
  /** A player that is not ready yet is tried again after this long, then the next track plays. */
  notReadyRetryMs: 2000,
  /** After a playback error (with more than one track) the next track plays after this long. */
  errorSkipMs: 500,
  /**
   * The YouTube IFrame API script counts as failed when it has neither loaded nor failed by then
   * (a request a firewall swallows), so a later press of play may fetch it again.
   */
  scriptLoadTimeoutMs: 15_000,
  /**
   * How often the real title of a track added under a temporary one is looked up again while
   * YouTube does not answer (also at once when the browser comes back online).
   */
  titleLookupRetryMs: 60_000,
} as const;

/** How long each kind of toast stays (product §9). */
export const MUSIC_TOAST_MS = {
  playPause: 1500,
  success: 3000,
  error: 5000,
} as const;

/** Fade of the music's volume when a break pauses it or the next focus resumes it. */
export const MUSIC_BREAK_FADE_MS = 400;
