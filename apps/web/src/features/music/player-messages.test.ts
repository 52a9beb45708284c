import { DEFAULT_PLAYLIST_NAME, MUSIC_API_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { MUSIC_MESSAGES, MUSIC_TOASTS } from './player-messages';

describe('the toasts (product §8, §9)', () => {
  it('truncates the titles in every track toast', () => {
    const long = 'A very long song title that goes on and on';
    for (const toast of Object.values(MUSIC_TOASTS)) {
      expect(toast(long)).toContain('A very long song title that go...');
      expect(toast(long)).not.toContain('on and on');
    }
  });

  it('say what happened to the track, in English', () => {
    expect(MUSIC_TOASTS.playing('Rain')).toBe('Playing: Rain');
    expect(MUSIC_TOASTS.paused('Rain')).toBe('Paused: Rain');
    expect(MUSIC_TOASTS.previous('Rain')).toBe('Previous: Rain');
    expect(MUSIC_TOASTS.next('Rain')).toBe('Next: Rain');
    expect(MUSIC_TOASTS.added('Rain')).toBe('Added: Rain');
    expect(MUSIC_TOASTS.removed('Rain')).toBe('Removed: Rain');
  });
});

describe('the messages (product §8)', () => {
  it('are the spec values', () => {
    expect(i18n._(MUSIC_MESSAGES.searchEmpty)).toBe('Please enter a search query');
    expect(i18n._(MUSIC_MESSAGES.searchFallback)).toBe(
      'YouTube search failed. Showing sample results instead.',
    );
  });

  it('say in English exactly what core says for the same thing', () => {
    expect(i18n._(MUSIC_MESSAGES.searchEmpty)).toBe(MUSIC_API_MESSAGES.queryRequired);
    expect(i18n._(MUSIC_MESSAGES.searchForbidden)).toBe(MUSIC_API_MESSAGES.searchAccessDenied);
    expect(i18n._(MUSIC_MESSAGES.defaultPlaylistName)).toBe(DEFAULT_PLAYLIST_NAME);
  });
});
