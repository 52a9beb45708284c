/**
 * What the music player offers the rest of the app (docs/decisions/066): its side of "sound
 * follows the timer" and the hand-off of a list to play (docs/decisions/019), both small and
 * without player code. The player itself loads through ./lazy.ts.
 */
export { musicFollowsTimer, pauseMusicForBreak, resumeMusicAfterBreak } from './break-follow';
export { handPlaylistToPlayer } from './playlist-handoff';
