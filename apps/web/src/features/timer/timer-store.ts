import {
  CURRENT_TASK_MAX_LENGTH,
  STORAGE_KEYS,
  TODO_TEXT_MAX_LENGTH,
  TODOS_MAX_ITEMS,
  chooseSettings,
  creditActiveTodo,
  finishedPomodoros,
  decodeTimerState,
  displaySeconds,
  encodeTimerState,
  initialTimerState,
  restore,
  toDonePomodoros,
  toEstimate,
  transition,
  type Completion,
  type TimerEvent,
  type TimerSettings,
  type TimerState,
} from '@focusroom/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readToken } from '../../lib/storage';
import { readJson, writeJson } from './timer-storage';

/**
 * The one timer store (Zustand holds the client's timer state) behind `/`, `/dashboard` and the
 * badge. It holds the pure machine's state from @focusroom/core and only ever moves it with
 * `transition` and `restore`; time is read here, never counted (decision 005).
 */

export interface TodoItem {
  /** Stable key for the list and drag and drop; a server id once the server has it. */
  id: string;
  text: string;
  completed: boolean;
  /** Estimated pomodoros, 1-99 (product §4 "To-do estimates"). */
  estimate: number;
  /** Pomodoros finished while this was the active to-do. */
  donePomodoros: number;
  /** The to-do being worked on: finished pomodoros count for it. At most one is active. */
  active: boolean;
  /** The server's id (signed in): sent back so the replace-all keeps it. */
  serverId?: string | undefined;
}

/** What a to-do needs besides its text, before anything is estimated or done. */
export const FRESH_TODO_FIELDS = { estimate: 1, donePomodoros: 0, active: false } as const;

/** Where the to-do list lives: this browser (anonymous) or the account (signed in). */
export type TodoSource = 'local' | 'server';

export interface TimerSnapshot {
  timer: TimerState;
  settings: TimerSettings;
  /** When the store last read the clock; the display is computed for this instant. */
  now: number;
  currentTask: string;
  todos: TodoItem[];
  todoSource: TodoSource;
  /**
   * False while a signed-in user's list is on its way from the server: editing waits, so an
   * edit made to a stale list can never replace the account's list (product §3: the server's
   * list is the truth).
   */
  todosReady: boolean;
  /** Grows on every change the user makes to the list (the server sync debounces on it). */
  todosVersion: number;
}

export type CompletionListener = (completions: Completion[]) => void;

export interface TimerStoreOptions {
  now?: () => number;
}

export const TICKS_PER_SAVE = 5;

