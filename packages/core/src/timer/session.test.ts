import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_TASK,
  recordedMinutes,
  sessionRecordFor,
  sessionTaskLabel,
} from './session.js';
import type { Completion } from './machine.js';

const MIN = 60_000;

describe('recordedMinutes', () => {
  it('records the active minutes', () => {
    expect(recordedMinutes(25 * MIN, 25 * MIN)).toBe(25);
    expect(recordedMinutes(12 * MIN + 29_000, 25 * MIN)).toBe(12);
  });

  it('records the intended duration when the active minutes are 0', () => {
    expect(recordedMinutes(20_000, 25 * MIN)).toBe(25);
  });

  it('records the intended duration when the active minutes exceed twice it', () => {
    expect(recordedMinutes(51 * MIN, 25 * MIN)).toBe(25);
    expect(recordedMinutes(50 * MIN, 25 * MIN)).toBe(50);
  });
});

describe('sessionTaskLabel', () => {
  it('joins the texts of completed to-dos', () => {
    const todos = [
      { text: 'Write intro', completed: true },
      { text: 'Email Sam', completed: false },
      { text: 'Outline', completed: true },
    ];
    expect(sessionTaskLabel(todos, 'Something else')).toBe('Write intro, Outline');
  });

  it('falls back to the current task, then to the default label', () => {
    expect(sessionTaskLabel([{ text: 'x', completed: false }], ' Thesis ')).toBe('Thesis');
    expect(sessionTaskLabel([], '   ')).toBe(DEFAULT_SESSION_TASK);
    expect(DEFAULT_SESSION_TASK).toBe('Completed Pomodoro');
  });
});

describe('sessionRecordFor', () => {
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

  it('builds the product §3 record with ISO times', () => {
    expect(sessionRecordFor(base, [], 'Read')).toEqual({
      duration: 25,
      task: 'Read',
      completed: true,
      start_time: '2026-01-01T09:00:00.000Z',
      end_time: '2026-01-01T09:30:00.000Z',
    });
  });

  it('records nothing for a break', () => {
    expect(sessionRecordFor({ ...base, finishedType: 'short_break' }, [], '')).toBeNull();
  });
});
