import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FOLLOW_SETTINGS,
  forgetMixInFollow,
  normalizeFollowSettings,
  phaseOfTimerType,
  switchPhase,
  withPhaseSound,
  type FollowSettings,
  type PhaseSwitchInput,
} from './follow.js';
import { defaultMix, withMaster, withSound } from './mix.js';

const rain = withMaster(withSound(defaultMix(), 'rain', { on: true }), 65);
const waves = withSound(defaultMix(), 'waves', { on: true, volume: 80 });
const brown = withSound(defaultMix(), 'brown', { on: true });

const following: FollowSettings = {
  enabled: true,
  focus: { mix: null, volume: 70 },
  break: { mix: 'Beach', volume: 30 },
};

function input(change: Partial<PhaseSwitchInput>): PhaseSwitchInput {
  return {
    from: 'focus',
    to: 'break',
    follow: following,
    current: rain,
    remembered: {},
    saved: [{ name: 'Beach', mix: waves }],
    musicFollowsTimer: false,
    ...change,
  };
}

describe('phases', () => {
  it('a pomodoro is focus, both breaks are breaks', () => {
    expect(phaseOfTimerType('pomodoro')).toBe('focus');
    expect(phaseOfTimerType('short_break')).toBe('break');
    expect(phaseOfTimerType('long_break')).toBe('break');
  });
});

describe('switchPhase', () => {
  it('a break starts: the break mix at the break volume; the focus sounds are remembered', () => {
    const result = switchPhase(input({}));
    expect(result.mix).toEqual({ master: 30, sounds: waves.sounds });
    expect(result.remembered).toEqual({ focus: rain });
    expect(result.music).toBe('none');
  });

  it('the next focus brings back the sounds last heard in focus at the focus volume', () => {
    const result = switchPhase(
      input({ from: 'break', to: 'focus', current: waves, remembered: { focus: rain } }),
    );
    expect(result.mix).toEqual({ master: 70, sounds: rain.sounds });
    expect(result.remembered.break).toEqual(waves);
  });

  it('with no saved mix and nothing remembered, the sounds stay and only the volume changes', () => {
    const result = switchPhase(
      input({ follow: withPhaseSound(following, 'break', { mix: null }) }),
    );
    expect(result.mix).toEqual({ master: 30, sounds: rain.sounds });
  });

  it('a chosen mix that was deleted falls back to the remembered sounds', () => {
    const result = switchPhase(input({ saved: [], remembered: { break: brown } }));
    expect(result.mix?.sounds).toEqual(brown.sounds);
  });

  it('following off leaves the ambient mix alone', () => {
    const result = switchPhase(input({ follow: DEFAULT_FOLLOW_SETTINGS }));
    expect(result.mix).toBeNull();
    expect(result.remembered).toEqual({});
  });

  it('no change of phase does nothing at all', () => {
    expect(switchPhase(input({ to: 'focus', musicFollowsTimer: true }))).toEqual({
      mix: null,
      remembered: {},
      music: 'none',
    });
  });

  it('music pauses as a break starts and resumes with the next focus, only when it follows', () => {
    expect(switchPhase(input({ musicFollowsTimer: true })).music).toBe('pause');
    expect(switchPhase(input({ from: 'break', to: 'focus', musicFollowsTimer: true })).music).toBe(
      'resume',
    );
    expect(
      switchPhase(input({ follow: DEFAULT_FOLLOW_SETTINGS, musicFollowsTimer: true })).music,
    ).toBe('pause');
    expect(switchPhase(input({ musicFollowsTimer: false })).music).toBe('none');
  });
});

describe('follow settings', () => {
  it('reads stored values defensively', () => {
    expect(normalizeFollowSettings(undefined)).toEqual(DEFAULT_FOLLOW_SETTINGS);
    expect(
      normalizeFollowSettings({
        enabled: true,
        focus: { mix: ' Desk ', volume: 300 },
        break: { mix: 5, volume: 'loud' },
      }),
    ).toEqual({
      enabled: true,
      focus: { mix: 'Desk', volume: 100 },
      break: { mix: null, volume: DEFAULT_FOLLOW_SETTINGS.break.volume },
    });
  });

  it('sets a phase volume clamped, and forgets a deleted mix', () => {
    expect(withPhaseSound(following, 'focus', { volume: 120 }).focus).toEqual({
      mix: null,
      volume: 100,
    });
    expect(forgetMixInFollow(following, 'beach').break).toEqual({ mix: null, volume: 30 });
    expect(forgetMixInFollow(following, 'Other')).toEqual(following);
  });
});
