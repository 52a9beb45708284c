import { describe, expect, it } from 'vitest';
import { remainingAt } from './machine.js';
import { DEFAULT_TIMER_SETTINGS, type TimerSettings } from './settings.js';
import {
  SHARED_TIMER_REMEMBERED_REQUESTS,
  applySharedTimerRequests,
  newSharedTimer,
  nextPhaseEnd,
  sharedTimerAt,
  type SharedTimer,
  type SharedTimerAction,
  type SharedTimerRequest,
} from './shared-timer.js';

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const MIN = 60_000;
const settings: TimerSettings = { ...DEFAULT_TIMER_SETTINGS };

let nextId = 0;
function press(
  device: string,
  baseVersion: number,
  at: number,
  action: SharedTimerAction,
): SharedTimerRequest {
  return { id: `r${++nextId}`, device, baseVersion, at, action };
}

function apply(timer: SharedTimer, requests: SharedTimerRequest[], now: number) {
  return applySharedTimerRequests(timer, requests, now, settings);
}

function started(at = T0): SharedTimer {
  return apply(newSharedTimer(settings, T0), [press('laptop', 0, at, { type: 'start' })], at).timer;
}

describe('applySharedTimerRequests', () => {
  it('applies a press at the instant it was made and counts a version', () => {
    const { timer, outcomes } = apply(
      newSharedTimer(settings, T0),
      [press('laptop', 0, T0 + 1000, { type: 'start' })],
      T0 + 1200,
    );
    expect(outcomes).toEqual(['applied']);
    expect(timer.version).toBe(1);
    expect(timer.stateVersion).toBe(1);
    expect(timer.changedBy).toBe('laptop');
    expect(timer.state.status).toBe('running');
    expect(timer.state.endsAt).toBe(T0 + 1000 + 25 * MIN);
  });

  it('of two devices pressing at once, the first to arrive decides and the other is stale', () => {
    const running = started();
    const pause = press('laptop', running.version, T0 + 5 * MIN, { type: 'pause' });
    const skip = press('phone', running.version, T0 + 5 * MIN, { type: 'skip' });
    const first = apply(running, [pause], T0 + 5 * MIN + 50);
    const second = apply(first.timer, [skip], T0 + 5 * MIN + 80);
    expect(first.outcomes).toEqual(['applied']);
    expect(second.outcomes).toEqual(['stale']);
    expect(second.timer).toEqual(first.timer);
    expect(second.timer.state.status).toBe('paused');
    // The other order gives the other well-defined result.
    const skipFirst = apply(running, [skip], T0 + 5 * MIN + 50);
    expect(apply(skipFirst.timer, [pause], T0 + 5 * MIN + 80).outcomes).toEqual(['stale']);
    expect(skipFirst.timer.state.type).toBe('short_break');
  });

  it("replays an offline device's presses in order, each where it was made", () => {
    const running = started();
    const base = running.version;
    const { timer, outcomes } = apply(
      running,
      [
        press('phone', base, T0 + 5 * MIN, { type: 'pause' }),
        press('phone', base, T0 + 8 * MIN, { type: 'resume' }),
        press('phone', base, T0 + 9 * MIN, { type: 'pause' }),
      ],
      T0 + 15 * MIN,
    );
    expect(outcomes).toEqual(['applied', 'applied', 'applied']);
    expect(timer.state.status).toBe('paused');
    // Ran 5 + 1 minutes of 25: 19 left, as the phone showed.
    expect(remainingAt(timer.state, T0 + 15 * MIN, settings)).toBe(19 * MIN);
    expect(timer.version).toBe(base + 3);
  });

  it('a replay made on a timer another device changed since is stale, all of it', () => {
    const running = started();
    const base = running.version;
    const laptop = apply(
      running,
      [press('laptop', base, T0 + 6 * MIN, { type: 'skip' })],
      T0 + 6 * MIN,
    ).timer;
    const { timer, outcomes } = apply(
      laptop,
      [
        press('phone', base, T0 + 5 * MIN, { type: 'pause' }),
        press('phone', base, T0 + 7 * MIN, { type: 'resume' }),
      ],
      T0 + 10 * MIN,
    );
    expect(outcomes).toEqual(['stale', 'stale']);
    expect(timer).toEqual(laptop);
  });

  it('a press made before a phase end that has passed is stale: that phase ended for everyone', () => {
    const running = started();
    const { timer, outcomes } = apply(
      running,
      [press('phone', running.version, T0 + 20 * MIN, { type: 'pause' })],
      T0 + 26 * MIN,
    );
    expect(outcomes).toEqual(['stale']);
    expect(sharedTimerAt(timer, T0 + 26 * MIN, settings).state.status).toBe('completed');
    expect(sharedTimerAt(timer, T0 + 26 * MIN, settings).completions).toHaveLength(1);
  });

  it('a press made after a phase ended acts on what followed it', () => {
    const running = started();
    const { timer, outcomes } = apply(
      running,
      [press('phone', running.version, T0 + 27 * MIN, { type: 'start' })],
      T0 + 28 * MIN,
    );
    expect(outcomes).toEqual(['applied']);
    expect(timer.state).toMatchObject({
      status: 'running',
      type: 'short_break',
      completedPomodoros: 1,
      startedAt: T0 + 27 * MIN,
    });
  });

  it('a retried batch applies only what the first attempt did not', () => {
    const running = started();
    const base = running.version;
    const pause = press('phone', base, T0 + 5 * MIN, { type: 'pause' });
    const resume = press('phone', base, T0 + 6 * MIN, { type: 'resume' });
    const firstAttempt = apply(running, [pause], T0 + 6 * MIN).timer;
    const retry = apply(firstAttempt, [pause, resume], T0 + 7 * MIN);
    expect(retry.outcomes).toEqual(['duplicate', 'applied']);
    expect(retry.timer.state.status).toBe('running');
    expect(apply(retry.timer, [pause, resume], T0 + 8 * MIN).outcomes).toEqual([
      'duplicate',
      'duplicate',
    ]);
  });

  it('a press that changes nothing is accepted without a new version', () => {
    const running = started();
    const { timer, outcomes } = apply(
      running,
      [press('phone', running.version, T0 + MIN, { type: 'resume' })],
      T0 + MIN,
    );
    expect(outcomes).toEqual(['unchanged']);
    expect(timer.version).toBe(running.version);
    expect(timer.state).toEqual(running.state);
  });

  it('never places a press before the last change or after now', () => {
    const running = started(T0 + 10 * MIN);
    const early = apply(
      running,
      [press('phone', running.version, T0, { type: 'pause' })],
      T0 + 11 * MIN,
    );
    // Placed at the start, not ten minutes before it.
    expect(early.timer.state.remainingMs).toBe(25 * MIN);
    expect(early.timer.changedAt).toBe(T0 + 10 * MIN);
    const future = apply(
      running,
      [press('phone', running.version, T0 + 60 * MIN, { type: 'pause' })],
      T0 + 12 * MIN,
    );
    expect(future.timer.changedAt).toBe(T0 + 12 * MIN);
    expect(future.timer.state.remainingMs).toBe(23 * MIN);
    const broken = apply(
      running,
      [press('phone', running.version, Number.NaN, { type: 'pause' })],
      T0 + 12 * MIN,
    );
    expect(broken.timer.changedAt).toBe(T0 + 12 * MIN);
  });

  it('the current task is the last one typed and never makes a press stale', () => {
    const running = started();
    const typed = apply(
      running,
      [press('phone', 0, T0 + MIN, { type: 'task', text: 'Write the report' })],
      T0 + MIN,
    );
    expect(typed.outcomes).toEqual(['applied']);
    expect(typed.timer.currentTask).toBe('Write the report');
    expect(typed.timer.version).toBe(running.version + 1);
    expect(typed.timer.stateVersion).toBe(running.stateVersion);
    // The laptop had not seen the task change, and its pause still applies.
    const paused = apply(
      typed.timer,
      [press('laptop', running.version, T0 + 2 * MIN, { type: 'pause' })],
      T0 + 2 * MIN,
    );
    expect(paused.outcomes).toEqual(['applied']);
    expect(
      apply(
        paused.timer,
        [press('laptop', 0, T0 + 3 * MIN, { type: 'task', text: 'Write the report' })],
        T0 + 3 * MIN,
      ).outcomes,
    ).toEqual(['unchanged']);
  });

  it('remembers a bounded number of request ids', () => {
    let timer = started();
    for (let i = 0; i < SHARED_TIMER_REMEMBERED_REQUESTS + 10; i++) {
      timer = apply(
        timer,
        [press('phone', timer.version, T0 + i, { type: 'task', text: `t${i}` })],
        T0 + i,
      ).timer;
    }
    expect(timer.recentRequests).toHaveLength(SHARED_TIMER_REMEMBERED_REQUESTS);
    expect(timer.recentRequests.at(-1)).toBe(`r${nextId}`);
  });
});

