import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMER_SETTINGS, chooseSettings, validateSettings } from './settings.js';

describe('DEFAULT_TIMER_SETTINGS', () => {
  it('has the product §3 defaults', () => {
    expect(DEFAULT_TIMER_SETTINGS).toEqual({
      pomodoro_duration: 25,
      short_break_duration: 5,
      long_break_duration: 15,
      pomodoros_until_long_break: 4,
      auto_start_breaks: false,
      auto_start_pomodoros: false,
      sound_enabled: true,
      notification_enabled: true,
    });
  });
});

describe('chooseSettings', () => {
  it('uses non-empty server settings first', () => {
    expect(
      chooseSettings({ pomodoro_duration: 50 }, { pomodoro_duration: 30 }).pomodoro_duration,
    ).toBe(50);
  });

  it('uses local settings when the server gave an empty object or array', () => {
    expect(chooseSettings({}, { short_break_duration: 7 }).short_break_duration).toBe(7);
    expect(chooseSettings([], { short_break_duration: 7 }).short_break_duration).toBe(7);
  });

  it('uses the defaults when neither has anything', () => {
    expect(chooseSettings(null, undefined)).toEqual(DEFAULT_TIMER_SETTINGS);
  });

  it('reads the first element of a non-empty array and drops invalid fields', () => {
    const chosen = chooseSettings([{ long_break_duration: 20, pomodoro_duration: -3 }], null);
    expect(chosen.long_break_duration).toBe(20);
    expect(chosen.pomodoro_duration).toBe(25);
  });
});

describe('validateSettings', () => {
  it('accepts whole minutes from 1 to 180 and 1 to 12 pomodoros', () => {
    expect(
      validateSettings({
        pomodoro_duration: 1,
        long_break_duration: 180,
        pomodoros_until_long_break: 12,
      }),
    ).toEqual({});
  });

  it('explains every invalid field', () => {
    const errors = validateSettings({
      pomodoro_duration: 0,
      short_break_duration: 2.5,
      long_break_duration: 181,
      pomodoros_until_long_break: 13,
      sound_enabled: 'yes' as unknown as boolean,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'long_break_duration',
      'pomodoro_duration',
      'pomodoros_until_long_break',
      'short_break_duration',
      'sound_enabled',
    ]);
    expect(errors.pomodoro_duration).toMatch(/1 to 180/);
  });
});
