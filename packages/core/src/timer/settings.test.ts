import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALARM_SOUND_IDS,
  DEFAULT_TIMER_SETTINGS,
  TIME_DISPLAYS,
  chooseSettings,
  timeReading,
  validateSettings,
} from './settings.js';

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
      focus_end_sound: 'chime',
      break_end_sound: 'chime',
      alarm_volume: 100,
      ticking_enabled: false,
      warning_chime_enabled: false,
      daily_goal: 8,
      time_display: 'clock',
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

describe('the sound and goal settings', () => {
  it('accepts every shipped alarm, volumes 0 to 100 and goals 1 to 24', () => {
    for (const id of ALARM_SOUND_IDS) {
      expect(validateSettings({ focus_end_sound: id, break_end_sound: id })).toEqual({});
    }
    expect(validateSettings({ alarm_volume: 0, daily_goal: 1 })).toEqual({});
    expect(validateSettings({ alarm_volume: 100, daily_goal: 24 })).toEqual({});
    expect(validateSettings({ ticking_enabled: true, warning_chime_enabled: false })).toEqual({});
  });

  it('explains an unknown sound, an out-of-range volume or goal and a non-boolean toggle', () => {
    expect(
      validateSettings({
        focus_end_sound: 'siren' as never,
        break_end_sound: '' as never,
        alarm_volume: 101,
        daily_goal: 0,
        ticking_enabled: 'on' as never,
        warning_chime_enabled: 1 as never,
      }),
    ).toEqual({
      focus_end_sound: 'Must be one of chime, bell, digital, wood, harp',
      break_end_sound: 'Must be one of chime, bell, digital, wood, harp',
      alarm_volume: 'Must be a whole number from 0 to 100',
      daily_goal: 'Must be a whole number from 1 to 24',
      ticking_enabled: 'Must be true or false',
      warning_chime_enabled: 'Must be true or false',
    });
    expect(validateSettings({ alarm_volume: 50.5, daily_goal: 25 })).toEqual({
      alarm_volume: 'Must be a whole number from 0 to 100',
      daily_goal: 'Must be a whole number from 1 to 24',
    });
  });

  it('completes older stored settings with the new defaults and drops bad new values', () => {
    const chosen = chooseSettings(null, {
      pomodoro_duration: 30,
      focus_end_sound: 'bell',
      break_end_sound: 'nope',
      alarm_volume: 300,
    });
    expect(chosen).toEqual({
      ...DEFAULT_TIMER_SETTINGS,
      pomodoro_duration: 30,
      focus_end_sound: 'bell',
    });
  });
});

describe('the time display (a calmer display, issue 35)', () => {
  it('accepts each display and explains anything else', () => {
    for (const display of TIME_DISPLAYS) {
      expect(validateSettings({ time_display: display })).toEqual({});
    }
    for (const bad of ['digits', '', 'CLOCK', 3, null]) {
      expect(validateSettings({ time_display: bad })).toEqual({
        time_display: 'Must be one of clock, minutes, ring, hidden',
      });
    }
  });

  it('keeps a stored display and reads a missing or unknown one as the clock', () => {
    expect(chooseSettings(null, { time_display: 'hidden' }).time_display).toBe('hidden');
    expect(chooseSettings(null, { pomodoro_duration: 30 }).time_display).toBe('clock');
    expect(chooseSettings({ time_display: 'blur' }, null).time_display).toBe('clock');
  });

  it('shows the clock as it always was', () => {
    expect(timeReading('clock', 'running', 1497.6)).toEqual({ kind: 'clock', seconds: 1497 });
    expect(timeReading('clock', 'idle', 1500)).toEqual({ kind: 'clock', seconds: 1500 });
  });

  it('rounds minutes up, so only the very end reads 0', () => {
    const minutes = (seconds: number) => timeReading('minutes', 'running', seconds);
    const left = (n: number) => ({ kind: 'minutes', minutes: n, length: false });
    expect(minutes(1500)).toEqual(left(25));
    expect(minutes(1441)).toEqual(left(25));
    expect(minutes(1440)).toEqual(left(24));
    expect(minutes(30)).toEqual(left(1));
    expect(minutes(0.4)).toEqual(left(0));
    expect(minutes(-5)).toEqual(left(0));
    // Nothing under way: the next phase's length.
    expect(timeReading('minutes', 'idle', 1500)).toEqual({
      kind: 'minutes',
      minutes: 25,
      length: true,
    });
  });

  it('hides the number while a phase runs or is paused, and says the next length otherwise', () => {
    for (const display of ['ring', 'hidden'] as const) {
      expect(timeReading(display, 'running', 700)).toEqual({ kind: 'none' });
      expect(timeReading(display, 'paused', 700)).toEqual({ kind: 'none' });
      expect(timeReading(display, 'idle', 1500)).toEqual({
        kind: 'minutes',
        minutes: 25,
        length: true,
      });
      expect(timeReading(display, 'completed', 300)).toEqual({
        kind: 'minutes',
        minutes: 5,
        length: true,
      });
    }
  });

  it('never shows more minutes than the clock would, nor one less than it rounds up to', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 180 * 60, noNaN: true }), (seconds) => {
        const reading = timeReading('minutes', 'running', seconds);
        const clock = timeReading('clock', 'running', seconds);
        if (reading.kind !== 'minutes' || clock.kind !== 'clock') return false;
        return reading.minutes * 60 >= clock.seconds && (reading.minutes - 1) * 60 < clock.seconds;
      }),
    );
  });
});