describe('nextPhaseEnd', () => {
  it("is the running phase's end, with what follows", () => {
    expect(nextPhaseEnd(started(), T0 + MIN, settings)).toEqual({
      at: T0 + 25 * MIN,
      finishedType: 'pomodoro',
      nextType: 'short_break',
      autoStart: settings.auto_start_breaks,
      startedAt: T0,
    });
  });

  it('follows an auto-start to the end of the phase it begins', () => {
    const auto = { ...settings, auto_start_breaks: true };
    const timer = applySharedTimerRequests(
      newSharedTimer(auto, T0),
      [press('laptop', 0, T0, { type: 'start' })],
      T0,
      auto,
    ).timer;
    const end = nextPhaseEnd(timer, T0 + 25 * MIN + 100, auto);
    expect(end).toMatchObject({
      at: T0 + 25 * MIN + 1000 + 5 * MIN,
      finishedType: 'short_break',
      nextType: 'pomodoro',
      startedAt: T0 + 25 * MIN + 1000,
    });
  });

  it('is null when nothing will end without a press', () => {
    expect(nextPhaseEnd(newSharedTimer(settings, T0), T0, settings)).toBeNull();
    const running = started();
    const paused = apply(
      running,
      [press('laptop', running.version, T0 + MIN, { type: 'pause' })],
      T0 + MIN,
    ).timer;
    expect(nextPhaseEnd(paused, T0 + 2 * MIN, settings)).toBeNull();
    expect(nextPhaseEnd(running, T0 + 26 * MIN, settings)).toBeNull();
  });
});
