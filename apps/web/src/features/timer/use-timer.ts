import { chooseSettings, initialTimerState } from '@focusroom/core';
import { useSyncExternalStore } from 'react';
import { timerController, type TimerSnapshot } from './timer-store';

let serverSnapshot: TimerSnapshot | null = null;

/**
 * The timer as the build pre-renders it: a visitor's, idle, default settings, nothing stored.
 * The browser shows this while it hydrates, then its own stored timer (docs/decisions/039).
 */
export function prerenderedTimerSnapshot(): TimerSnapshot {
  if (serverSnapshot) return serverSnapshot;
  const settings = chooseSettings(undefined, undefined);
  serverSnapshot = {
    timer: initialTimerState(settings),
    settings,
    now: 0,
    currentTask: '',
    todos: [],
    todoSource: 'local',
    todosReady: true,
    todosVersion: 0,
  };
  return serverSnapshot;
}

/** Reads the one timer store; components pick the slice they draw so they re-render rarely. */
export function useTimerStore<T>(selector: (snapshot: TimerSnapshot) => T): T {
  const { store } = timerController();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(prerenderedTimerSnapshot()),
  );
}
