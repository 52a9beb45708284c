import { MUSIC_STORAGE_KEYS } from '@focusroom/core';
import { describe, expect, it, vi } from 'vitest';
import {
  musicFollowsTimer,
  pauseMusicForBreak,
  registerBreakFollow,
  resumeMusicAfterBreak,
  setMusicFollowsTimer,
  subscribeMusicFollowsTimer,
} from './break-follow';

describe('music that follows the timer', () => {
  it('is off by default, and then pause and resume reach no player', () => {
    const handlers = { pauseForBreak: vi.fn(), resumeAfterBreak: vi.fn() };
    const unregister = registerBreakFollow(handlers);
    expect(musicFollowsTimer()).toBe(false);
    pauseMusicForBreak();
    resumeMusicAfterBreak();
    expect(handlers.pauseForBreak).not.toHaveBeenCalled();
    expect(handlers.resumeAfterBreak).not.toHaveBeenCalled();
    unregister();
  });

  it('once switched on, passes pause and resume to the mounted player and is remembered', () => {
    const handlers = { pauseForBreak: vi.fn(), resumeAfterBreak: vi.fn() };
    const listener = vi.fn();
    const unsubscribe = subscribeMusicFollowsTimer(listener);
    const unregister = registerBreakFollow(handlers);
    setMusicFollowsTimer(true);
    expect(listener).toHaveBeenCalledWith(true);
    expect(localStorage.getItem(MUSIC_STORAGE_KEYS.followsTimer)).toBe('true');
    pauseMusicForBreak();
    resumeMusicAfterBreak();
    expect(handlers.pauseForBreak).toHaveBeenCalledOnce();
    expect(handlers.resumeAfterBreak).toHaveBeenCalledOnce();
    unregister();
    pauseMusicForBreak();
    expect(handlers.pauseForBreak).toHaveBeenCalledOnce();
    unsubscribe();
  });
});
