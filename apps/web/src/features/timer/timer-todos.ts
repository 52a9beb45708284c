import {
  CURRENT_TASK_MAX_LENGTH,
  STORAGE_KEYS,
  TODO_TEXT_MAX_LENGTH,
  TODOS_MAX_ITEMS,
  creditActiveTodo,
  finishedPomodoros,
  toDonePomodoros,
  toEstimate,
  type Completion,
} from '@focusroom/core';
import type { StoreApi } from 'zustand/vanilla';
import {
  FRESH_TODO_FIELDS,
  type TimerSnapshot,
  type TodoItem,
  type TodoSource,
} from './timer-snapshot';
import { readJson, writeJson } from './timer-storage';

/**
 * The timer's to-do list (product §4 "To-do estimates"): a visitor's own list in this browser or
 * a signed-in user's from the server, its edits, and the finished pomodoros that count for the
 * active to-do.
 */

export function newTodoId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `todo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A visitor's own list as this browser stored it; null when there is none. */
export function readLocalTodos(): TodoItem[] | null {
  const raw = readJson(STORAGE_KEYS.todos);
  if (!Array.isArray(raw)) return null;
  let activeSeen = false;
  return raw
    .filter(
      (t): t is { id?: unknown; text: string; completed: boolean } =>
        !!t &&
        typeof t === 'object' &&
        typeof (t as { text?: unknown }).text === 'string' &&
        typeof (t as { completed?: unknown }).completed === 'boolean',
    )
    .slice(0, TODOS_MAX_ITEMS)
    .map((t) => {
      const extra = t as { estimate?: unknown; done_pomodoros?: unknown; active?: unknown };
      const active = extra.active === true && !activeSeen;
      activeSeen ||= active;
      return {
        id: typeof t.id === 'string' && t.id ? t.id : newTodoId(),
        text: t.text.slice(0, TODO_TEXT_MAX_LENGTH),
        completed: t.completed,
        estimate: toEstimate(extra.estimate ?? FRESH_TODO_FIELDS.estimate),
        donePomodoros: toDonePomodoros(extra.done_pomodoros),
        active,
      };
    });
}

/** The to-do half of the timer controller (see TimerController for what each does). */
export interface TodoActions {
  addTodo(text: string, estimate?: number): void;
  updateTodo(id: string, patch: Partial<Pick<TodoItem, 'text' | 'completed' | 'estimate'>>): void;
  removeTodo(id: string): void;
  setActiveTodo(id: string | null): void;
  moveTodo(from: number, to: number): void;
  setTodoSource(source: TodoSource, todos?: TodoItem[]): void;
  replaceTodos(todos: TodoItem[]): void;
  markTodosReady(): void;
  /**
   * Product §4 "To-do estimates": each finished pomodoro counts for the to-do active when it
   * finished. Until a signed-in user's list is here, the count waits for it.
   */
  creditCompletions(completions: readonly Completion[]): void;
  /** Writes a visitor's own list to `focusroom_todos` (a signed-in user's lives on the server). */
  persistTodos(): void;
}

/**
 * The list's edits on the timer store. `save` writes the timer state (its to-do mirror among
 * it); `uncredited` is the count of pomodoros that finished before a signed-in user's list came.
 */
export function createTodoActions(
  store: StoreApi<TimerSnapshot>,
  save: () => void,
  uncreditedAtStart: number,
): TodoActions {
  let uncredited = uncreditedAtStart;

  const persistTodos = (): void => {
    const s = store.getState();
    if (s.todoSource === 'local') {
      writeJson(
        STORAGE_KEYS.todos,
        s.todos.map(({ id, text, completed, estimate, donePomodoros, active }) => ({
          id,
          text,
          completed,
          estimate,
          done_pomodoros: donePomodoros,
          active,
        })),
      );
    }
  };

  const editTodos = (change: (todos: TodoItem[]) => TodoItem[]): void => {
    const s = store.getState();
    const todos = change(s.todos);
    if (todos === s.todos) return;
    store.setState({ todos, todosVersion: s.todosVersion + 1 });
    persistTodos();
    save();
  };

  return {
    persistTodos,

    creditCompletions(completions) {
      if (!store.getState().todosReady) {
        uncredited += finishedPomodoros(completions);
        return;
      }
      editTodos((todos) => creditActiveTodo(todos, completions) as TodoItem[]);
    },

    addTodo(text, estimate = FRESH_TODO_FIELDS.estimate) {
      const clean = text.trim().slice(0, TODO_TEXT_MAX_LENGTH);
      if (!clean) return;
      editTodos((todos) =>
        todos.length >= TODOS_MAX_ITEMS
          ? todos
          : [
              ...todos,
              {
                id: newTodoId(),
                text: clean,
                completed: false,
                ...FRESH_TODO_FIELDS,
                estimate: toEstimate(estimate),
              },
            ],
      );
    },

    updateTodo(id, patch) {
      const text =
        patch.text === undefined ? undefined : patch.text.trim().slice(0, TODO_TEXT_MAX_LENGTH);
      if (text === '') return;
      const before = store.getState().todos.find((t) => t.id === id);
      editTodos((todos) =>
        todos.map((t) =>
          t.id === id
            ? {
                ...t,
                ...(text === undefined ? {} : { text }),
                ...(patch.completed === undefined ? {} : { completed: patch.completed }),
                ...(patch.estimate === undefined ? {} : { estimate: toEstimate(patch.estimate) }),
              }
            : t,
        ),
      );
      // Renaming the active to-do renames the current task it set.
      if (before?.active && text !== undefined && store.getState().currentTask === before.text) {
        store.setState({ currentTask: text.slice(0, CURRENT_TASK_MAX_LENGTH) });
        save();
      }
    },

    setActiveTodo(id) {
      const chosen = id === null ? undefined : store.getState().todos.find((t) => t.id === id);
      editTodos((todos) =>
        todos.some((t) => t.active !== (t.id === chosen?.id))
          ? todos.map((t) => ({ ...t, active: t.id === chosen?.id }))
          : todos,
      );
      if (chosen) {
        store.setState({ currentTask: chosen.text.slice(0, CURRENT_TASK_MAX_LENGTH) });
        save();
      }
    },

    removeTodo(id) {
      editTodos((todos) => todos.filter((t) => t.id !== id));
    },

    moveTodo(from, to) {
      editTodos((todos) => {
        if (from === to || from < 0 || to < 0 || from >= todos.length || to >= todos.length) {
          return todos;
        }
        const next = [...todos];
        const [moved] = next.splice(from, 1);
        next.splice(to, 0, moved!);
        return next;
      });
    },

    setTodoSource(source, todos) {
      const s = store.getState();
      // A count held for an account's list never lands on a visitor's (or the next account's).
      if (source === 'local') uncredited = 0;
      if (s.todoSource === source && todos === undefined) return;
      store.setState({
        todoSource: source,
        todos: todos ?? (source === 'local' ? (readLocalTodos() ?? []) : s.todos),
        todosReady: source === 'local' || todos !== undefined,
      });
      save();
    },

    replaceTodos(todos) {
      store.setState({ todos, todosReady: true });
      persistTodos();
      save();
      if (uncredited > 0) {
        const finished = uncredited;
        uncredited = 0;
        editTodos((list) => {
          const active = list.find((t) => t.active);
          return active
            ? list.map((t) =>
                t === active
                  ? { ...t, donePomodoros: toDonePomodoros(t.donePomodoros + finished) }
                  : t,
              )
            : list;
        });
      }
    },

    markTodosReady() {
      if (!store.getState().todosReady) store.setState({ todosReady: true });
    },
  };
}
