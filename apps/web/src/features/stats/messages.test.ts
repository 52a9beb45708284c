import { MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  STATS_MESSAGES,
  addSessionFailedMessage,
  saveSessionFailedMessage,
  statsLoadMessage,
} from './messages';

describe('the statistics messages', () => {
  it('says nothing when both loaded, and nothing on a 401', () => {
    expect(statsLoadMessage({ stats: null, sessions: null, initial: true })).toBeNull();
    expect(
      statsLoadMessage({ stats: { status: 401 }, sessions: { status: 500 }, initial: false }),
    ).toBeNull();
  });

  it('names both errors when both failed', () => {
    expect(
      statsLoadMessage({
        stats: { status: 503, message: 'Service unavailable' },
        sessions: { message: 'Network Error' },
        initial: false,
      }),
    ).toBe('Could not load all data: Service unavailable and Network Error');
    expect(
      statsLoadMessage({ stats: { status: 502 }, sessions: { status: 502 }, initial: false }),
    ).toBe(
      'Could not load all data: Failed to load statistics data and Failed to load session history',
    );
  });

  it('says which half may be incomplete when one failed', () => {
    expect(
      statsLoadMessage({ stats: { message: 'Network Error' }, sessions: null, initial: false }),
    ).toBe('Stats data may be incomplete: Network Error');
    expect(statsLoadMessage({ stats: null, sessions: { status: 404 }, initial: false })).toBe(
      'Session history may be incomplete: Failed to load session history',
    );
  });

  it('gives the fixed 500 text whatever the server said', () => {
    expect(
      statsLoadMessage({
        stats: { status: 500, message: 'Internal Server Error' },
        sessions: null,
        initial: false,
      }),
    ).toBe(`Stats data may be incomplete: ${i18n._(STATS_MESSAGES.serverError)}`);
    expect(i18n._(STATS_MESSAGES.serverError)).toBe(
      'Server error (500): The API is currently experiencing issues',
    );
  });

  it('reads failures that are not request failures as initial or unexpected', () => {
    const bug = { unexpected: true, message: 'x is not a function' };
    expect(statsLoadMessage({ stats: bug, sessions: null, initial: true })).toBe(
      'Failed to load initial data: x is not a function',
    );
    expect(statsLoadMessage({ stats: null, sessions: bug, initial: false })).toBe(
      'An unexpected error occurred: x is not a function',
    );
  });

  it('composes the save and add failures', () => {
    expect(saveSessionFailedMessage('Network Error')).toBe(
      'Failed to save session: Network Error. Local changes will be lost on reload.',
    );
    expect(saveSessionFailedMessage('Request timed out.')).toBe(
      'Failed to save session: Request timed out. Local changes will be lost on reload.',
    );
    expect(addSessionFailedMessage('Storage is full')).toBe(
      'An error occurred while adding the session: Storage is full',
    );
    expect(i18n._(STATS_MESSAGES.loginToView)).toBe('Please login to view your statistics.');
    expect(i18n._(STATS_MESSAGES.statsFailed)).toBe('Failed to load statistics data');
    expect(i18n._(STATS_MESSAGES.sessionsFailed)).toBe('Failed to load session history');
  });

  it('says core’s words when nobody is signed in to save a session', () => {
    expect(i18n._(STATS_MESSAGES.loginToSaveSessions)).toBe(MESSAGES.loginToSaveSessions);
  });
});
