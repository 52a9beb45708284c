import { ACCOUNT_DATA_STALE_MS, STORAGE_KEYS, chooseSettings } from '@focusroom/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TIMER_QUERY_KEYS, fetchSettings, fetchTodos, replaceTodos } from './timer-api';
import { readJson } from './timer-storage';
import type { TimerController } from './timer-store';
import { createTodoSync, todosFromServer, type TodoSync } from './todo-sync';

/**
 * A signed-in user's timer data on the server: settings from GET /settings by product §4's source
 * rule (a failure falls back silently to the local copy, product §8), to-dos from GET
 * /pomodoro/todos with edits saved back (the server's list is the truth, product §3).
 */
export function useTimerServerSync(controller: TimerController, userId: string): void {
  const settings = useQuery({
    queryKey: TIMER_QUERY_KEYS.settings,
    queryFn: fetchSettings,
    staleTime: ACCOUNT_DATA_STALE_MS,
  });
  const todos = useQuery({
    queryKey: TIMER_QUERY_KEYS.todos,
    queryFn: fetchTodos,
    staleTime: ACCOUNT_DATA_STALE_MS,
  });
  const sync = useRef<TodoSync | null>(null);

  useEffect(() => {
    if (settings.data === undefined) return;
    controller.setSettings(chooseSettings(settings.data, readJson(STORAGE_KEYS.settings)));
  }, [controller, settings.data]);

  useEffect(() => {
    controller.setTodoSource('server');
    const todoSync = createTodoSync(controller, replaceTodos);
    sync.current = todoSync;
    const retry = () => todoSync.retry();
    // An edit made just before the tab is hidden or closed must not wait for the debounce.
    const leaving = () => {
      if (document.visibilityState === 'hidden') todoSync.flushNow();
    };
    const closing = () => todoSync.flushNow();
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', leaving);
    window.addEventListener('pagehide', closing);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', leaving);
      window.removeEventListener('pagehide', closing);
      todoSync.dispose();
      sync.current = null;
    };
  }, [controller, userId]);

  useEffect(() => {
    // Edits the server has not seen yet win over an older answer.
    if (todos.data === undefined || sync.current?.dirty()) return;
    controller.replaceTodos(todosFromServer(todos.data));
  }, [controller, todos.data]);

  useEffect(() => {
    // Offline or refused: the saved state's copy of the list is what there is to work with.
    if (todos.isError) controller.markTodosReady();
  }, [controller, todos.isError]);
}
