import { FALLBACK_THEME, STANDARD_THEMES, STORAGE_KEYS } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../lib/next-task';
import { applyThemeBackground, resetThemeBackground } from './theme-background';
import { applyStoredThemeAtStartup } from './theme-startup';

const NORTHERN_LIGHTS = STANDARD_THEMES.find((theme) => theme.name === 'Northern Lights')!;
const FOREST = STANDARD_THEMES.find((theme) => theme.name === 'Forest')!;

const shownThemeId = () =>
  document.querySelector<HTMLElement>('#fr-theme-bg .fr-theme-layer')?.dataset.themeId ?? null;

// Not every jsdom context has Performance Timeline methods (Vitest's VM pool's has not): one to spy on.
if (!('getEntriesByType' in performance)) {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    writable: true,
    value: () => [],
  });
}

describe('the background at start-up (product §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    localStorage.clear();
  });
  afterEach(() => {
    resetThemeBackground();
    vi.useRealTimers();
  });

  it('applies a stored theme at once, before the first render', () => {
    localStorage.setItem(STORAGE_KEYS.selectedTheme, JSON.stringify(NORTHERN_LIGHTS));
    applyStoredThemeAtStartup();
    expect(shownThemeId()).toBe(NORTHERN_LIGHTS.id);
  });

  it('with nothing stored, loads no art before the first paint and the default right after', () => {
    applyStoredThemeAtStartup();
    expect(shownThemeId()).toBeNull();
    vi.advanceTimersToNextFrame();
    expect(shownThemeId()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shownThemeId()).toBe(FALLBACK_THEME.id);
  });

  it('with nothing stored and the page already painted (the boot shell), asks for the default in the next task, without waiting for a frame', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
      type === 'paint'
        ? ([{ name: 'first-paint', entryType: 'paint', startTime: 800 }] as PerformanceEntry[])
        : [],
    );
    applyStoredThemeAtStartup();
    // Not inside the entry's evaluation, the longest task of the start-up; no timer either.
    expect(shownThemeId()).toBeNull();
    await nextTask();
    expect(shownThemeId()).toBe(FALLBACK_THEME.id);
  });

  it('leaves a theme the provider applied first in place', () => {
    applyStoredThemeAtStartup();
    applyThemeBackground(FOREST, { fade: false });
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(0);
    expect(shownThemeId()).toBe(FOREST.id);
  });
});
