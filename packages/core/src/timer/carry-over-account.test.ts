import { describe, expect, it } from 'vitest';
import { TODOS_MAX_ITEMS } from '../constants.js';
import type { CarriedTodo } from './carry-over.js';
import { decodeCarryOver, mergeTodos } from './carry-over-account.js';
import { DEFAULT_TIMER_SETTINGS } from './settings.js';

const todo = (text: string, more: Partial<CarriedTodo> = {}): CarriedTodo => ({
  text,
  completed: false,
  estimate: 1,
  done_pomodoros: 0,
  active: false,
  ...more,
});

describe('mergeTodos', () => {
  it("adds the visitor's to-dos after the account's, which keep their ids", () => {
    const account = [todo('Mine', { id: 'a1', estimate: 3 })];
    const visitor = [todo('Theirs', { id: 'local-1', estimate: 2, done_pomodoros: 1 })];
    expect(mergeTodos(account, visitor)).toEqual({
      todos: [account[0], todo('Theirs', { estimate: 2, done_pomodoros: 1 })],
      leftOut: 0,
    });
  });

  it("keeps the visitor's active to-do the active one, and only it", () => {
    const { todos } = mergeTodos(
      [todo('Mine', { id: 'a1', active: true })],
      [todo('Theirs', { active: true })],
    );
    expect(todos.map((t) => t.active)).toEqual([false, true]);
    // Without a visitor's active to-do the account's stays active.
    expect(mergeTodos([todo('Mine', { active: true })], [todo('x')]).todos[0]?.active).toBe(true);
  });

  it('stops at the list limit and says how many were left out', () => {
    const account = Array.from({ length: TODOS_MAX_ITEMS - 1 }, (_, i) => todo(`a${i}`));
    const { todos, leftOut } = mergeTodos(account, [todo('one'), todo('two'), todo('three')]);
    expect(todos).toHaveLength(TODOS_MAX_ITEMS);
    expect(todos.at(-1)?.text).toBe('one');
    expect(leftOut).toBe(2);
  });
});

describe('decodeCarryOver', () => {
  const stored = {
    userId: 'u1',
    choice: 'keep',
    setup: {
      settings: { ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 1 },
      todos: [todo('a', { active: true }), todo('b', { active: true }), { text: 3 }],
    },
    target: [todo('a')],
  };

  it('reads back what was stored, with one active to-do at most and bad items dropped', () => {
    const carry = decodeCarryOver(JSON.parse(JSON.stringify(stored)));
    expect(carry?.setup.settings.pomodoro_duration).toBe(1);
    expect(carry?.setup.todos.map((t) => [t.text, t.active])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(carry?.target).toEqual([todo('a')]);
  });

  it('refuses what is not a carry-over', () => {
    for (const bad of [null, [], { ...stored, choice: 'maybe' }, { ...stored, setup: null }]) {
      expect(decodeCarryOver(bad)).toBeNull();
    }
    expect(decodeCarryOver({ ...stored, userId: 7 })).toBeNull();
  });
});
