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
});

describe('the messages (product §8)', () => {
  it('are the spec values', () => {
    expect(MUSIC_MESSAGES.searchEmpty).toBe('Please enter a search query');
    expect(MUSIC_MESSAGES.searchFallback).toBe(
      'YouTube search failed. Showing sample results instead.',
    );
  });
});
