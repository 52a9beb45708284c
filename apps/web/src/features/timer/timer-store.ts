import {
  CURRENT_TASK_MAX_LENGTH,
  STORAGE_KEYS,
  TICKS_PER_SAVE,
  chooseSettings,
  decodeTimerState,
  displaySeconds,
  encodeTimerState,
  initialTimerState,
  transition,
  type Completion,
  type SharedTimerAction,
  type TimerEvent,
  type TimerSettings,
  type TimerState,
} from '@focusroom/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { restoreTimer } from './timer-restore';
import type { TimerSnapshot, TodoItem, TodoSource } from './timer-snapshot';
import { writeJson } from './timer-storage';
import { createTodoActions } from './timer-todos';

/**
 * The one timer store (Zustand holds the client's timer state) behind `/`, `/dashboard` and the
 * badge. It holds the pure machine's state from @focusroom/core and only ever moves it with
 * `transition` and `restore`; time is read here, never counted (decision 005). What it reads on
 * load is in timer-restore.ts, the to-do list's edits in timer-todos.ts.
 */

export {
  FRESH_TODO_FIELDS,
  type TimerSnapshot,
  type TodoItem,
  type TodoSource,
} from './timer-snapshot';
export { newTodoId } from './timer-todos';

export type CompletionListener = (completions: Completion[]) => void;

/** A person's press on this device, at `at` on the controller's clock (issue 33). */
export type ActionListener = (action: SharedTimerAction, at: number) => void;

/** The events a person makes (the rest, tick, visible and complete, are the clock's). */
function isPersonAction(event: TimerEvent): event is TimerEvent & SharedTimerAction {
  return event.type !== 'tick' && event.type !== 'visible' && event.type !== 'complete';
}

export interface TimerStoreOptions {
  now?: () => number;
}

export function sameMachine(a: TimerState, b: TimerState): boolean {
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
  /** The controller's clock: the device's, corrected to the server's once an offset is set. */
  now(): number;
  /**
   * Signed in, the timer runs in the server's time (issue 33): every device then computes the
   * same phase ends, and the same completion ids for them. 0 for a visitor.
   */
  setClockOffset(offsetMs: number): void;
  clockOffset(): number;
  /** Every press a person makes here (not the task: watch the store), for the account's timer. */
  onAction(listener: ActionListener): () => void;
}

export function createTimerController(options: TimerStoreOptions = {}): TimerController {
  const deviceClock = options.now ?? (() => Date.now());
  let offsetMs = 0;
  const clock = () => deviceClock() + offsetMs;
  const listeners = new Set<CompletionListener>();
  const actionListeners = new Set<ActionListener>();
  const tellAction = (action: SharedTimerAction, at: number) => {
    for (const listener of [...actionListeners]) listener(action, at);
  };
  let ticksSinceSave = 0;

  const restored = restoreTimer(clock());
  let restoredCompletions = restored.completions;
  const store = createStore<TimerSnapshot>()(() => restored.snapshot);

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

  const { creditCompletions, persistTodos, ...todoEdits } = createTodoActions(
    store,
    save,
    restored.uncredited,
  );

  const emit = (completions: Completion[]): void => {
    if (completions.length === 0) return;
    for (const listener of [...listeners]) listener(completions);
  };

  if (restored.saveNow) save();
  if (restored.persistTodosNow) persistTodos();

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
    ...todoEdits,
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
      if (isPersonAction(event)) tellAction(event, when);
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

    now: clock,

    setClockOffset(next) {
      if (!Number.isFinite(next) || next === offsetMs) return;
      offsetMs = next;
      store.setState({ now: clock() });
    },

    clockOffset: () => offsetMs,

    onAction(listener) {
      actionListeners.add(listener);
      return () => {
        actionListeners.delete(listener);
      };
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
