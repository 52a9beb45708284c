import {
  STORAGE_KEYS,
  chooseSettings,
  creditActiveTodo,
  decodeTimerState,
  finishedPomodoros,
  initialTimerState,
  restore,
  type Completion,
} from '@focusroom/core';
import { readToken } from '../../lib/storage';
import { readJson } from './timer-storage';
import { FRESH_TODO_FIELDS, type TimerSnapshot, type TodoItem } from './timer-snapshot';
import { newTodoId, readLocalTodos } from './timer-todos';

/** The timer as this browser left it, read once when the store is made. */
export interface RestoredTimer {
  snapshot: TimerSnapshot;
  /** Completions found when the saved state was restored (handed out once). */
  completions: Completion[];
  /** Pomodoros that finished while the page was closed, waiting for a signed-in user's list. */
  uncredited: number;
  /** The saved state ran out meanwhile: write it back as restored. */
  saveNow: boolean;
  /** A visitor's own list got credit for those pomodoros: write it back. */
  persistTodosNow: boolean;
}

/**
 * Restore on load (product §4 persistence): settings from the local copy until the server's
 * arrive, the saved state fast-forwarded, completed if it ran out (at most once, decision 004).
 */
export function restoreTimer(startedAt: number): RestoredTimer {
  const settings = chooseSettings(undefined, readJson(STORAGE_KEYS.settings));
  const saved = decodeTimerState(readJson(STORAGE_KEYS.timer), settings);
  const restored = saved
    ? restore(saved.state, startedAt, settings)
    : { state: initialTimerState(settings), completions: [] as Completion[] };
  const signedIn = readToken() !== null;
  const storedTodos = readLocalTodos();
  // Pomodoros that finished while the page was closed count for the active to-do: at once for
  // a visitor's own list, once the server's list is here for a signed-in user.
  const localTodos =
    storedTodos && ([...creditActiveTodo(storedTodos, restored.completions)] as TodoItem[]);
  const uncredited = signedIn ? finishedPomodoros(restored.completions) : 0;
  const mirrored: TodoItem[] = (saved?.todoItems ?? []).map((t) => ({
    id: newTodoId(),
    text: t.text,
    completed: t.completed,
    ...FRESH_TODO_FIELDS,
  }));
  return {
    snapshot: {
      timer: restored.state,
      settings,
      now: startedAt,
      currentTask: saved?.currentTask ?? '',
      // Signed in: the timer state's mirror until the server's list arrives (product §3).
      todos: signedIn ? mirrored : (localTodos ?? mirrored),
      todoSource: signedIn ? 'server' : 'local',
      todosReady: !signedIn,
      todosVersion: 0,
    },
    completions: restored.completions,
    uncredited,
    saveNow: saved !== null && restored.completions.length > 0,
    persistTodosNow: !!localTodos && localTodos !== storedTodos && !signedIn,
  };
}
