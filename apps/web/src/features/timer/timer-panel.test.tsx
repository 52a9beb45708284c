import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TimerPanel } from './timer-panel';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';
import { isForeignKeyEvent } from './use-timer-shortcuts';
import { REPLAYED_INPUT_TIME } from '../../lib/early-input';

describe('the timer panel', () => {
  let controller: TimerController;

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
  });

  const status = () => controller.store.getState().timer.status;

  it('starts, pauses, resumes, resets and skips with clearly named buttons', async () => {
    renderWithProviders(<TimerPanel />);
    expect(screen.getByRole('timer')).toHaveTextContent('25:00');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(status()).toBe('running');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(status()).toBe('paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(status()).toBe('running');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(status()).toBe('idle');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(controller.store.getState().timer.type).toBe('short_break');
    expect(screen.getByRole('timer')).toHaveTextContent('05:00');
    expect(screen.getByRole('button', { name: 'Short Break' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('switches type from the tabs, asking first when a phase is under way', async () => {
    renderWithProviders(<TimerPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Long Break' }));
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');

    fireEvent.click(screen.getByRole('button', { name: 'Pomodoro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    fireEvent.click(screen.getByRole('button', { name: 'Short Break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Short Break?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep going' }));
    expect(status()).toBe('running');

    fireEvent.click(screen.getByRole('button', { name: 'Short Break' }));
    const again = await screen.findByRole('dialog', { name: 'Switch to Short Break?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Switch to Short Break' }));
    expect(controller.store.getState().timer).toMatchObject({
      status: 'idle',
      type: 'short_break',
    });
  });

  it('starts from the time a kept press was made, by Start or by Space', () => {
    renderWithProviders(<TimerPanel />);
    const kept = <E extends Event>(event: E, at: number): E => {
      Object.defineProperty(event, REPLAYED_INPUT_TIME, { value: at });
      return event;
    };
    const pressedAt = Date.now() - 2000;
    fireEvent(
      screen.getByRole('button', { name: 'Start' }),
      kept(new MouseEvent('click', { bubbles: true, cancelable: true }), pressedAt),
    );
    expect(controller.store.getState().timer.startedAt).toBe(pressedAt);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent(
      document.body,
      kept(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }), pressedAt),
    );
    expect(controller.store.getState().timer.startedAt).toBe(pressedAt);
  });

  it('answers Space, R, S and ? on the page', async () => {
    renderWithProviders(<TimerPanel />);
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(status()).toBe('running');
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(status()).toBe('paused');
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(status()).toBe('running');
    fireEvent.keyDown(document.body, { key: 'r' });
    expect(status()).toBe('idle');
    fireEvent.keyDown(document.body, { key: 'S', shiftKey: false });
    expect(controller.store.getState().timer.type).toBe('short_break');
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.getByText('Skip to the next phase')).toBeInTheDocument();
  });

  it('ignores shortcuts while typing in the task field and with modifier keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TimerPanel />);
    const field = screen.getByRole('textbox', { name: 'Current task' });
    await user.click(field);
    await user.keyboard('Ship r and s ');
    expect(field).toHaveValue('Ship r and s ');
    expect(controller.store.getState().currentTask).toBe('Ship r and s ');
    expect(status()).toBe('idle');
    expect(controller.store.getState().timer.type).toBe('pomodoro');

    act(() => field.blur());
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'r', metaKey: true });
    fireEvent.keyDown(document.body, { key: ' ', altKey: true });
    expect(status()).toBe('idle');
    expect(controller.store.getState().timer.type).toBe('pomodoro');
  });

  it('treats contenteditable and dialogs as someone else’s keys', () => {
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('button');
    dialog.append(inside);
    document.body.append(editable, dialog);
    const event = (target: Element, init: KeyboardEventInit = {}) => {
      const e = new KeyboardEvent('keydown', { key: 's', bubbles: true, ...init });
      Object.defineProperty(e, 'target', { value: target });
      return e;
    };
    expect(isForeignKeyEvent(event(editable))).toBe(true);
    expect(isForeignKeyEvent(event(inside))).toBe(true);
    expect(isForeignKeyEvent(event(document.body))).toBe(false);
    editable.remove();
    dialog.remove();
  });

  it('adds, completes, edits and deletes to-dos', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TimerPanel />);
    const input = await screen.findByRole('textbox', { name: 'New to-do' });
    await user.type(input, 'Outline the talk{Enter}');
    const checkbox = await screen.findByRole('checkbox', { name: 'Outline the talk' });
    await user.click(checkbox);
    expect(controller.store.getState().todos[0]).toMatchObject({ completed: true });

    await user.click(screen.getByRole('button', { name: 'Edit “Outline the talk”' }));
    const edit = screen.getByRole('textbox', { name: 'Edit “Outline the talk”' });
    await user.clear(edit);
    await user.type(edit, 'Outline the keynote{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Outline the keynote' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete “Outline the keynote”' }));
    await waitFor(() => expect(controller.store.getState().todos).toEqual([]));
  });

  it('validates the settings and applies them to the idle display', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TimerPanel />);
    await user.click(screen.getByRole('button', { name: 'Timer settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer settings' });
    const pomodoro = within(dialog).getByRole('textbox', { name: /Pomodoro \(minutes\)/ });
    await user.clear(pomodoro);
    await user.type(pomodoro, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText('Must be a whole number of minutes from 1 to 180'),
    ).toBeInTheDocument();

    await user.clear(pomodoro);
    await user.type(pomodoro, '45');
    expect(within(dialog).getAllByRole('switch')).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('45:00'));
    expect(JSON.parse(localStorage.getItem('focusroom_settings')!)).toMatchObject({
      pomodoro_duration: 45,
    });
  });

  describe('a calmer time display (issue 35)', () => {
    const useDisplay = (time_display: 'clock' | 'minutes' | 'ring' | 'hidden') =>
      act(() => {
        controller.setSettings({ ...controller.store.getState().settings, time_display });
      });
    const ring = () => document.querySelector('.fr-ring-progress') as SVGCircleElement;
    /** What the eye sees on the dial (the screen reader's words are beside it). */
    const shown = () =>
      within(screen.getByRole('timer')).getByText(/./, { selector: '[aria-hidden="true"]' });

    it('shows whole minutes, rounded up, and says them as about so many minutes', () => {
      renderWithProviders(<TimerPanel />);
      useDisplay('minutes');
      expect(shown()).toHaveTextContent(/^25 min$/);
      expect(screen.getByRole('timer')).toHaveTextContent(/^25 min25 minutes$/);
      act(() => {
        controller.dispatch({ type: 'start' }, Date.now() - 61_000);
      });
      // 23:59 left reads 24 minutes.
      expect(shown()).toHaveTextContent(/^24 min$/);
      expect(screen.getByRole('timer')).toHaveTextContent('About 24 minutes left');
      expect(screen.getByRole('timer')).not.toHaveTextContent('23:59');
    });

    it('shows the ring alone while the phase runs, and the next length once idle again', () => {
      renderWithProviders(<TimerPanel />);
      useDisplay('ring');
      act(() => {
        controller.dispatch({ type: 'start' }, Date.now() - 5 * 60_000);
      });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.queryByText(/\d\d:\d\d/)).not.toBeInTheDocument();
      expect(screen.getByText('Focus')).toBeInTheDocument();
      expect(screen.getByText('The time left shows as a ring only')).toBeInTheDocument();
      // A fifth of 25 minutes gone: the ring has emptied a fifth.
      expect(parseFloat(ring().style.strokeDashoffset)).toBeGreaterThan(0);
      act(() => {
        controller.dispatch({ type: 'reset' });
      });
      expect(shown()).toHaveTextContent(/^25 min$/);
    });

    it('hides the time and keeps the ring whole until the end, paused too', () => {
      renderWithProviders(<TimerPanel />);
      useDisplay('hidden');
      act(() => {
        controller.dispatch({ type: 'start' }, Date.now() - 5 * 60_000);
      });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.getByText('Time hidden until the end')).toBeInTheDocument();
      expect(parseFloat(ring().style.strokeDashoffset)).toBe(0);
      act(() => {
        controller.dispatch({ type: 'pause' });
      });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      expect(screen.getByText('Paused')).toBeInTheDocument();
      useDisplay('clock');
      expect(shown()).toHaveTextContent(/^20:00$/);
    });
  });
});
