import { MUSIC_BREAK_FADE_MS } from '@focusroom/core';

/** Steps of a break fade. */
const FADE_STEPS = 8;

/**
 * The music's level during break fades (product §4: it fades out when a break starts and back
 * in with the next focus): 0-1, multiplied into the volume. A plain setInterval, so tests drive
 * it with a fake clock.
 */
export interface BreakFade {
  /** 0-1: 1 is the volume as set, 0 silence. */
  level(): number;
  /** A fade is under way. */
  fading(): boolean;
  /**
   * Fades from the level now to `target` in MUSIC_BREAK_FADE_MS, calling `step` after each
   * change of level and `done` once it is there; a new fade replaces it.
   */
  fadeTo(target: 0 | 1, step: () => void, done?: () => void): void;
  /** Stops a fade where it is. */
  stop(): void;
  /** Full level at once (a fade under way goes on from there). */
  full(): void;
}

export function createBreakFade(): BreakFade {
  let level = 1;
  let timer: ReturnType<typeof setInterval> | undefined;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };

  return {
    level: () => level,
    fading: () => timer !== undefined,
    fadeTo(target, step, done) {
      stop();
      const from = level;
      let stepIndex = 0;
      timer = setInterval(() => {
        stepIndex += 1;
        level = from + ((target - from) * stepIndex) / FADE_STEPS;
        step();
        if (stepIndex >= FADE_STEPS) {
          stop();
          level = target;
          done?.();
        }
      }, MUSIC_BREAK_FADE_MS / FADE_STEPS);
    },
    stop,
    full() {
      level = 1;
    },
  };
}
