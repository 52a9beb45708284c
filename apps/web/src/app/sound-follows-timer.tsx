import { phaseOfTimerType } from '@focusroom/core';
import { useEffect, useRef } from 'react';
import { followTimerPhase, setAmbientPhaseQuietly } from '../features/ambient';
import { musicFollowsTimer, pauseMusicForBreak, resumeMusicAfterBreak } from '../features/music';
import { useTimerStore } from '../features/timer';

/**
 * What the music player offers the timer (product §4 sound follows the timer): whether the user
 * wants music to follow the timer, and the pause and resume that fade it (the last call wins; a
 * resume only resumes what a break paused). This is the one place that joins them to the timer.
 */
export interface MusicFollower {
  followsTimer(): boolean;
  pauseForBreak(): void;
  resumeAfterBreak(): void;
}

/** The music player's own switch and fades (features/music/break-follow.ts). */
export const PLAYER_MUSIC_FOLLOWER: MusicFollower = {
  followsTimer: musicFollowsTimer,
  pauseForBreak: pauseMusicForBreak,
  resumeAfterBreak: resumeMusicAfterBreak,
};

/**
 * Sound follows the timer: when the phase changes between focus and a break, the ambient mixer
 * switches to that phase's sounds and volume (with a fade, when the user chose it) and the music
 * pauses for the break and resumes with the next focus (when the user chose that in the player).
 * The phase the app starts in switches nothing.
 */
export function SoundFollowsTimer({ music = PLAYER_MUSIC_FOLLOWER }: { music?: MusicFollower }) {
  const phase = useTimerStore((s) => phaseOfTimerType(s.timer.type));
  const started = useRef(false);

  useEffect(() => {
    if (!started.current) {
      started.current = true;
      setAmbientPhaseQuietly(phase);
      return;
    }
    const action = followTimerPhase(phase, music.followsTimer());
    if (action === 'pause') music.pauseForBreak();
    else if (action === 'resume') music.resumeAfterBreak();
  }, [phase, music]);

  return null;
}
