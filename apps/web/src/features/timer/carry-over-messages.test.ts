import { DEFAULT_TIMER_SETTINGS, changedSettings } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { describeSetup } from './carry-over-messages';

describe('a visitor set-up in words', () => {
  it('is described by what differs from a fresh visitor', () => {
    const settings = { ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 1, daily_goal: 4 };
    expect(describeSetup(3, changedSettings(settings), settings)).toBe(
      '3 to-dos, timer settings and a daily goal of 4',
    );
    const sounds = { ...DEFAULT_TIMER_SETTINGS, focus_end_sound: 'bell' as const };
    expect(describeSetup(1, changedSettings(sounds), sounds)).toBe('1 to-do and sounds');
    expect(describeSetup(0, changedSettings(sounds), sounds)).toBe('sounds');
  });
});
