import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNTIL_LONG_BREAK_MAX, UNTIL_LONG_BREAK_MIN } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import TimerDialogs from './timer-dialogs';
import { previewSound } from './timer-audio';
import {
  createTimerController,
  resetTimerControllerForTests,
  type TimerController,
} from './timer-store';

vi.mock('./timer-audio', () => ({ previewSound: vi.fn() }));

const CYCLE_MESSAGE = `Must be a whole number from ${UNTIL_LONG_BREAK_MIN} to ${UNTIL_LONG_BREAK_MAX}`;

describe('the settings dialog: sounds and the daily goal', () => {
  let controller: TimerController;
  const onClose = vi.fn();

  beforeEach(() => {
    controller = createTimerController();
    resetTimerControllerForTests(controller);
    vi.mocked(previewSound).mockClear();
    onClose.mockClear();
  });

  afterEach(() => {
    resetTimerControllerForTests(null);
  });

  function open() {
    renderWithProviders(
      <TimerDialogs
        request={{ kind: 'settings' }}
        signedIn={false}
        onClose={onClose}
        onConfirmSwitch={() => undefined}
      />,
    );
    return screen.getByRole('dialog', { name: 'Timer settings' });
  }

  it('shows the defaults that keep the original behaviour', () => {
    const dialog = open();
    expect(within(dialog).getByRole('combobox', { name: 'Focus end alarm' })).toHaveValue('chime');
    expect(within(dialog).getByRole('combobox', { name: 'Break end alarm' })).toHaveValue('chime');
    expect(within(dialog).getByRole('slider', { name: 'Volume' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(dialog).getByRole('switch', { name: /Ticking/ })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /One minute left/ })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Daily goal/ })).toHaveValue('8');
  });

  it('previews the chosen alarm at the chosen volume before saving', async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Focus end alarm' }),
      'digital',
    );
    const slider = within(dialog).getByRole('slider', { name: 'Volume' });
    slider.focus();
    // Each arrow key moves one step of 5.
    for (let i = 0; i < 10; i++) fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    await user.click(within(dialog).getByRole('button', { name: 'Preview focus end alarm' }));
    expect(previewSound).toHaveBeenLastCalledWith('/sounds/digital.wav', 50);
    await user.click(within(dialog).getByRole('button', { name: 'Preview break end alarm' }));
    expect(previewSound).toHaveBeenLastCalledWith('/sounds/complete.wav', 50);
    // A preview is not a save.
    expect(controller.store.getState().settings.focus_end_sound).toBe('chime');
  });

  it('saves the sounds, the switches and the goal for a visitor in the browser', async () => {
    const user = userEvent.setup();
    const dialog = open();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Break end alarm' }),
      'harp',
    );
    await user.click(within(dialog).getByRole('switch', { name: /Ticking/ }));
    await user.click(within(dialog).getByRole('switch', { name: /One minute left/ }));
    const goal = within(dialog).getByRole('textbox', { name: /Daily goal/ });
    await user.clear(goal);
    await user.type(goal, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const expected = {
      break_end_sound: 'harp',
      focus_end_sound: 'chime',
      ticking_enabled: true,
      warning_chime_enabled: true,
      daily_goal: 12,
      alarm_volume: 100,
    };
    expect(controller.store.getState().settings).toMatchObject(expected);
    expect(JSON.parse(localStorage.getItem('focusroom_settings')!)).toMatchObject(expected);
  });

  it('offers four time displays, says what each shows, and saves the chosen one', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const group = within(dialog).getByRole('radiogroup', { name: 'Time display' });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((radio) => radio.getAttribute('value'))).toEqual([
      'clock',
      'minutes',
      'ring',
      'hidden',
    ]);
    expect(within(group).getByRole('radio', { name: 'Clock' })).toBeChecked();
    expect(group).toHaveAccessibleDescription(/Minutes and seconds \(such as 24:57\)\./);
    await user.click(within(group).getByRole('radio', { name: 'Hidden' }));
    expect(group).toHaveAccessibleDescription(
      // A visitor has no badge: the hint does not name one.
      'No time shown until the focus or break ends. The tab title and the mini timer show it the same way.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(controller.store.getState().settings.time_display).toBe('hidden');
    expect(JSON.parse(localStorage.getItem('focusroom_settings')!)).toMatchObject({
      time_display: 'hidden',
    });
  });

  it('refuses a daily goal outside 1 to 24 and saves nothing', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const goal = within(dialog).getByRole('textbox', { name: /Daily goal/ });
    await user.clear(goal);
    await user.type(goal, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText('Must be a whole number from 1 to 24'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(controller.store.getState().settings.daily_goal).toBe(8);
  });

  it('clears a message once its field is fixed; a new mistake waits for the save', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const goal = within(dialog).getByRole('textbox', { name: /Daily goal/ });
    const cycle = within(dialog).getByRole('textbox', { name: /Pomodoros until long break/ });
    await user.clear(goal);
    await user.type(goal, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText('Must be a whole number from 1 to 24'),
    ).toBeInTheDocument();
    await user.clear(cycle);
    await user.type(cycle, '99');
    // Another field went wrong: no message until the next save.
    expect(within(dialog).getByText('Must be a whole number from 1 to 24')).toBeInTheDocument();
    expect(within(dialog).queryByText(CYCLE_MESSAGE)).not.toBeInTheDocument();
    await user.clear(goal);
    await user.type(goal, '9');
    // The goal is fixed: the messages are those of the values now, the cycle's among them.
    expect(
      within(dialog).queryByText('Must be a whole number from 1 to 24'),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByText(CYCLE_MESSAGE)).toBeInTheDocument();
  });

  it('restores the defaults and drops every message', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const goal = within(dialog).getByRole('textbox', { name: /Daily goal/ });
    await user.clear(goal);
    await user.type(goal, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(dialog).findByText('Must be a whole number from 1 to 24'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore defaults' }));
    expect(goal).toHaveValue('8');
    expect(within(dialog).queryByText(/Must be a whole number/)).not.toBeInTheDocument();
  });
});

describe('the settings dialog: alarms with the app closed', () => {
  beforeEach(() => resetTimerControllerForTests(createTimerController()));
  afterEach(() => {
    resetTimerControllerForTests(null);
    vi.unstubAllGlobals();
  });

  function open(signedIn: boolean) {
    renderWithProviders(
      <TimerDialogs
        request={{ kind: 'settings' }}
        signedIn={signedIn}
        onClose={() => undefined}
        onConfirmSwitch={() => undefined}
      />,
      signedIn ? { auth: stubAuth({ status: 'authenticated', token: 't', user: makeUser() }) } : {},
    );
    return screen.getByRole('dialog', { name: 'Timer settings' });
  }

  it("is a signed-in user's: a visitor sees nothing of it", () => {
    const dialog = open(false);
    expect(within(dialog).queryByText('Alarms with the app closed')).not.toBeInTheDocument();
  });

  it('shows a signed-in user the switch for this device', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ devices: [] })),
    );
    const dialog = open(true);
    expect(
      await within(dialog).findByRole('heading', { name: 'Alarms with the app closed' }),
    ).toBeVisible();
    // jsdom has no Push API.
    expect(
      await within(dialog).findByText('This browser cannot get alarms while Focusroom is closed.'),
    ).toBeVisible();
  });
});
