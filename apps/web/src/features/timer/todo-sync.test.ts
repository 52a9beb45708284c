import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTimerController, type TimerController } from './timer-store';
import { createTodoSync, todosFromServer, type SaveTodos, type ServerTodo } from './todo-sync';

/** A to-do's estimate fields before any is set: as the server answers them, as the store keeps them. */
const FRESH = { estimate: 1, done_pomodoros: 0, active: false };
const FRESH_ITEM = { estimate: 1, donePomodoros: 0, active: false };

/** A server that keeps ids it knows and gives new ones to the rest, like product §7's replace. */
function fakeServer() {
  let next = 1;
  let list: ServerTodo[] = [];
  const save = vi.fn<SaveTodos>(async (todos) => {
    const known = new Set(list.map((t) => t.id));
    list = todos.map((t, position) => ({
      id: t.id && known.has(t.id) ? t.id : `srv-${next++}`,
      text: t.text,
      completed: t.completed,
      position,
      estimate: t.estimate,
      done_pomodoros: t.done_pomodoros,
      active: t.active,
    }));
    return list;
  });
  return { save, list: () => list };
}

describe('the to-do server sync', () => {
  let controller: TimerController;

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'a.b.c');
    controller = createTimerController();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('orders the server’s list by position and keeps its ids', () => {
    expect(
      todosFromServer([
        { id: 'b', text: 'B', completed: true, position: 1, ...FRESH },
        { id: 'a', text: 'A', completed: false, position: 0, ...FRESH },
      ]),
    ).toEqual([
      { id: 'a', serverId: 'a', text: 'A', completed: false, ...FRESH_ITEM },
      { id: 'b', serverId: 'b', text: 'B', completed: true, ...FRESH_ITEM },
    ]);
  });

  it('sends waiting edits at once, in a request that outlives the page, when the tab goes', async () => {
    const server = fakeServer();
    const sync = createTodoSync(controller, server.save, 800);
    sync.flushNow();
    expect(server.save).not.toHaveBeenCalled();
    controller.addTodo('Written just before closing');
    sync.flushNow();
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save).toHaveBeenCalledWith(
      [{ text: 'Written just before closing', completed: false, ...FRESH }],
      {
        keepalive: true,
      },
    );
    await vi.advanceTimersByTimeAsync(800);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(sync.dirty()).toBe(false);
    sync.dispose();
  });

  it('sends the whole list once after a burst of edits and learns the new ids', async () => {
    const server = fakeServer();
    const sync = createTodoSync(controller, server.save, 800);
    controller.addTodo('One');
    controller.addTodo('Two');
    const localIds = controller.store.getState().todos.map((t) => t.id);
    expect(sync.dirty()).toBe(true);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save).toHaveBeenCalledWith([
      { text: 'One', completed: false, ...FRESH },
      { text: 'Two', completed: false, ...FRESH },
    ]);
    const todos = controller.store.getState().todos;
    // Keys stay (no re-mount in the list); server ids are learnt.
    expect(todos.map((t) => t.id)).toEqual(localIds);
    expect(todos.map((t) => t.serverId)).toEqual(['srv-1', 'srv-2']);
    expect(sync.dirty()).toBe(false);

    controller.updateTodo(localIds[0]!, { completed: true });
    await vi.advanceTimersByTimeAsync(800);
    expect(server.save).toHaveBeenLastCalledWith([
      { id: 'srv-1', text: 'One', completed: true, ...FRESH },
      { id: 'srv-2', text: 'Two', completed: false, ...FRESH },
    ]);
    sync.dispose();
  });

  it('keeps edits made while a save is under way and sends them next', async () => {
    let release: () => void = () => undefined;
    const server = fakeServer();
    const slowSave: SaveTodos = async (todos) => {
      await new Promise<void>((resolve) => (release = resolve));
      return server.save(todos);
    };
    const sync = createTodoSync(controller, slowSave, 100);
    controller.addTodo('One');
    await vi.advanceTimersByTimeAsync(100);
    controller.addTodo('Two');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.store.getState().todos.map((t) => t.text)).toEqual(['One', 'Two']);
    expect(controller.store.getState().todos[0]!.serverId).toBe('srv-1');
    await vi.advanceTimersByTimeAsync(100);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.list().map((t) => t.text)).toEqual(['One', 'Two']);
    expect(sync.dirty()).toBe(false);
    sync.dispose();
  });

  it('stays dirty after a failed save and sends again on retry', async () => {
    const server = fakeServer();
    const failing = vi.fn<SaveTodos>(async () => {
      throw new Error('offline');
    });
    let save: SaveTodos = failing;
    const sync = createTodoSync(controller, (todos) => save(todos), 50);
    controller.addTodo('Offline edit');
    await vi.advanceTimersByTimeAsync(50);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(sync.dirty()).toBe(true);
    save = server.save;
    sync.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.list().map((t) => t.text)).toEqual(['Offline edit']);
    expect(sync.dirty()).toBe(false);
    sync.dispose();
  });

  it('does not send anything for an anonymous list', async () => {
    const server = fakeServer();
    controller.setTodoSource('local');
    const sync = createTodoSync(controller, server.save, 10);
    controller.addTodo('Local');
    await vi.advanceTimersByTimeAsync(50);
    expect(server.save).not.toHaveBeenCalled();
    sync.dispose();
  });
});
