import { MUSIC_BREAK_FADE_MS } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBreakFade } from './break-fade';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a break fade', () => {
  it('goes from full to silence in steps over the fade time, then says it is done', () => {
    const fade = createBreakFade();
    const levels: number[] = [];
    const done = vi.fn();
    fade.fadeTo(0, () => levels.push(fade.level()), done);
    expect(fade.fading()).toBe(true);
    vi.advanceTimersByTime(MUSIC_BREAK_FADE_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(levels).toEqual([0.875, 0.75, 0.625, 0.5, 0.375, 0.25, 0.125, 0]);
    expect(done).toHaveBeenCalledOnce();
    expect(fade.fading()).toBe(false);
  });

  it('stops where it is, and comes back to full level at once', () => {
    const fade = createBreakFade();
    fade.fadeTo(0, () => undefined);
    vi.advanceTimersByTime(MUSIC_BREAK_FADE_MS / 2);
    fade.stop();
    vi.advanceTimersByTime(MUSIC_BREAK_FADE_MS);
    expect(fade.level()).toBe(0.5);
    fade.full();
    expect(fade.level()).toBe(1);
  });
});
