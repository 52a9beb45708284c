import { readFollowsTimer, writeFollowsTimer } from './music-storage';

/**
 * The music's side of "sound follows the timer": what app/ calls when a break starts or the next
 * focus begins. Small on purpose (no player code), so importing it costs the first load nothing;
 * the player registers its handlers when it mounts, and until then both calls do nothing.
 *
 * Both honour the user's `musicFollowsTimer` preference (off by default; a switch in the
 * player's Now Playing tab). The last call wins: a resume cancels a pause still fading out, and
 * a resume only resumes music that a break paused, never music the user paused.
 */

export interface BreakFollowHandlers {
  pauseForBreak(): void;
  resumeAfterBreak(): void;
}

let handlers: BreakFollowHandlers | null = null;
const preferenceListeners = new Set<(on: boolean) => void>();

/** The player registers itself; the returned function unregisters it. */
export function registerBreakFollow(next: BreakFollowHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = null;
  };
}

/** Whether music pauses for breaks and resumes with the next focus (default off). */
export function musicFollowsTimer(): boolean {
  return readFollowsTimer();
}

export function setMusicFollowsTimer(on: boolean): void {
  writeFollowsTimer(on);
  for (const listener of preferenceListeners) listener(on);
}

export function subscribeMusicFollowsTimer(listener: (on: boolean) => void): () => void {
  preferenceListeners.add(listener);
  return () => preferenceListeners.delete(listener);
}

/** A break started: fade the music out (about 400 ms) and pause it, if it follows the timer. */
export function pauseMusicForBreak(): void {
  if (musicFollowsTimer()) handlers?.pauseForBreak();
}

/** The next focus started: resume what the break paused, fading in, if it follows the timer. */
export function resumeMusicAfterBreak(): void {
  if (musicFollowsTimer()) handlers?.resumeAfterBreak();
}
