import { AMBIENT_STORAGE_KEYS, defaultMix, withSound } from '@focusroom/core';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ambientStore,
  deleteAmbientMix,
  resetAmbientStoreForTests,
  setAmbientMaster,
  saveAmbientMix,
  setAmbientSound,
  setFollowEnabled,
  setFollowPhaseSound,
} from '../features/ambient/ambient-store';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from '../features/timer/timer-store';
import { SoundFollowsTimer, type MusicFollower } from './sound-follows-timer';

function fakeMusic(follows: boolean): MusicFollower & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    followsTimer: () => follows,
    pauseForBreak: () => void calls.push('pause'),
    resumeAfterBreak: () => void calls.push('resume'),
  };
}

describe('sound follows the timer', () => {
  let controller: TimerController;

  beforeEach(() => {
    localStorage.clear();
    resetAmbientStoreForTests();
    controller = createTimerController();
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
    resetAmbientStoreForTests();
  });

  it('pauses music when a break starts and resumes it with the next focus', () => {
    const music = fakeMusic(true);
    render(<SoundFollowsTimer music={music} />);
    expect(music.calls).toEqual([]);
    act(() => void controller.dispatch({ type: 'skip' }));
    expect(music.calls).toEqual(['pause']);
    // Short to long break is still a break: nothing more.
    act(() => void controller.dispatch({ type: 'select', timerType: 'long_break' }));
    act(() => void controller.dispatch({ type: 'select', timerType: 'pomodoro' }));
    expect(music.calls).toEqual(['pause', 'resume']);
  });

  it('leaves music alone when the player does not follow the timer', () => {
    const music = fakeMusic(false);
    render(<SoundFollowsTimer music={music} />);
    act(() => void controller.dispatch({ type: 'skip' }));
    act(() => void controller.dispatch({ type: 'select', timerType: 'pomodoro' }));
    expect(music.calls).toEqual([]);
  });

  it("switches the ambient mix to each phase's sounds and volume when following", () => {
    setAmbientSound('rain', { on: true });
    saveAmbientMix('Rain');
    setAmbientSound('rain', { on: false });
    setAmbientSound('brown', { on: true });
    setFollowEnabled(true);
    setFollowPhaseSound('break', { mix: 'Rain', volume: 25 });
    setFollowPhaseSound('focus', { volume: 80 });
    render(<SoundFollowsTimer music={fakeMusic(false)} />);

    act(() => void controller.dispatch({ type: 'skip' }));
    let { mix } = ambientStore().getState();
    expect(mix.master).toBe(25);
    expect(mix.sounds.rain.on).toBe(true);
    expect(mix.sounds.brown.on).toBe(false);

    act(() => void controller.dispatch({ type: 'select', timerType: 'pomodoro' }));
    mix = ambientStore().getState().mix;
    expect(mix.master).toBe(80);
    expect(mix.sounds.brown.on).toBe(true);
    expect(mix.sounds.rain.on).toBe(false);
  });

  it('switches nothing for the phase the app starts in', () => {
    controller.dispatch({ type: 'select', timerType: 'short_break' });
    setAmbientSound('wind', { on: true });
    setFollowEnabled(true);
    const before = ambientStore().getState().mix;
    const music = fakeMusic(true);
    render(<SoundFollowsTimer music={music} />);
    expect(ambientStore().getState().mix).toBe(before);
    expect(ambientStore().getState().phase).toBe('break');
    expect(music.calls).toEqual([]);
  });
});

describe('the ambient store', () => {
  beforeEach(() => {
    localStorage.clear();
    resetAmbientStoreForTests();
  });

  it('keeps the mix, saved mixes and follow choices in this browser, but never "playing"', () => {
    setAmbientSound('waves', { on: true, volume: 33 });
    expect(saveAmbientMix('Beach').ok).toBe(true);
    setFollowEnabled(true);
    ambientStore().setState({ playing: true });

    resetAmbientStoreForTests();
    const state = ambientStore().getState();
    expect(state.playing).toBe(false);
    expect(state.mix.sounds.waves).toEqual({ on: true, volume: 33 });
    expect(state.saved.map((m) => m.name)).toEqual(['Beach']);
    expect(state.follow.enabled).toBe(true);
  });

  it('reads a damaged stored value as the defaults', () => {
    localStorage.setItem(AMBIENT_STORAGE_KEYS.mix, '{not json');
    localStorage.setItem(AMBIENT_STORAGE_KEYS.savedMixes, '"x"');
    expect(ambientStore().getState().mix).toEqual(defaultMix());
    expect(ambientStore().getState().saved).toEqual([]);
  });

  it('a refused save changes nothing', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem');
    expect(saveAmbientMix('Nothing on').ok).toBe(false);
    expect(ambientStore().getState().saved).toEqual([]);
    expect(spy).not.toHaveBeenCalledWith(AMBIENT_STORAGE_KEYS.savedMixes, expect.anything());
  });

  it('the master volume is also the current phase volume while following', () => {
    ambientStore().setState({ mix: withSound(defaultMix(), 'rain', { on: true }) });
    setFollowEnabled(true);
    ambientStore().setState({ phase: 'break' });
    setAmbientMaster(12);
    expect(ambientStore().getState().follow.break.volume).toBe(12);
    expect(ambientStore().getState().follow.focus.volume).toBe(70);
    // Not following: the master volume is just the master volume.
    setFollowEnabled(false);
    setAmbientMaster(90);
    expect(ambientStore().getState().follow.break.volume).toBe(12);
  });

  it('deleting a saved mix also clears it as a phase choice', () => {
    setAmbientSound('fire', { on: true });
    saveAmbientMix('Cabin');
    setFollowPhaseSound('focus', { mix: 'Cabin' });
    deleteAmbientMix('cabin');
    expect(ambientStore().getState().saved).toEqual([]);
    expect(ambientStore().getState().follow.focus.mix).toBeNull();
  });
});
