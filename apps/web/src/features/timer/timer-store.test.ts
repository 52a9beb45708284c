import {
  DEFAULT_TIMER_SETTINGS,
  STORAGE_KEYS,
  encodeTimerState,
  type TimerSettings,
} from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { createTimerController } from './timer-store';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

function clockAt(start = T0) {
  let now = start;
  return {
    now: () => now,
    set: (t: number) => {
      now = t;
    },
    add: (ms: number) => {
      now += ms;
    },
  };
}

function useSettings(patch: Partial<TimerSettings>) {
  localStorage.setItem(
    STORAGE_KEYS.settings,
    JSON.stringify({ ...DEFAULT_TIMER_SETTINGS, ...patch }),
  );
}

function savedTimer(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.timer) ?? 'null') as Record<string, unknown>;
}

describe('the timer store', () => {
  it('starts idle on a pomodoro with the default 25 minutes', () => {
    const c = createTimerController({ now: clockAt().now });
    const s = c.store.getState();
    expect(s.timer.status).toBe('idle');
    expect(s.timer.type).toBe('pomodoro');
    expect(s.settings).toEqual(DEFAULT_TIMER_SETTINGS);
    expect(s.todoSource).toBe('local');
  });

  it('completes a running pomodoro exactly at its due instant and loads the short break', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    clock.set(T0 + 25 * MINUTE - 1);
    expect(c.tick()).toEqual([]);
    expect(c.store.getState().timer.status).toBe('running');

    clock.set(T0 + 25 * MINUTE);
    const completions = c.tick();
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({
      finishedType: 'pomodoro',
      nextType: 'short_break',
      endedAt: T0 + 25 * MINUTE,
      activeMs: 25 * MINUTE,
      autoStart: false,
    });
    const { timer } = c.store.getState();
    expect(timer).toMatchObject({
      status: 'completed',
      type: 'short_break',
      completedPomodoros: 1,
    });
  });

  it('starts at the time the person pressed Start, when that press was kept while loading', () => {
    const clock = clockAt(T0 + 1500);
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' }, T0);
    expect(c.store.getState().timer.startedAt).toBe(T0);
    expect(c.store.getState().timer.endsAt).toBe(T0 + 25 * MINUTE);
    expect(savedTimer().startTime).toBe(T0);
    // A pause pressed later, also kept, counts the active time between the two presses.
    c.dispatch({ type: 'pause' }, T0 + 1000);
    expect(c.store.getState().timer.remainingMs).toBe(25 * MINUTE - 1000);
    // A time from the future is now.
    c.dispatch({ type: 'resume' }, T0 + 60 * MINUTE);
    expect(c.store.getState().timer.runningSince).toBe(T0 + 1500);
  });

  it('hands completions to its listeners', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    const seen: number[] = [];
    const off = c.onCompletions((list) => seen.push(list.length));
    c.dispatch({ type: 'start' });
    clock.add(30 * MINUTE);
    c.tick();
    off();
    c.dispatch({ type: 'start' });
    clock.add(30 * MINUTE);
    c.tick();
    expect(seen).toEqual([1]);
  });

  it('auto-starts the break one second after the pomodoro ends, at that exact instant', () => {
    useSettings({ auto_start_breaks: true });
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    clock.set(T0 + 25 * MINUTE);
    c.tick();
    expect(c.store.getState().timer.autoStartAt).toBe(T0 + 25 * MINUTE + 1000);

    clock.set(T0 + 25 * MINUTE + 999);
    c.tick();
    expect(c.store.getState().timer.status).toBe('completed');

    // A late pulse still starts the break at its own instant, not at the pulse.
    clock.set(T0 + 25 * MINUTE + 1700);
    c.tick();
    const { timer } = c.store.getState();
    expect(timer).toMatchObject({
      status: 'running',
      type: 'short_break',
      startedAt: T0 + 25 * MINUTE + 1000,
      endsAt: T0 + 30 * MINUTE + 1000,
    });
  });

  it('saves on each action and on every fifth second, not on every pulse', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    expect(savedTimer()).toMatchObject({ timerState: 'running', lastTimestamp: T0 });

    for (let i = 1; i <= 4; i++) {
      clock.set(T0 + i * 1000);
      c.tick();
      c.tick(); // a second pulse in the same second (Worker and page timer) changes nothing
      expect(savedTimer().lastTimestamp).toBe(T0);
    }
    clock.set(T0 + 5000);
    c.tick();
    expect(savedTimer()).toMatchObject({ lastTimestamp: T0 + 5000, timeLeft: 25 * 60 - 5 });

    clock.set(T0 + 6500);
    c.dispatch({ type: 'pause' });
    expect(savedTimer()).toMatchObject({ timerState: 'paused', lastTimestamp: T0 + 6500 });
  });

  it('saves the product §3 fields with the current task and to-dos', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.setCurrentTask('Write the report');
    c.addTodo('Outline');
    c.dispatch({ type: 'start' });
    expect(savedTimer()).toMatchObject({
      timeLeft: 1500,
      timerState: 'running',
      timerType: 'pomodoro',
      completedPomodoros: 0,
      currentTask: 'Write the report',
      todoItems: [{ text: 'Outline', completed: false }],
      startTime: T0,
      lastTimestamp: T0,
      endsAt: T0 + 25 * MINUTE,
    });
  });

  it('restores a running timer on load and fast-forwards it by the time away', () => {
    const first = createTimerController({ now: clockAt().now });
    first.setCurrentTask('Essay');
    first.dispatch({ type: 'start' });

    const later = createTimerController({ now: clockAt(T0 + 10 * MINUTE).now });
    const s = later.store.getState();
    expect(s.timer.status).toBe('running');
    expect(s.timer.endsAt).toBe(T0 + 25 * MINUTE);
    expect(s.currentTask).toBe('Essay');
    expect(later.takeRestoredCompletions()).toEqual([]);
  });

  it('restores a timer that ran out as completed, once, without auto-starting', () => {
    useSettings({ auto_start_breaks: true, auto_start_pomodoros: true });
    const first = createTimerController({ now: clockAt().now });
    first.dispatch({ type: 'start' });

    const later = createTimerController({ now: clockAt(T0 + 3 * 60 * MINUTE).now });
    const { timer } = later.store.getState();
    expect(timer).toMatchObject({
      status: 'completed',
      type: 'short_break',
      completedPomodoros: 1,
      autoStartAt: null,
    });
    const restored = later.takeRestoredCompletions();
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ finishedType: 'pomodoro', endedAt: T0 + 25 * MINUTE });
    expect(later.takeRestoredCompletions()).toEqual([]);
    // The completed state was saved, so another reload does not find the completion again.
    const again = createTimerController({ now: clockAt(T0 + 4 * 60 * MINUTE).now });
    expect(again.takeRestoredCompletions()).toEqual([]);
  });

  it('recomputes from the clock when the tab is visible again', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    clock.set(T0 + 12 * MINUTE + 400);
    c.tick('visible');
    expect(c.store.getState().now).toBe(T0 + 12 * MINUTE + 400);
    expect(savedTimer().lastTimestamp).toBe(T0 + 12 * MINUTE + 400);
  });

  it('lets settings change the idle duration but never a phase under way', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.setSettings({ ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 50 });
    expect(c.store.getState().timer.durationMs).toBe(50 * MINUTE);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings)!)).toMatchObject({
      pomodoro_duration: 50,
    });
    c.dispatch({ type: 'start' });
    c.setSettings({ ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 10 });
    expect(c.store.getState().timer.endsAt).toBe(T0 + 50 * MINUTE);
  });

  it('follows the long-break rule after the fourth pomodoro', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    for (let i = 0; i < 4; i++) {
      c.dispatch({ type: 'select', timerType: 'pomodoro' });
      c.dispatch({ type: 'start' });
      clock.add(25 * MINUTE);
      c.tick();
    }
    expect(c.store.getState().timer).toMatchObject({
      status: 'completed',
      type: 'long_break',
      completedPomodoros: 4,
    });
  });

  it('keeps an anonymous visitor’s to-dos in this browser', () => {
    const c = createTimerController({ now: clockAt().now });
    c.addTodo('  First  ');
    c.addTodo('Second');
    c.addTodo('   ');
    const [first, second] = c.store.getState().todos;
    expect(first).toMatchObject({ text: 'First', completed: false });
    c.updateTodo(first!.id, { completed: true });
    c.updateTodo(second!.id, { text: 'Second, edited' });
    c.updateTodo(second!.id, { text: '   ' });
    c.moveTodo(1, 0);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.todos)!) as unknown[];
    expect(stored).toEqual([
      {
        id: second!.id,
        text: 'Second, edited',
        completed: false,
        estimate: 1,
        done_pomodoros: 0,
        active: false,
      },
      {
        id: first!.id,
        text: 'First',
        completed: true,
        estimate: 1,
        done_pomodoros: 0,
        active: false,
      },
    ]);
    c.removeTodo(first!.id);
    expect(c.store.getState().todos.map((t) => t.text)).toEqual(['Second, edited']);
    expect(c.store.getState().todosVersion).toBe(6);

    const reloaded = createTimerController({ now: clockAt().now });
    expect(reloaded.store.getState().todos.map((t) => t.text)).toEqual(['Second, edited']);
  });

  it('starts a signed-in user from the saved state’s to-dos until the server answers', () => {
    const anonymous = createTimerController({ now: clockAt().now });
    anonymous.addTodo('Local only');
    localStorage.setItem(
      STORAGE_KEYS.timer,
      JSON.stringify(
        encodeTimerState(anonymous.store.getState().timer, T0, DEFAULT_TIMER_SETTINGS, {
          currentTask: '',
          todoItems: [{ text: 'Mirrored', completed: true }],
        }),
      ),
    );
    localStorage.setItem('token', 'a.b.c');
    const c = createTimerController({ now: clockAt().now });
    expect(c.store.getState().todoSource).toBe('server');
    expect(c.store.getState().todos).toMatchObject([{ text: 'Mirrored', completed: true }]);
    // Not editable until the account's list has arrived (or could not be fetched).
    expect(c.store.getState().todosReady).toBe(false);
    c.markTodosReady();
    expect(c.store.getState().todosReady).toBe(true);
    c.setTodoSource('local');
    expect(c.store.getState().todos).toMatchObject([{ text: 'Local only' }]);
  });

  it('takes the machine state another tab saved, and ignores its own echo', () => {
    const clock = clockAt();
    const here = createTimerController({ now: clock.now });
    const there = createTimerController({ now: clock.now });
    there.dispatch({ type: 'start' });
    const raw = localStorage.getItem(STORAGE_KEYS.timer);
    here.adoptSaved(raw);
    expect(here.store.getState().timer).toMatchObject({
      status: 'running',
      endsAt: T0 + 25 * MINUTE,
    });
    const before = here.store.getState();
    here.adoptSaved(raw);
    expect(here.store.getState()).toBe(before);
    here.adoptSaved('{broken');
    expect(here.store.getState()).toBe(before);
  });
});
