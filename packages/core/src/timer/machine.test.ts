import { describe, expect, it } from 'vitest';
import {
  AUTO_START_DELAY_MS,
  activeAt,
  displaySeconds,
  initialTimerState,
  nextType,
  remainingAt,
  restore,
  transition,
  type TimerEvent,
  type TimerState,
} from './machine.js';
import { DEFAULT_TIMER_SETTINGS, type TimerSettings } from './settings.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const S: TimerSettings = { ...DEFAULT_TIMER_SETTINGS };

function run(state: TimerState, events: [TimerEvent['type'], number][], settings = S) {
  let s = state;
  const completions = [];
  for (const [type, at] of events) {
    const r = transition(s, { type } as TimerEvent, at, settings);
    s = r.state;
    completions.push(...r.completions);
  }
  return { state: s, completions };
}

describe('start, pause, resume', () => {
  it('starts from idle with the intended duration of the type and records the start time', () => {
    const { state } = run(initialTimerState(S), [['start', T0]]);
    expect(state.status).toBe('running');
    expect(state.startedAt).toBe(T0);
    expect(state.durationMs).toBe(25 * MIN);
    expect(remainingAt(state, T0 + 10 * MIN, S)).toBe(15 * MIN);
  });

  it('stops the countdown while paused and adds the elapsed active time', () => {
    const { state } = run(initialTimerState(S), [
      ['start', T0],
      ['pause', T0 + 5 * MIN],
    ]);
    expect(state.status).toBe('paused');
    expect(state.activeMs).toBe(5 * MIN);
    expect(remainingAt(state, T0 + 60 * MIN, S)).toBe(20 * MIN);
  });

  it('resumes without resetting the accumulated active time', () => {
    const { state } = run(initialTimerState(S), [
      ['start', T0],
      ['pause', T0 + 5 * MIN],
      ['resume', T0 + 30 * MIN],
    ]);
    expect(state.status).toBe('running');
    expect(activeAt(state, T0 + 32 * MIN)).toBe(7 * MIN);
    expect(remainingAt(state, T0 + 32 * MIN, S)).toBe(18 * MIN);
  });

  it('treats start while paused as resume and ignores pause while idle', () => {
    const paused = run(initialTimerState(S), [
      ['start', T0],
      ['pause', T0 + MIN],
    ]).state;
    expect(transition(paused, { type: 'start' }, T0 + 2 * MIN, S).state.status).toBe('running');
    const idle = initialTimerState(S);
    expect(transition(idle, { type: 'pause' }, T0, S).state).toEqual(idle);
  });

  it('rounds the display up so a fresh timer shows the full minutes', () => {
    const { state } = run(initialTimerState(S), [['start', T0]]);
    expect(displaySeconds(state, T0 + 200, S)).toBe(25 * 60);
    expect(displaySeconds(state, T0 + 1000, S)).toBe(25 * 60 - 1);
  });
});

describe('reset, skip and select', () => {
  it('resets to idle with the full duration of the current type', () => {
    const { state } = run(initialTimerState(S), [
      ['start', T0],
      ['reset', T0 + MIN],
    ]);
    expect(state).toEqual(initialTimerState(S));
  });

  it('skips a pomodoro to a short break, or a long break when count + 1 divides by the setting', () => {
    expect(run(initialTimerState(S, 'pomodoro', 0), [['skip', T0]]).state.type).toBe('short_break');
    expect(run(initialTimerState(S, 'pomodoro', 3), [['skip', T0]]).state.type).toBe('long_break');
    expect(run(initialTimerState(S, 'pomodoro', 7), [['skip', T0]]).state.type).toBe('long_break');
  });

  it('skips any break to an idle pomodoro without counting it', () => {
    for (const type of ['short_break', 'long_break'] as const) {
      const { state } = run(initialTimerState(S, type, 2), [
        ['start', T0],
        ['skip', T0 + MIN],
      ]);
      expect(state).toMatchObject({ status: 'idle', type: 'pomodoro', completedPomodoros: 2 });
    }
  });

  it('makes the timer idle on the chosen type when a tab is selected', () => {
    const running = run(initialTimerState(S), [['start', T0]]).state;
    const r = transition(running, { type: 'select', timerType: 'long_break' }, T0 + MIN, S);
    expect(r.state).toMatchObject({ status: 'idle', type: 'long_break' });
    expect(remainingAt(r.state, T0 + MIN, S)).toBe(15 * MIN);
  });

  it('follows the settings while idle', () => {
    const idle = initialTimerState(S);
    expect(remainingAt(idle, T0, { ...S, pomodoro_duration: 50 })).toBe(50 * MIN);
  });
});

