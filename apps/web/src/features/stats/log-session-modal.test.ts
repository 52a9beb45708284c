import { describe, expect, it } from 'vitest';
import { validateLogSession } from './log-session-modal';

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
