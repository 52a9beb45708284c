import { describe, expect, it } from 'vitest';
import { hasSetup, type CarriedTodo } from './carry-over.js';
import { DEFAULT_TIMER_SETTINGS } from './settings.js';

const todo = (text: string, more: Partial<CarriedTodo> = {}): CarriedTodo => ({
  text,
  completed: false,
  estimate: 1,
  done_pomodoros: 0,
  active: false,
  ...more,
});

describe('a visitor set-up', () => {
  it('is there once a to-do exists or a setting differs from the default', () => {
    expect(hasSetup({ settings: DEFAULT_TIMER_SETTINGS, todos: [] })).toBe(false);
    expect(hasSetup({ settings: DEFAULT_TIMER_SETTINGS, todos: [todo('Read')] })).toBe(true);
    expect(hasSetup({ settings: { ...DEFAULT_TIMER_SETTINGS, daily_goal: 4 }, todos: [] })).toBe(
      true,
    );
  });
});
