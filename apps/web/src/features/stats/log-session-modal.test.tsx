import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { addSession } from './api/add-session';
import { LogSessionModal, validateLogSession } from './log-session-modal';

vi.mock('./api/add-session', () => ({ addSession: vi.fn() }));

const NOW = new Date(2026, 10, 22, 12, 0).getTime();

describe('logging a session by hand', () => {
  it('turns the form into a session record that ends when it says', () => {
    const result = validateLogSession(
      { task: '  Reading  ', minutes: '25', endedAt: '2026-11-22T11:30', completed: true },
      NOW,
    );
    expect(result).toEqual({
      record: {
        task: 'Reading',
        duration: 25,
        completed: true,
        start_time: new Date(2026, 10, 22, 11, 5).toISOString(),
        end_time: new Date(2026, 10, 22, 11, 30).toISOString(),
      },
    });
  });

  it('asks for whole minutes from 1 to 1440 and an end that is not in the future', () => {
    const bad = validateLogSession(
      { task: '', minutes: '0', endedAt: '2026-11-23T11:30', completed: true },
      NOW,
    );
    expect(bad).toEqual({
      errors: {
        minutes: 'Enter whole minutes from 1 to 1440',
        endedAt: 'A session cannot end in the future',
      },
    });
    expect(
      validateLogSession({ task: '', minutes: '2.5', endedAt: '', completed: true }, NOW),
    ).toEqual({
      errors: {
        minutes: 'Enter whole minutes from 1 to 1440',
        endedAt: 'Enter when the session ended',
      },
    });
  });
});

describe('the log a session dialog', () => {
  const onClose = vi.fn();

  beforeEach(() => {
    onClose.mockClear();
    vi.mocked(addSession).mockReset();
    vi.mocked(addSession).mockReturnValue({ ok: true, clientId: 'c1' });
  });

  function open() {
    renderWithProviders(<LogSessionModal opened onClose={onClose} />);
    return screen.getByRole('dialog', { name: 'Log a focus session' });
  }

  it('keeps its messages while the fields are edited, until the next try', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const minutes = within(dialog).getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(minutes);
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    expect(within(dialog).getByText('Enter whole minutes from 1 to 1440')).toBeInTheDocument();
    await user.type(minutes, '20');
    expect(within(dialog).getByText('Enter whole minutes from 1 to 1440')).toBeInTheDocument();
    expect(addSession).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    expect(addSession).toHaveBeenCalledWith(expect.objectContaining({ duration: 20, task: '' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows the outbox's refusal and stays open", async () => {
    vi.mocked(addSession).mockReturnValue({ ok: false, error: 'Please login to save sessions.' });
    const user = userEvent.setup();
    const dialog = open();
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Reading');
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    expect(within(dialog).getByText('Please login to save sessions.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Task' })).toHaveValue('Reading');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts afresh after a session was added', async () => {
    const user = userEvent.setup();
    const dialog = open();
    const task = within(dialog).getByRole('textbox', { name: 'Task' });
    await user.type(task, 'Reading');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Completed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add session' }));
    expect(addSession).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'Reading', completed: false, duration: 25 }),
    );
    expect(task).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Completed' })).toBeChecked();
  });
});