export function newTodoId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `todo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function readLocalTodos(): TodoItem[] | null {
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

function sameMachine(a: TimerState, b: TimerState): boolean {
  return (
    a.status === b.status &&
    a.type === b.type &&
    a.completedPomodoros === b.completedPomodoros &&
    a.endsAt === b.endsAt &&
    a.startedAt === b.startedAt &&
    a.activeMs === b.activeMs &&
    a.runningSince === b.runningSince &&
    a.autoStartAt === b.autoStartAt &&
    (a.status !== 'paused' || a.remainingMs === b.remainingMs)
  );
}

export interface TimerController {
  store: StoreApi<TimerSnapshot>;
  /**
   * A user action (start, pause, resume, reset, skip, select): applied, then saved. `at`: when
   * the person acted, when that was before now (a press kept while the page loaded,
   * docs/decisions/048); a Start pressed then starts the phase then.
   */
  dispatch(event: TimerEvent, at?: number): Completion[];
  /** A pulse or the return to a visible tab: catches up with the clock. */
  tick(kind?: 'tick' | 'visible'): Completion[];
  /** Writes `focusroom_timer` (product §3 fields, decided extras included). */
  save(): void;
  setSettings(settings: TimerSettings): void;
  setCurrentTask(text: string): void;
  addTodo(text: string, estimate?: number): void;
  updateTodo(id: string, patch: Partial<Pick<TodoItem, 'text' | 'completed' | 'estimate'>>): void;
  removeTodo(id: string): void;
  /** Makes this to-do the active one (its text becomes the current task); null: none is. */
  setActiveTodo(id: string | null): void;
  moveTodo(from: number, to: number): void;
  /** Switches the list's home; `todos` (when given) replaces the list without counting as an edit. */
  setTodoSource(source: TodoSource, todos?: TodoItem[]): void;
  /** Replaces the list with what the server holds (not an edit); the list is ready after it. */
  replaceTodos(todos: TodoItem[]): void;
  /** The server could not be asked: the list shown (the saved state's mirror) becomes editable. */
  markTodosReady(): void;
  /** Another tab saved the timer: take its machine state when it differs from ours. */
  adoptSaved(raw: string | null): void;
  /** Another tab saved the settings. */
  adoptSettings(raw: string | null): void;
  /** Completions found when the saved state was restored on load; handed out once. */
  takeRestoredCompletions(): Completion[];
  onCompletions(listener: CompletionListener): () => void;
}

export function createTimerController(options: TimerStoreOptions = {}): TimerController {
  const clock = options.now ?? (() => Date.now());
  const listeners = new Set<CompletionListener>();
  let ticksSinceSave = 0;

  // Restore on load (product §4 persistence): settings from the local copy until the server's
  // arrive, the saved state fast-forwarded, completed if it ran out (at most once, decision 004).
  const startedAt = clock();
  const settings = chooseSettings(undefined, readJson(STORAGE_KEYS.settings));
  const saved = decodeTimerState(readJson(STORAGE_KEYS.timer), settings);
  const restored = saved
    ? restore(saved.state, startedAt, settings)
    : { state: initialTimerState(settings), completions: [] as Completion[] };
  let restoredCompletions = restored.completions;
  const signedIn = readToken() !== null;
  const storedTodos = readLocalTodos();
  // Pomodoros that finished while the page was closed count for the active to-do: at once for
  // a visitor's own list, once the server's list is here for a signed-in user.
  const localTodos =
    storedTodos && ([...creditActiveTodo(storedTodos, restored.completions)] as TodoItem[]);
  let uncredited = signedIn ? finishedPomodoros(restored.completions) : 0;
  const mirrored: TodoItem[] = (saved?.todoItems ?? []).map((t) => ({
    id: newTodoId(),
    text: t.text,
    completed: t.completed,
    ...FRESH_TODO_FIELDS,
  }));

  const store = createStore<TimerSnapshot>()(() => ({
    timer: restored.state,
    settings,
    now: startedAt,
    currentTask: saved?.currentTask ?? '',
    // Signed in: the timer state's mirror until the server's list arrives (product §3).
    todos: signedIn ? mirrored : (localTodos ?? mirrored),
    todoSource: signedIn ? 'server' : 'local',
    todosReady: !signedIn,
    todosVersion: 0,
  }));

  const save = (): void => {
    const s = store.getState();
    ticksSinceSave = 0;
    writeJson(
      STORAGE_KEYS.timer,
      encodeTimerState(s.timer, clock(), s.settings, {
        currentTask: s.currentTask,
        todoItems: s.todos,
      }),
    );
  };

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

  const emit = (completions: Completion[]): void => {
    if (completions.length === 0) return;
    for (const listener of [...listeners]) listener(completions);
  };

  if (saved && restoredCompletions.length > 0) save();
  if (localTodos && localTodos !== storedTodos && !signedIn) persistTodos();

  const editTodos = (change: (todos: TodoItem[]) => TodoItem[]): void => {
    const s = store.getState();
    const todos = change(s.todos);
    if (todos === s.todos) return;
    store.setState({ todos, todosVersion: s.todosVersion + 1 });
    persistTodos();
    save();
  };

  /**
   * Product §4 "To-do estimates": each finished pomodoro counts for the to-do active when it
   * finished. Until a signed-in user's list is here, the count waits for it.
   */
  const creditCompletions = (completions: readonly Completion[]): void => {
    if (!store.getState().todosReady) {
      uncredited += finishedPomodoros(completions);
      return;
    }
    editTodos((todos) => creditActiveTodo(todos, completions) as TodoItem[]);
  };

  // Idle follows the settings (product §4); a phase already under way keeps its duration.
  const applySettings = (next: TimerSettings): void => {
    const { timer } = store.getState();
    store.setState({
      settings: next,
      timer:
        timer.status === 'idle'
          ? initialTimerState(next, timer.type, timer.completedPomodoros)
          : timer,
    });
  };

  return {
    store,

    dispatch(event, at) {
      const now = clock();
      const s = store.getState();
      const when = at === undefined ? now : Math.min(at, now);
      const { state, completions } = transition(s.timer, event, when, s.settings);
      store.setState({ timer: state, now });
      save();
      creditCompletions(completions);
      emit(completions);
      return completions;
    },

    tick(kind = 'tick') {
      const now = clock();
      const s = store.getState();
      const { state, completions } = transition(s.timer, { type: kind }, now, s.settings);
      const changed = state !== s.timer;
      const secondChanged =
        displaySeconds(state, now, s.settings) !== displaySeconds(s.timer, s.now, s.settings);
      // The Worker and the page's own timer both pulse; a pulse that changes nothing is dropped,
      // so "every 5th tick" counts seconds that passed, not pulses.
      if (!changed && !secondChanged && kind === 'tick') return completions;
      store.setState({ timer: state, now });
      if (changed || kind === 'visible') save();
      else if (++ticksSinceSave >= TICKS_PER_SAVE) save();
      creditCompletions(completions);
      emit(completions);
      return completions;
    },

    save,

    setSettings(next) {
      applySettings(next);
      // Product §3 "a copy of the timer settings": the fallback when the server cannot be asked.
      writeJson(STORAGE_KEYS.settings, next);
      save();
    },

    setCurrentTask(text) {
      store.setState({ currentTask: text.slice(0, CURRENT_TASK_MAX_LENGTH) });
      save();
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

    adoptSaved(raw) {
      if (raw === null) return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return;
      }
      const s = store.getState();
      const decoded = decodeTimerState(value, s.settings);
      if (!decoded || sameMachine(decoded.state, s.timer)) return;
      store.setState({ timer: decoded.state, now: clock() });
    },

    adoptSettings(raw) {
      if (raw === null) return;
      try {
        applySettings(chooseSettings(undefined, JSON.parse(raw)));
      } catch {
        // Unreadable: keep ours.
      }
    },

    takeRestoredCompletions() {
      const out = restoredCompletions;
      restoredCompletions = [];
      return out;
    },

    onCompletions(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let singleton: TimerController | null = null;

/** The app's one timer, created on first use (it reads storage, so never at import time). */
export function timerController(): TimerController {
  singleton ??= createTimerController();
  return singleton;
}

/** Tests start from a fresh store. */
export function resetTimerControllerForTests(controller: TimerController | null = null): void {
  singleton = controller;
}
