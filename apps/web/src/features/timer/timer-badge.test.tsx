import type { User } from '@focusroom/core/schemas';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../../test/render';
import { TimerBadge } from './timer-badge';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';

const USER = { id: 'u1', username: 'ada', name: 'Ada' } as User;
const signedIn = () => stubAuth({ status: 'authenticated', user: USER, token: 't' });

function renderBadge(auth = signedIn(), route = '/stats', compact = false) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<h1>Timer page</h1>} />
      <Route path="*" element={<TimerBadge compact={compact} />} />
    </Routes>,
    { auth, route },
  );
}

describe('the timer badge', () => {
  let controller: TimerController;

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
  });

  it('is hidden while the timer is idle', () => {
    renderBadge();
    expect(screen.queryByTestId('timer-badge')).not.toBeInTheDocument();
  });

  it('is never shown to a visitor who is not signed in', () => {
    controller.dispatch({ type: 'start' });
    renderBadge(stubAuth());
    expect(screen.queryByTestId('timer-badge')).not.toBeInTheDocument();
  });

  it('shows the type and the time left in red while a pomodoro runs', () => {
    controller.dispatch({ type: 'start' });
    renderBadge();
    const badge = screen.getByTestId('timer-badge');
    expect(badge).toHaveAttribute('data-tone', 'pomodoro');
    const link = screen.getByRole('link', { name: /Pomodoro\s*25:00/ });
    expect(link).toHaveAttribute('title', 'Pomodoro: Click to go to the timer page');
    expect(link).toHaveAccessibleName(/Click to go to the timer page/);
  });

  it('turns yellow when paused, green on a short break and blue on a long break', () => {
    controller.dispatch({ type: 'start' });
    renderBadge();
    act(() => {
      controller.dispatch({ type: 'pause' });
    });
    expect(screen.getByTestId('timer-badge')).toHaveAttribute('data-tone', 'paused');
    act(() => {
      controller.dispatch({ type: 'select', timerType: 'short_break' });
      controller.dispatch({ type: 'start' });
    });
    expect(screen.getByTestId('timer-badge')).toHaveAttribute('data-tone', 'short_break');
    expect(screen.getByRole('link', { name: /Short Break\s*05:00/ })).toBeInTheDocument();
    act(() => {
      controller.dispatch({ type: 'select', timerType: 'long_break' });
      controller.dispatch({ type: 'start' });
    });
    expect(screen.getByTestId('timer-badge')).toHaveAttribute('data-tone', 'long_break');
  });

  it("follows the user's time display: minutes, or the phase alone", () => {
    controller.setSettings({ ...controller.store.getState().settings, time_display: 'minutes' });
    controller.dispatch({ type: 'start' });
    renderBadge();
    expect(screen.getByRole('link', { name: /^Pomodoro 25 min\. Click/ })).toBeInTheDocument();
    act(() => {
      controller.setSettings({ ...controller.store.getState().settings, time_display: 'hidden' });
    });
    const link = screen.getByRole('link', { name: 'Pomodoro. Click to go to the timer page' });
    expect(link).not.toHaveTextContent(/\d/);
    act(() => {
      controller.dispatch({ type: 'pause' });
    });
    expect(
      screen.getByRole('link', { name: 'Pomodoro, paused. Click to go to the timer page' }),
    ).toBeInTheDocument();
  });

  it('stays visible in the completed state, which is not idle', () => {
    controller.dispatch({ type: 'start' });
    const running = controller.store.getState().timer;
    act(() => {
      controller.store.setState({
        timer: { ...running, endsAt: Date.now() - 1 },
      });
      controller.tick();
    });
    expect(controller.store.getState().timer.status).toBe('completed');
    renderBadge();
    expect(screen.getByTestId('timer-badge')).toHaveAttribute('data-tone', 'short_break');
    expect(screen.getByRole('button', { name: 'Start Short Break' })).toBeInTheDocument();
  });

  it('pauses and resumes with its button', () => {
    controller.dispatch({ type: 'start' });
    renderBadge();
    fireEvent.click(screen.getByRole('button', { name: 'Pause timer' }));
    expect(controller.store.getState().timer.status).toBe('paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume timer' }));
    expect(controller.store.getState().timer.status).toBe('running');
  });

  it('goes to the timer page on click', () => {
    controller.dispatch({ type: 'start' });
    renderBadge();
    fireEvent.click(screen.getByRole('link', { name: /Pomodoro/ }));
    expect(screen.getByRole('heading', { name: 'Timer page' })).toBeInTheDocument();
  });

  it('names the phase with an icon in the narrow bar, not only the digits', () => {
    controller.dispatch({ type: 'select', timerType: 'short_break' });
    controller.dispatch({ type: 'start' });
    renderBadge(signedIn(), '/stats', true);
    const icon = screen.getByRole('img', { name: 'Short Break' });
    expect(icon.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: /Short Break\s*05:00/ })).toBeInTheDocument();
    act(() => {
      controller.dispatch({ type: 'select', timerType: 'pomodoro' });
      controller.dispatch({ type: 'start' });
    });
    expect(screen.getByRole('img', { name: 'Pomodoro' })).toBeInTheDocument();
  });
});
