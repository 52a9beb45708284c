/**
 * What the music player offers the rest of the app (docs/decisions/066): its side of "sound
 * follows the timer", small and without player code. The player itself loads through ./lazy.ts.
 */
export { musicFollowsTimer, pauseMusicForBreak, resumeMusicAfterBreak } from './break-follow';
