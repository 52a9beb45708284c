import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countLocalPomodoro, localCountToday } from './daily-count';

describe("a visitor's count of today's pomodoros", () => {
  const noon = new Date(2026, 10, 23, 12, 0, 0).getTime();

  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('counts each finished pomodoro once, however many tabs report it', () => {
    expect(localCountToday(noon)).toBe(0);
    countLocalPomodoro(noon - 60 * 60_000, noon);
    countLocalPomodoro(noon - 60 * 60_000, noon);
    countLocalPomodoro(noon - 30 * 60_000, noon);
    expect(localCountToday(noon)).toBe(2);
    expect(JSON.parse(localStorage.getItem('focusroom_goal_day')!)).toEqual({
      day: '2026-11-23',
      started: [noon - 60 * 60_000, noon - 30 * 60_000],
    });
  });

  it('starts again at zero on a new day, and leaves a pomodoro begun yesterday to yesterday', () => {
    countLocalPomodoro(noon, noon);
    const tomorrow = noon + 24 * 60 * 60_000;
    expect(localCountToday(tomorrow)).toBe(0);
    const justAfterMidnight = new Date(2026, 10, 24, 0, 10, 0).getTime();
    countLocalPomodoro(justAfterMidnight - 20 * 60_000, justAfterMidnight);
    expect(localCountToday(justAfterMidnight)).toBe(0);
    expect(localCountToday(noon)).toBe(1);
  });

  it('reads a damaged stored value as nothing counted', () => {
    localStorage.setItem('focusroom_goal_day', '{not json');
    expect(localCountToday(noon)).toBe(0);
    countLocalPomodoro(noon, noon);
    expect(localCountToday(noon)).toBe(1);
  });
});
