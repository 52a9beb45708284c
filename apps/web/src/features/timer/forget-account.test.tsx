import { DEFAULT_TIMER_SETTINGS, STORAGE_KEYS } from '@focusroom/core';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAccountStorage } from '../auth/account-storage';
import { announceSignOut } from '../auth/session-events';
import { useForgetAccountOnSignOut } from './forget-account';
import { createTimerController } from './timer-store';

const MINUTE = 60_000;

/** A signed-in user's timer mid-session: their settings, task, list and a finished pomodoro. */
function signedInTimer() {
  localStorage.setItem(STORAGE_KEYS.token, 'account-token');
  localStorage.setItem(
    STORAGE_KEYS.todos,
    JSON.stringify([{ id: 'v1', text: 'Visitor errand', completed: false }]),
  );
  let now = Date.now();
  const controller = createTimerController({ now: () => now });
  controller.setSettings({ ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 1 });
  controller.setTodoSource('server', []);
  controller.addTodo('Account to-do');
  controller.setCurrentTask('Quarterly report');
  controller.dispatch({ type: 'start' });
  now += MINUTE;
  controller.tick();
  controller.dispatch({ type: 'start' });
  return controller;
}

describe('the timer after a session ends', () => {
  afterEach(() => localStorage.clear());

  it("becomes a visitor's fresh timer: default settings, idle pomodoro, no task, count 0, the visitor's own list", () => {
    const controller = signedInTimer();
    const before = controller.store.getState();
    expect(before.timer).toMatchObject({ status: 'running', completedPomodoros: 1 });
    expect(before.currentTask).toBe('Quarterly report');
    expect(before.todoSource).toBe('server');

    renderHook(() => useForgetAccountOnSignOut(controller));
    // What the auth state does when the session ends.
    forgetAccountStorage();
    announceSignOut();

    const after = controller.store.getState();
    expect(after.settings).toEqual(DEFAULT_TIMER_SETTINGS);
    expect(after.timer).toMatchObject({ status: 'idle', type: 'pomodoro', completedPomodoros: 0 });
    expect(after.currentTask).toBe('');
    expect(after.todoSource).toBe('local');
    expect(after.todos.map((t) => t.text)).toEqual(['Visitor errand']);
    expect(after.todosReady).toBe(true);

    // Whatever is saved next holds nothing of the account.
    controller.save();
    const saved = localStorage.getItem(STORAGE_KEYS.timer) ?? '';
    expect(saved).not.toContain('Quarterly report');
    expect(saved).not.toContain('Account to-do');
    expect(JSON.parse(saved)).toMatchObject({ completedPomodoros: 0, timerState: 'idle' });
  });

  it('stops listening when the engine unmounts', () => {
    const controller = signedInTimer();
    const { unmount } = renderHook(() => useForgetAccountOnSignOut(controller));
    unmount();
    announceSignOut();
    expect(controller.store.getState().currentTask).toBe('Quarterly report');
  });
});