describe('completion', () => {
  it('completes at the due instant, counts the pomodoro and loads a short break', () => {
    const { state, completions } = run(initialTimerState(S), [
      ['start', T0],
      ['tick', T0 + 25 * MIN + 400],
    ]);
    expect(state).toMatchObject({
      status: 'completed',
      type: 'short_break',
      completedPomodoros: 1,
    });
    expect(completions).toEqual([
      {
        finishedType: 'pomodoro',
        nextType: 'short_break',
        startedAt: T0,
        endedAt: T0 + 25 * MIN,
        activeMs: 25 * MIN,
        durationMs: 25 * MIN,
        completedPomodoros: 1,
        autoStart: false,
      },
    ]);
  });

  it('follows the fourth pomodoro with a long break and any break with a pomodoro', () => {
    let state = initialTimerState(S);
    let t = T0;
    const types: string[] = [];
    for (let i = 0; i < 8; i++) {
      state = transition(state, { type: 'start' }, t, S).state;
      t += state.durationMs;
      const r = transition(state, { type: 'tick' }, t, S);
      state = r.state;
      types.push(r.completions[0]!.finishedType);
    }
    expect(types).toEqual([
      'pomodoro',
      'short_break',
      'pomodoro',
      'short_break',
      'pomodoro',
      'short_break',
      'pomodoro',
      'long_break',
    ]);
    expect(state).toMatchObject({ type: 'pomodoro', completedPomodoros: 4 });
  });

  it('does not count a finished break', () => {
    const { state, completions } = run(initialTimerState(S, 'short_break', 2), [
      ['start', T0],
      ['tick', T0 + 5 * MIN],
    ]);
    expect(state.completedPomodoros).toBe(2);
    expect(completions[0]!.nextType).toBe('pomodoro');
  });

  it('auto-starts the break one second after completion when auto_start_breaks is on', () => {
    const settings = { ...S, auto_start_breaks: true };
    const done = run(
      initialTimerState(settings),
      [
        ['start', T0],
        ['tick', T0 + 25 * MIN],
      ],
      settings,
    ).state;
    expect(done).toMatchObject({
      status: 'completed',
      autoStartAt: T0 + 25 * MIN + AUTO_START_DELAY_MS,
    });
    const early = transition(done, { type: 'tick' }, T0 + 25 * MIN + 999, settings).state;
    expect(early.status).toBe('completed');
    const started = transition(done, { type: 'tick' }, T0 + 25 * MIN + 1000, settings).state;
    expect(started).toMatchObject({
      status: 'running',
      type: 'short_break',
      startedAt: T0 + 25 * MIN + 1000,
    });
  });

  it('does not auto-start a pomodoro unless auto_start_pomodoros is on', () => {
    const settings = { ...S, auto_start_breaks: true };
    const r = run(
      initialTimerState(settings, 'short_break'),
      [
        ['start', T0],
        ['tick', T0 + 10 * MIN],
      ],
      settings,
    );
    expect(r.state).toMatchObject({ status: 'completed', type: 'pomodoro', autoStartAt: null });
  });

  it('catches up a late tick across a completion and an auto-started phase without drift', () => {
    const settings = { ...S, auto_start_breaks: true, auto_start_pomodoros: true };
    const r = run(
      initialTimerState(settings),
      [
        ['start', T0],
        ['tick', T0 + 31 * MIN + 1000 + 1000],
      ],
      settings,
    );
    expect(r.completions.map((c) => c.finishedType)).toEqual(['pomodoro', 'short_break']);
    expect(r.completions[1]!.endedAt).toBe(T0 + 30 * MIN + 1000);
    expect(r.state).toMatchObject({
      status: 'running',
      type: 'pomodoro',
      startedAt: T0 + 30 * MIN + 2000,
    });
  });

  it('starts the loaded next type when start is pressed in the completed state', () => {
    const done = run(initialTimerState(S), [
      ['start', T0],
      ['tick', T0 + 25 * MIN],
    ]).state;
    const r = transition(done, { type: 'start' }, T0 + 26 * MIN, S).state;
    expect(r).toMatchObject({ status: 'running', type: 'short_break', startedAt: T0 + 26 * MIN });
  });

  it('ignores an early complete event', () => {
    const running = run(initialTimerState(S), [['start', T0]]).state;
    expect(transition(running, { type: 'complete' }, T0 + MIN, S).state.status).toBe('running');
  });
});

