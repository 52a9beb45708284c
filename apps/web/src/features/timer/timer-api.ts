import { STORAGE_KEYS, chooseSettings, type TimerSettings } from '@focusroom/core';
import { api } from '../../lib/api-client';
import { SETTINGS_QUERY_KEY, fetchSettings } from '../../lib/settings-query';
import type { SaveTodos, ServerTodo } from './todo-sync';
import { readJson } from './timer-storage';
import type { TimerController } from './timer-store';

/** Query keys of the timer's server state (cleared with the rest of the cache on sign-out). */
export const TIMER_QUERY_KEYS = {
  settings: SETTINGS_QUERY_KEY,
  todos: ['pomodoro', 'todos'] as const,
};

export { fetchSettings };
export const fetchTodos = () => api.getList<ServerTodo>('/pomodoro/todos');
export const replaceTodos: SaveTodos = (todos, options) =>
  api.post<ServerTodo[]>('/pomodoro/todos', { todos }, options);

/**
 * Saves settings from the dialog: PUT /settings (changed fields; the full object comes back)
 * for a signed-in user, the local copy for a visitor. Throws the API error for the dialog.
 */
export async function saveSettings(
  controller: TimerController,
  next: TimerSettings,
  signedIn: boolean,
): Promise<TimerSettings> {
  if (!signedIn) {
    controller.setSettings(next);
    return next;
  }
  const current = controller.store.getState().settings;
  const changed: Partial<TimerSettings> = {};
  for (const key of Object.keys(next) as (keyof TimerSettings)[]) {
    if (next[key] !== current[key]) (changed as Record<string, unknown>)[key] = next[key];
  }
  const answer = await api.put<unknown>('/settings', changed);
  const applied = chooseSettings(answer, readJson(STORAGE_KEYS.settings));
  controller.setSettings(applied);
  return applied;
}
