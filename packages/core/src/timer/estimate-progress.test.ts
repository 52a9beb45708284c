import { describe, expect, it } from 'vitest';
import { estimateTotals, finishAt, remainingPomodoros } from './estimate-progress.js';
import type { EstimatedTodo } from './estimates.js';
import { initialTimerState, transition } from './machine.js';
import { DEFAULT_TIMER_SETTINGS } from './settings.js';

const MIN = 60_000;
const settings = { ...DEFAULT_TIMER_SETTINGS };
const NOW = Date.UTC(2026, 10, 23, 9, 0);

function todo(partial: Partial<EstimatedTodo & { id: string }> = {}) {
  return { id: 'x', estimate: 1, donePomodoros: 0, completed: false, active: false, ...partial };
}

describe('remainingPomodoros and estimateTotals', () => {
  it('counts what open to-dos still need, never less than nothing', () => {
    const todos = [
      todo({ estimate: 4, donePomodoros: 1 }),
      todo({ estimate: 2, donePomodoros: 5 }),
      todo({ estimate: 3, completed: true }),
      todo({ estimate: 1 }),
    ];
    expect(remainingPomodoros(todos)).toBe(3 + 0 + 0 + 1);
    expect(estimateTotals(todos)).toEqual({ done: 6, estimate: 10 });
    expect(remainingPomodoros([])).toBe(0);
  });
});

describe('finishAt', () => {
  const idle = initialTimerState(settings);

  it('is null when nothing remains', () => {
    expect(finishAt(0, idle, NOW, settings)).toBeNull();
  });

  it('adds one pomodoro for one remaining, with no break after it', () => {
    expect(finishAt(1, idle, NOW, settings)).toBe(NOW + 25 * MIN);
  });

  it('puts a short break between pomodoros and a long one after every 4th', () => {
    // 4 pomodoros and 3 short breaks; the 5th follows a long break.
    expect(finishAt(4, idle, NOW, settings)).toBe(NOW + 4 * 25 * MIN + 3 * 5 * MIN);
    expect(finishAt(5, idle, NOW, settings)).toBe(NOW + 5 * 25 * MIN + 3 * 5 * MIN + 15 * MIN);
  });

  it('counts the long-break rule on from the pomodoros already completed', () => {
    const afterThree = initialTimerState(settings, 'pomodoro', 3);
    // The next pomodoro is the 4th: a long break follows it.
    expect(finishAt(2, afterThree, NOW, settings)).toBe(NOW + 2 * 25 * MIN + 15 * MIN);
  });

  it('uses the settings in force', () => {
    const custom = {
      ...settings,
      pomodoro_duration: 50,
      short_break_duration: 10,
      pomodoros_until_long_break: 2,
      long_break_duration: 30,
    };
    const timer = initialTimerState(custom);
    expect(finishAt(3, timer, NOW, custom)).toBe(NOW + 3 * 50 * MIN + 10 * MIN + 30 * MIN);
  });

  it('takes the time left of a pomodoro under way as the first remaining one', () => {
    const started = transition(idle, { type: 'start' }, NOW, settings).state;
    const tenMinutesIn = NOW + 10 * MIN;
    // 15 minutes left of this one, a short break, one more pomodoro.
    const expected = NOW + 25 * MIN + 5 * MIN + 25 * MIN;
    expect(finishAt(2, started, tenMinutesIn, settings)).toBe(expected);
    // While it runs, the finish time stays put; while paused it moves on with the clock.
    expect(finishAt(2, started, NOW + 20 * MIN, settings)).toBe(expected);
    const paused = transition(started, { type: 'pause' }, tenMinutesIn, settings).state;
    expect(finishAt(2, paused, tenMinutesIn + 5 * MIN, settings)).toBe(expected + 5 * MIN);
  });

  it('lets a break under way end before the next pomodoro', () => {
    const onBreak = initialTimerState(settings, 'short_break', 1);
    const running = transition(onBreak, { type: 'start' }, NOW, settings).state;
    expect(finishAt(1, running, NOW + 2 * MIN, settings)).toBe(NOW + 5 * MIN + 25 * MIN);
    // A break merely loaded (idle) can be skipped, so it is not counted.
    expect(finishAt(1, onBreak, NOW, settings)).toBe(NOW + 25 * MIN);
  });
});