describe('restore', () => {
  it('fast-forwards a running timer by the time elapsed', () => {
    const running = run(initialTimerState(S), [['start', T0]]).state;
    const r = restore(running, T0 + 10 * MIN, S);
    expect(remainingAt(r.state, T0 + 10 * MIN, S)).toBe(15 * MIN);
    expect(r.completions).toEqual([]);
  });

  it('completes a timer that ran out while the page was closed, once, without auto-starting', () => {
    const settings = { ...S, auto_start_breaks: true, auto_start_pomodoros: true };
    const running = run(initialTimerState(settings), [['start', T0]], settings).state;
    const r = restore(running, T0 + 5 * 60 * MIN, settings);
    expect(r.completions).toHaveLength(1);
    expect(r.state).toMatchObject({ status: 'completed', type: 'short_break', autoStartAt: null });
  });

  it('does not fire an auto-start that fell due while the page was closed', () => {
    const settings = { ...S, auto_start_breaks: true };
    const done = run(
      initialTimerState(settings),
      [
        ['start', T0],
        ['tick', T0 + 25 * MIN],
      ],
      settings,
    ).state;
    expect(done.autoStartAt).toBe(T0 + 25 * MIN + AUTO_START_DELAY_MS);
    const r = restore(done, T0 + 60 * MIN, settings);
    expect(r.completions).toEqual([]);
    expect(r.state).toEqual({ ...done, autoStartAt: null });
  });

  it('keeps a pending auto-start that is still ahead when the page reopens', () => {
    const settings = { ...S, auto_start_breaks: true };
    const done = run(
      initialTimerState(settings),
      [
        ['start', T0],
        ['tick', T0 + 25 * MIN],
      ],
      settings,
    ).state;
    expect(restore(done, T0 + 25 * MIN + 500, settings).state).toEqual(done);
  });

  it('keeps a paused timer paused', () => {
    const paused = run(initialTimerState(S), [
      ['start', T0],
      ['pause', T0 + MIN],
    ]).state;
    expect(restore(paused, T0 + 999 * MIN, S).state).toEqual(paused);
  });
});

describe('nextType', () => {
  it('reads the completed count before the finishing pomodoro is added', () => {
    const s = { ...S, pomodoros_until_long_break: 2 };
    expect(nextType('pomodoro', 0, s)).toBe('short_break');
    expect(nextType('pomodoro', 1, s)).toBe('long_break');
    expect(nextType('long_break', 1, s)).toBe('pomodoro');
  });

  it('makes every pomodoro a long break when the setting is 1', () => {
    expect(nextType('pomodoro', 0, { ...S, pomodoros_until_long_break: 1 })).toBe('long_break');
  });
});
