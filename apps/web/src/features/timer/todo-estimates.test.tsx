import { DEFAULT_TIMER_SETTINGS } from '@focusroom/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { formatFinishAt } from './finish-at';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';
import TodoList from './todo-list';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

describe('to-do estimates in the list', () => {
  let controller: TimerController;
  let now = T0;

  beforeEach(() => {
    now = T0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    controller = createTimerController({ now: () => now });
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
    vi.useRealTimers();
  });

  it('adds a to-do with an estimate, changes it by typing and shows the finish time', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TodoList />);
    const estimate = screen.getByRole('spinbutton', {
      name: 'Estimated pomodoros for the new to-do',
    });
    fireEvent.change(estimate, { target: { value: '3' } });
    await user.type(screen.getByRole('textbox', { name: 'New to-do' }), 'Write the report{Enter}');
    const row = (await screen.findByRole('checkbox', { name: 'Write the report' })).closest('li')!;
    expect(within(row).getByTestId('todo-count')).toHaveTextContent('0/3');
    expect(within(row).getByText('0 of 3 estimated pomodoros done')).toBeInTheDocument();
    // 3 pomodoros and 2 short breaks from now.
    expect(screen.getByTestId('finish-at')).toHaveTextContent(
      `Finish at ${formatFinishAt(T0 + 85 * MINUTE, T0)} (1 h 25 min)`,
    );

    const field = within(row).getByRole('spinbutton', {
      name: 'Estimated pomodoros for “Write the report”',
    });
    // Clearing the field to type another number keeps the estimate until the number is whole.
    await user.clear(field);
    expect(controller.store.getState().todos[0]!.estimate).toBe(3);
    await user.type(field, '4');
    expect(controller.store.getState().todos[0]!.estimate).toBe(4);
    // Out of range is not taken; leaving the field shows the estimate again.
    fireEvent.change(field, { target: { value: '100' } });
    expect(controller.store.getState().todos[0]!.estimate).toBe(4);
    fireEvent.blur(field);
    expect(field).toHaveValue(4);
    expect(screen.getByTestId('estimate-totals')).toHaveTextContent('0/4');
  });

  it('chooses the active to-do, which sets the current task and collects finished pomodoros', async () => {
    const user = userEvent.setup();
    controller.addTodo('Write', 2);
    controller.addTodo('Read', 1);
    renderWithProviders(<TodoList />);
    const work = await screen.findByRole('button', { name: 'Work on “Read”' });
    expect(work).toHaveAttribute('aria-pressed', 'false');
    await user.click(work);
    expect(work).toHaveAttribute('aria-pressed', 'true');
    expect(controller.store.getState().currentTask).toBe('Read');

    act(() => {
      controller.dispatch({ type: 'start' });
      now += DEFAULT_TIMER_SETTINGS.pomodoro_duration * MINUTE;
      vi.setSystemTime(now);
      controller.tick();
    });
    const read = screen.getByRole('checkbox', { name: 'Read' }).closest('li')!;
    expect(within(read).getByTestId('todo-count')).toHaveTextContent('1/1');
    expect(within(read).getByText('1 of 1 estimated pomodoro done')).toBeInTheDocument();
    expect(screen.getByTestId('estimate-totals')).toHaveTextContent('1/3');
    // Two pomodoros of "Write" remain; the short break now loaded may be skipped, so only the
    // break between them counts.
    expect(screen.getByTestId('finish-at')).toHaveTextContent(
      `Finish at ${formatFinishAt(now + 55 * MINUTE, now)}`,
    );
    await user.click(screen.getByRole('button', { name: 'Work on “Read”' }));
    expect(controller.store.getState().todos.every((t) => !t.active)).toBe(true);
  });

  it('says so when every estimated pomodoro is done', async () => {
    controller.addTodo('Done already', 1);
    controller.updateTodo(controller.store.getState().todos[0]!.id, { completed: true });
    renderWithProviders(<TodoList />);
    expect(await screen.findByTestId('finish-at')).toHaveTextContent(
      'All estimated pomodoros done',
    );
  });
});
