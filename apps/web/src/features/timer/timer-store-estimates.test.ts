import { DEFAULT_TIMER_SETTINGS, STORAGE_KEYS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import { createTimerController } from './timer-store';
import { todosFromServer } from './todo-sync';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

function clockAt(start = T0) {
  let now = start;
  return {
    now: () => now,
    add: (ms: number) => {
      now += ms;
    },
  };
}

function stored(): Record<string, unknown>[] {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.todos) ?? '[]') as Record<string, unknown>[];
}

describe('to-do estimates in the timer store', () => {
  it('adds a to-do with an estimate and changes it, kept within 1-99', () => {
    const c = createTimerController({ now: clockAt().now });
    c.addTodo('Write', 3);
    c.addTodo('Read');
    const [write, read] = c.store.getState().todos;
    expect(write).toMatchObject({ estimate: 3, donePomodoros: 0, active: false });
    expect(read).toMatchObject({ estimate: 1 });
    c.updateTodo(read!.id, { estimate: 250 });
    expect(c.store.getState().todos[1]!.estimate).toBe(99);
    c.updateTodo(read!.id, { estimate: 0 });
    expect(c.store.getState().todos[1]!.estimate).toBe(1);
  });

  it('makes one to-do the active one and sets the current task to its text', () => {
    const c = createTimerController({ now: clockAt().now });
    c.addTodo('Write');
    c.addTodo('Read');
    const [write, read] = c.store.getState().todos;
    c.setActiveTodo(write!.id);
    expect(c.store.getState().currentTask).toBe('Write');
    c.setActiveTodo(read!.id);
    expect(c.store.getState().todos.map((t) => t.active)).toEqual([false, true]);
    expect(c.store.getState().currentTask).toBe('Read');
    // Renaming the active to-do renames the task it set.
    c.updateTodo(read!.id, { text: 'Read chapter 2' });
    expect(c.store.getState().currentTask).toBe('Read chapter 2');
    c.setActiveTodo(null);
    expect(c.store.getState().todos.map((t) => t.active)).toEqual([false, false]);
    expect(c.store.getState().currentTask).toBe('Read chapter 2');
  });

  it('counts a finished pomodoro for the active to-do, not a break, and keeps it for a visitor', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.addTodo('Write', 2);
    c.addTodo('Read');
    const [write] = c.store.getState().todos;
    c.setActiveTodo(write!.id);
    c.dispatch({ type: 'start' });
    clock.add(DEFAULT_TIMER_SETTINGS.pomodoro_duration * MINUTE);
    expect(c.tick()).toHaveLength(1);
    expect(c.store.getState().todos.map((t) => t.donePomodoros)).toEqual([1, 0]);
    // The short break finishes too: nothing more is counted.
    c.dispatch({ type: 'start' });
    clock.add(DEFAULT_TIMER_SETTINGS.short_break_duration * MINUTE);
    c.tick();
    expect(c.store.getState().todos.map((t) => t.donePomodoros)).toEqual([1, 0]);
    expect(stored()[0]).toMatchObject({ estimate: 2, done_pomodoros: 1, active: true });

    const reloaded = createTimerController({ now: clock.now });
    expect(reloaded.store.getState().todos[0]).toMatchObject({
      text: 'Write',
      estimate: 2,
      donePomodoros: 1,
      active: true,
    });
  });

  it('counts nothing when no to-do is active', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.addTodo('Write');
    c.dispatch({ type: 'start' });
    clock.add(DEFAULT_TIMER_SETTINGS.pomodoro_duration * MINUTE);
    c.tick();
    expect(c.store.getState().todos[0]!.donePomodoros).toBe(0);
  });

  it('counts a pomodoro that ran out while the page was closed, once', () => {
    const clock = clockAt();
    const c = createTimerController({ now: clock.now });
    c.addTodo('Write');
    c.setActiveTodo(c.store.getState().todos[0]!.id);
    c.dispatch({ type: 'start' });
    clock.add(60 * MINUTE);
    const reopened = createTimerController({ now: clock.now });
    expect(reopened.store.getState().todos[0]!.donePomodoros).toBe(1);
    const again = createTimerController({ now: clock.now });
    expect(again.store.getState().todos[0]!.donePomodoros).toBe(1);
  });

  it('holds a signed-in user’s count until the server’s list is here, then counts it as an edit', () => {
    const clock = clockAt();
    localStorage.setItem(STORAGE_KEYS.token, 'a.b.c');
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    clock.add(DEFAULT_TIMER_SETTINGS.pomodoro_duration * MINUTE);
    c.tick();
    const before = c.store.getState().todosVersion;
    c.replaceTodos(
      todosFromServer([
        {
          id: 'srv-1',
          text: 'Write',
          completed: false,
          position: 0,
          estimate: 3,
          done_pomodoros: 1,
          active: true,
        },
      ]),
    );
    expect(c.store.getState().todos[0]).toMatchObject({ donePomodoros: 2, serverId: 'srv-1' });
    // An edit: the server sync sends it.
    expect(c.store.getState().todosVersion).toBe(before + 1);
  });

  it('drops a held count when the account is gone before its list arrived', () => {
    const clock = clockAt();
    localStorage.setItem(STORAGE_KEYS.token, 'a.b.c');
    const c = createTimerController({ now: clock.now });
    c.dispatch({ type: 'start' });
    clock.add(DEFAULT_TIMER_SETTINGS.pomodoro_duration * MINUTE);
    c.tick();
    c.setTodoSource('local');
    c.setTodoSource('server');
    c.replaceTodos(
      todosFromServer([
        {
          id: 'srv-9',
          text: 'Someone else’s',
          completed: false,
          position: 0,
          estimate: 1,
          done_pomodoros: 0,
          active: true,
        },
      ]),
    );
    expect(c.store.getState().todos[0]!.donePomodoros).toBe(0);
  });

  it('reads a visitor’s older list without the new fields, and at most one active item', () => {
    localStorage.setItem(
      STORAGE_KEYS.todos,
      JSON.stringify([
        { id: 'a', text: 'Old', completed: false },
        { id: 'b', text: 'B', completed: false, estimate: 4, done_pomodoros: 2, active: true },
        { id: 'c', text: 'C', completed: false, estimate: 'lots', active: true },
      ]),
    );
    const c = createTimerController({ now: clockAt().now });
    expect(
      c.store.getState().todos.map(({ estimate, donePomodoros, active }) => ({
        estimate,
        donePomodoros,
        active,
      })),
    ).toEqual([
      { estimate: 1, donePomodoros: 0, active: false },
      { estimate: 4, donePomodoros: 2, active: true },
      { estimate: 1, donePomodoros: 0, active: false },
    ]);
  });
});
