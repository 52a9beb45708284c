import { describe, expect, it } from 'vitest';
import {
  MUSIC_TIMINGS,
  MUSIC_TOAST_MS,
  VOLUME_DEFAULT,
  clampVolume,
  truncateTitle,
} from './player-rules.js';

describe('clampVolume (product §5, §9)', () => {
  it('keeps 0-100 and clamps beyond', () => {
    expect(clampVolume(0)).toBe(0);
    expect(clampVolume(37)).toBe(37);
    expect(clampVolume(100)).toBe(100);
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(101)).toBe(100);
    expect(clampVolume(Infinity)).toBe(VOLUME_DEFAULT);
  });

  it('rounds to whole numbers and reads stored strings', () => {
    expect(clampVolume(33.6)).toBe(34);
    expect(clampVolume('75')).toBe(75);
    expect(clampVolume('250')).toBe(100);
  });

  it('answers the default 50 for anything that is not a number', () => {
    expect(VOLUME_DEFAULT).toBe(50);
    for (const junk of [NaN, undefined, null, '', 'loud', {}, []]) {
      expect(clampVolume(junk)).toBe(50);
    }
  });
});

describe('truncateTitle (product §8, §9)', () => {
  it('cuts titles longer than 30 characters and adds an ellipsis', () => {
    const long = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(truncateTitle(long)).toBe('abcdefghijklmnopqrstuvwxyz0123...');
  });

  it('leaves titles of up to 30 characters alone', () => {
    const thirty = 'x'.repeat(30);
    expect(truncateTitle(thirty)).toBe(thirty);
    expect(truncateTitle('x'.repeat(31))).toBe(`${thirty}...`);
    expect(truncateTitle('')).toBe('');
  });

  it('never splits a character made of two code units', () => {
    const title = `${'a'.repeat(29)}🎵🎵`;
    expect(truncateTitle(title)).toBe(`${'a'.repeat(29)}🎵...`);
  });
});

describe('the timings (product §9)', () => {
  it('are the spec values', () => {
    expect(MUSIC_TIMINGS).toEqual({
      openFlagPollMs: 300,
      playlistUpdatedPollMs: 1000,
      playlistLoadedStartMs: 300,
      startDelayMs: 1000,
      notReadyRetryMs: 2000,
      errorSkipMs: 500,
      // Ours, not the spec's: when a hanging YouTube script counts as failed (decision 053).
      scriptLoadTimeoutMs: 15_000,
      titleLookupRetryMs: 60_000,
    });
    expect(MUSIC_TOAST_MS).toEqual({ playPause: 1500, success: 3000, error: 5000 });
  });
});
