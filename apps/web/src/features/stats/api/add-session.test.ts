import { describe, expect, it } from 'vitest';
import { RECORD, setUpStatsStateTests } from '../stats-test-kit';
import { statsStore } from '../stats-store';
import { addSession } from './add-session';

describe('adding a session', () => {
  setUpStatsStateTests();

  it('refuses to add a session when nobody is signed in', () => {
    localStorage.removeItem('token');
    expect(addSession(RECORD)).toEqual({ ok: false, error: 'Please login to save sessions.' });
    expect(statsStore.getState().addError).toBe('Please login to save sessions.');
  });
});
