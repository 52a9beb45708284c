import type { Todo } from '@focusroom/core/schemas';
import { FRESH_TODO_FIELDS, type TimerController, type TodoItem } from './timer-store';

/** A to-do as the server answers it (product §7). */
export type ServerTodo = Todo;

/** One item of the replace-all body (product §7), estimate fields included. */
export interface TodoPayload {
  id?: string;
  text: string;
  completed: boolean;
  estimate: number;
  done_pomodoros: number;
  active: boolean;
}

export type SaveTodos = (
  todos: TodoPayload[],
  /** keepalive: the page is going away; the request must outlive it. */
  options?: { keepalive: true },
) => Promise<ServerTodo[]>;

export const TODO_SAVE_DELAY_MS = 800;

/** A server to-do as the store keeps it, under the store's own key `id`. */
function fromServer(t: ServerTodo, id: string): TodoItem {
  return {
    id,
    serverId: t.id,
    text: t.text,
    completed: t.completed,
    // An older server may leave the estimate fields out: the store's defaults then.
    estimate: t.estimate ?? FRESH_TODO_FIELDS.estimate,
    donePomodoros: t.done_pomodoros ?? FRESH_TODO_FIELDS.donePomodoros,
    active: t.active ?? FRESH_TODO_FIELDS.active,
  };
}

export function todosFromServer(list: readonly ServerTodo[]): TodoItem[] {
  return [...list].sort((a, b) => a.position - b.position).map((t) => fromServer(t, t.id));
}

export interface TodoSync {
  /** True while edits exist that the server has not confirmed. */
  dirty(): boolean;
  /** Sends now what is waiting (the network came back). */
  retry(): void;
  /**
   * The page is being hidden or closed: sends what is waiting at once, in a request that
   * outlives the page, instead of after the debounce (which may never come).
   */
  flushNow(): void;
  dispose(): void;
}

/**
 * Keeps a signed-in user's list on the server: edits are sent, debounced, with POST
 * /pomodoro/todos `{ todos }` (replace-all, product §7), each item with its server id so it keeps
 * it. The answer is the truth: when nothing changed meanwhile it replaces the list; otherwise
 * only the new ids are taken and the newer edits follow in another save. A failed save stays
 * dirty and is sent again on the next edit or `retry`.
 */
export function createTodoSync(
  controller: TimerController,
  save: SaveTodos,
  delayMs = TODO_SAVE_DELAY_MS,
): TodoSync {
  const { store } = controller;
  let confirmedVersion = store.getState().todosVersion;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let disposed = false;

  const flush = async (options?: { keepalive: true }): Promise<void> => {
    timer = null;
    if (disposed || inFlight) return;
    const state = store.getState();
    if (state.todoSource !== 'server' || state.todosVersion === confirmedVersion) return;
    const version = state.todosVersion;
    const sent = state.todos;
    inFlight = true;
    let ok = false;
    try {
      const list = sent.map((t) => ({
        ...(t.serverId ? { id: t.serverId } : {}),
        text: t.text,
        completed: t.completed,
        estimate: t.estimate,
        done_pomodoros: t.donePomodoros,
        active: t.active,
      }));
      const answer = await (options ? save(list, options) : save(list));
      ok = true;
      if (disposed) return;
      confirmedVersion = Math.max(confirmedVersion, version);
      const ordered = [...answer].sort((a, b) => a.position - b.position);
      const now = store.getState();
      if (now.todosVersion === version) {
        controller.replaceTodos(ordered.map((t, i) => fromServer(t, sent[i]?.id ?? t.id)));
      } else {
        // Newer edits exist: keep them, only learn the ids the server gave.
        const ids = new Map(sent.map((t, i) => [t.id, ordered[i]?.id]));
        controller.replaceTodos(
          now.todos.map((t) => (ids.get(t.id) ? { ...t, serverId: ids.get(t.id) } : t)),
        );
      }
    } catch {
      // Offline or refused: stays dirty; the next edit or retry sends it again.
    } finally {
      inFlight = false;
      if (ok && !disposed && store.getState().todosVersion !== confirmedVersion) schedule();
    }
  };

  const schedule = (): void => {
    if (disposed) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.todosVersion !== previous.todosVersion && state.todoSource === 'server') schedule();
  });

  return {
    dirty: () => store.getState().todosVersion !== confirmedVersion,
    retry: () => {
      if (store.getState().todosVersion !== confirmedVersion) void flush();
    },
    flushNow: () => {
      if (store.getState().todosVersion === confirmedVersion) return;
      if (timer !== null) clearTimeout(timer);
      void flush({ keepalive: true });
    },
    dispose: () => {
      disposed = true;
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
