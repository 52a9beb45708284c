/** The ambient mixer's keys in the browser's localStorage (product §3 client storage). */
export const AMBIENT_STORAGE_KEYS = {
  /** The mix now set in the mixer: `{ master, sounds: { [id]: { on, volume } } }`. */
  mix: 'focusroom_ambient_mix',
  /** Saved mixes: `[{ name, mix }]`, at most 20. */
  savedMixes: 'focusroom_ambient_saved_mixes',
  /** Sound follows the timer: `{ enabled, focus: { mix, volume }, break: { mix, volume } }`. */
  follow: 'focusroom_ambient_follow',
} as const;
