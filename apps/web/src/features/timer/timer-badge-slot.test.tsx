import type { User } from '@focusroom/core/schemas';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../../test/render';
import { TimerBadge } from './timer-badge-slot';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';

const USER = { id: 'u1', username: 'ada', name: 'Ada' } as User;

describe("the timer badge's place in the top bar (decision 084)", () => {
  let controller: TimerController;

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
  });

  it('stays empty for a visitor, even with a timer running', async () => {
    controller.dispatch({ type: 'start' });
    renderWithProviders(<TimerBadge />, { auth: stubAuth() });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('timer-badge')).not.toBeInTheDocument();
  });

  it('loads the badge for a signed-in user before the timer runs, and shows it once it does', async () => {
    renderWithProviders(<TimerBadge />, {
      auth: stubAuth({ status: 'authenticated', user: USER, token: 't' }),
    });
    // Idle: nothing to show, but the code is on its way.
    expect(screen.queryByTestId('timer-badge')).not.toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    act(() => {
      controller.dispatch({ type: 'start' });
    });
    // Already loaded: it shows in the same render as the start, with no wait.
    expect(screen.getByTestId('timer-badge')).toHaveAttribute('data-tone', 'pomodoro');
    expect(screen.getByRole('link', { name: /^Pomodoro 25:00\. Click/ })).toBeInTheDocument();
  });
});
