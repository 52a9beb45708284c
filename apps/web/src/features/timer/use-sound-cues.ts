import {
  STORAGE_KEYS,
  TICK_SOUND_URL,
  WARNING_SOUND_URL,
  soundCuesBetween,
  type CueSnapshot,
} from '@focusroom/core';
import { useEffect } from 'react';
import { readItem, writeItem } from '../../lib/storage';
import { playSound, timerSoundUrls, unlockAudio } from './timer-audio';
import type { TimerController } from './timer-store';

export type PlaySound = (url: string, volume: number) => void;

/** True when this tab is the first to ring the warning of the phase that started at `startedAt`. */
function claimWarning(startedAt: number | null): boolean {
  const key = String(startedAt);
  if (readItem(STORAGE_KEYS.timerWarned) === key) return false;
  writeItem(STORAGE_KEYS.timerWarned, key);
  return true;
}

/**
 * The tick and the one-minute chime (product §4): every change of the store is compared with the
 * one before by core's rules, so they follow the same pulses as the display (on time in a
 * background tab, stopped by a pause). Two open tabs ring the warning once.
 */
export function useSoundCues(controller: TimerController, play: PlaySound = playSound): void {
  useEffect(() => {
    const first = controller.store.getState();
    let previous: CueSnapshot = { timer: first.timer, now: first.now };
    const unsubscribe = controller.store.subscribe((state) => {
      const next: CueSnapshot = { timer: state.timer, now: state.now };
      const cues = soundCuesBetween(previous, next, state.settings);
      previous = next;
      const volume = state.settings.alarm_volume;
      for (const cue of cues) {
        if (cue === 'tick') play(TICK_SOUND_URL, volume);
        else if (claimWarning(state.timer.startedAt)) play(WARNING_SOUND_URL, volume);
      }
    });
    // A phase restored after a reload was started by no click on this page: the first click or
    // key anywhere unlocks audio, so its alarm is not swallowed either.
    const onGesture = () => {
      const { timer, settings } = controller.store.getState();
      if (timer.status !== 'idle') unlockAudio(timerSoundUrls(settings));
    };
    window.addEventListener('pointerdown', onGesture, true);
    window.addEventListener('keydown', onGesture, true);
    return () => {
      unsubscribe();
      window.removeEventListener('pointerdown', onGesture, true);
      window.removeEventListener('keydown', onGesture, true);
    };
  }, [controller, play]);
}
