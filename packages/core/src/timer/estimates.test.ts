import { describe, expect, it } from 'vitest';
import {
  creditActiveTodo,
  finishedPomodoros,
  toDonePomodoros,
  toEstimate,
  type EstimatedTodo,
} from './estimates.js';
import type { Completion, TimerType } from './machine.js';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 23, 9, 0);

function todo(partial: Partial<EstimatedTodo & { id: string }> = {}) {
  return { id: 'x', estimate: 1, donePomodoros: 0, completed: false, active: false, ...partial };
}

function completion(finishedType: TimerType): Completion {
  return {
    finishedType,
    nextType: finishedType === 'pomodoro' ? 'short_break' : 'pomodoro',
    startedAt: NOW - 25 * MIN,
    endedAt: NOW,
    activeMs: 25 * MIN,
    durationMs: 25 * MIN,
    completedPomodoros: 1,
    autoStart: false,
  };
}

describe('toEstimate and toDonePomodoros', () => {
  it('keep whole numbers in range and fall back for anything else', () => {
    expect(toEstimate(3)).toBe(3);
    expect(toEstimate(2.6)).toBe(3);
    expect(toEstimate(0)).toBe(1);
    expect(toEstimate(500)).toBe(99);
    expect(toEstimate('4')).toBe(1);
    expect(toEstimate(undefined)).toBe(1);
    expect(toDonePomodoros(7)).toBe(7);
    expect(toDonePomodoros(-2)).toBe(0);
    expect(toDonePomodoros(5000)).toBe(999);
    expect(toDonePomodoros(Number.NaN)).toBe(0);
  });
});

describe('creditActiveTodo', () => {
  it('adds one to the active to-do for each finished pomodoro', () => {
    const todos = [todo({ id: 'a' }), todo({ id: 'b', active: true, donePomodoros: 2 })];
    const next = creditActiveTodo(todos, [completion('pomodoro')]);
    expect(next.map((t) => t.donePomodoros)).toEqual([0, 3]);
    const twice = creditActiveTodo(todos, [
      completion('pomodoro'),
      completion('short_break'),
      completion('pomodoro'),
    ]);
    expect(twice[1]!.donePomodoros).toBe(4);
    expect(todos[1]!.donePomodoros).toBe(2);
  });

  it('leaves the list as it is after a break, or when no to-do is active', () => {
    const todos = [todo({ id: 'a', active: true })];
    expect(creditActiveTodo(todos, [completion('short_break')])).toBe(todos);
    expect(creditActiveTodo(todos, [completion('long_break')])).toBe(todos);
    const idle = [todo({ id: 'a' })];
    expect(creditActiveTodo(idle, [completion('pomodoro')])).toBe(idle);
    expect(finishedPomodoros([completion('pomodoro'), completion('long_break')])).toBe(1);
  });

  it('credits a completed active to-do too, and stops at the maximum', () => {
    const done = [todo({ active: true, completed: true, donePomodoros: 1 })];
    expect(creditActiveTodo(done, [completion('pomodoro')])[0]!.donePomodoros).toBe(2);
    const full = [todo({ active: true, donePomodoros: 999 })];
    expect(creditActiveTodo(full, [completion('pomodoro')])).toBe(full);
  });
});
