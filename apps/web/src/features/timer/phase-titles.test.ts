import type { Completion } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { notificationText } from './phase-titles';

const MIN = 60_000;

describe('notificationText', () => {
  const base: Completion = {
    finishedType: 'pomodoro',
    nextType: 'short_break',
    startedAt: Date.UTC(2026, 0, 1, 9, 0, 0),
    endedAt: Date.UTC(2026, 0, 1, 9, 30, 0),
    activeMs: 25 * MIN,
    durationMs: 25 * MIN,
    completedPomodoros: 1,
    autoStart: false,
  };

  it('words the notification by the finished type', () => {
    expect(notificationText(base)).toBe('Time for a break!');
    expect(notificationText({ ...base, finishedType: 'long_break' })).toBe(
      'Break is over, time to focus!',
    );
  });
});
