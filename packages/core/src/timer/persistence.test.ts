import { describe, expect, it } from 'vitest';
import { initialTimerState, remainingAt, restore, transition } from './machine.js';
import { decodeTimerState, encodeTimerState } from './persistence.js';
import { DEFAULT_TIMER_SETTINGS as S } from './settings.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const extras = { currentTask: 'Essay', todoItems: [{ text: 'Intro', completed: true }] };

describe('timer persistence', () => {
  it('saves the product §3 fields', () => {
    const running = transition(initialTimerState(S), { type: 'start' }, T0, S).state;
    const saved = encodeTimerState(running, T0 + 90_000, S, extras);
    expect(saved).toMatchObject({
      timeLeft: 25 * 60 - 90,
      timerState: 'running',
      timerType: 'pomodoro',
      completedPomodoros: 0,
      currentTask: 'Essay',
      todoItems: [{ text: 'Intro', completed: true }],
      startTime: T0,
      lastTimestamp: T0 + 90_000,
    });
  });

  it('round-trips every status', () => {
    let state = initialTimerState(S);
    for (const [event, at] of [
      ['start', T0],
      ['pause', T0 + MIN],
      ['resume', T0 + 2 * MIN],
      ['tick', T0 + 30 * MIN],
    ] as const) {
      state = transition(state, { type: event }, at, S).state;
      const decoded = decodeTimerState(
        JSON.parse(JSON.stringify(encodeTimerState(state, at, S, extras))),
        S,
      );
      expect(decoded?.state).toEqual(state);
    }
  });

  it('rebuilds a running timer saved without the extras from timeLeft and lastTimestamp', () => {
    const decoded = decodeTimerState(
      {
        timeLeft: 600,
        timerState: 'running',
        timerType: 'pomodoro',
        completedPomodoros: 2,
        currentTask: '',
        todoItems: [],
        startTime: T0,
        lastTimestamp: T0 + 15 * MIN,
      },
      S,
    );
    expect(decoded).not.toBeNull();
    const r = restore(decoded!.state, T0 + 20 * MIN, S);
    expect(remainingAt(r.state, T0 + 20 * MIN, S)).toBe(5 * MIN);
    const done = restore(decoded!.state, T0 + 26 * MIN, S);
    expect(done.completions[0]).toMatchObject({ activeMs: 25 * MIN, endedAt: T0 + 25 * MIN });
  });

  it.each([
    null,
    'x',
    42,
    {},
    { timerState: 'running', timerType: 'nap' },
    { timerState: 'flying', timerType: 'pomodoro' },
  ])('refuses the unusable saved value %j', (raw) => {
    expect(decodeTimerState(raw, S)).toBeNull();
  });

  it('clamps hostile numbers and drops malformed to-dos', () => {
    const decoded = decodeTimerState(
      {
        timeLeft: 1e12,
        timerState: 'paused',
        timerType: 'short_break',
        completedPomodoros: -4,
        currentTask: 7,
        todoItems: [{ text: 'ok', completed: false }, { text: 3 }, null],
        startTime: 'x',
        lastTimestamp: T0,
      },
      S,
    );
    expect(decoded?.state.remainingMs).toBe(5 * MIN);
    expect(decoded?.state.completedPomodoros).toBe(0);
    expect(decoded?.currentTask).toBe('');
    expect(decoded?.todoItems).toEqual([{ text: 'ok', completed: false }]);
  });
});
