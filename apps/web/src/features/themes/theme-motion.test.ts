import { THEME_MOTIONS, type ThemeMotion } from '@focusroom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startThemeMotion } from './theme-motion';

/**
 * The loop of theme-motion.ts with a recording 2D context, fake timers and a controllable
 * reduced-motion preference and tab visibility: how often it draws, and when it stops.
 */

const motion = THEME_MOTIONS['dark-elegance'] as ThemeMotion;

let frames: number;
let reduced: { matches: boolean; listeners: Set<() => void> };
let hidden: boolean;

function fakeContext() {
  const noop = () => undefined;
  return {
    save: noop,
    restore: noop,
    translate: noop,
    scale: noop,
    beginPath: noop,
    arc: noop,
    moveTo: noop,
    lineTo: noop,
    stroke: noop,
    fill: noop,
    setTransform: noop,
    clearRect: () => {
      frames++;
    },
    fillRect: noop,
    drawImage: noop,
    createRadialGradient: () => ({ addColorStop: noop }),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  frames = 0;
  hidden = false;
  reduced = { matches: false, listeners: new Set() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fakeContext() as unknown as CanvasRenderingContext2D,
  );
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 16),
  );
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('reduce') ? reduced.matches : false;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => reduced.listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) =>
          reduced.listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() =>
    hidden ? 'hidden' : 'visible',
  );
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function layer(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

const setReduced = (value: boolean) => {
  reduced.matches = value;
  for (const listener of reduced.listeners) listener();
};

const setHidden = (value: boolean) => {
  hidden = value;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('startThemeMotion', () => {
  it('draws on a canvas in the layer at its capped rate, not every animation frame', () => {
    const target = layer();
    startThemeMotion(target, motion);
    expect(target.querySelector('canvas.fr-theme-motion')).not.toBeNull();
    vi.advanceTimersByTime(10_000);
    // Its frames a second for 10 s, give or take the first and the last.
    expect(frames).toBeGreaterThanOrEqual(motion.fps * 10 - 2);
    expect(frames).toBeLessThanOrEqual(motion.fps * 10 + 2);
  });

  it('draws one still frame under reduced motion, and moves again when it is turned off', () => {
    reduced.matches = true;
    startThemeMotion(layer(), motion);
    expect(frames).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(frames).toBe(1);
    setReduced(false);
    vi.advanceTimersByTime(1_000);
    expect(frames).toBeGreaterThanOrEqual(motion.fps);
    const moving = frames;
    setReduced(true);
    vi.advanceTimersByTime(10_000);
    expect(frames).toBe(moving + 1);
  });

  it('draws nothing while the tab is hidden and resumes when it is shown', () => {
    startThemeMotion(layer(), motion);
    vi.advanceTimersByTime(1_000);
    setHidden(true);
    const before = frames;
    vi.advanceTimersByTime(60_000);
    expect(frames).toBe(before);
    setHidden(false);
    vi.advanceTimersByTime(1_000);
    expect(frames).toBeGreaterThanOrEqual(before + motion.fps);
  });

  it('stops and takes its canvas away when stopped, or when its layer leaves the page', () => {
    const first = layer();
    const handle = startThemeMotion(first, motion);
    handle.stop();
    expect(first.querySelector('canvas')).toBeNull();
    vi.advanceTimersByTime(5_000);
    expect(frames).toBe(0);

    const second = layer();
    startThemeMotion(second, motion);
    vi.advanceTimersByTime(1_000);
    second.remove();
    vi.advanceTimersByTime(1_000);
    const after = frames;
    vi.advanceTimersByTime(10_000);
    expect(frames).toBe(after);
    expect(reduced.listeners.size).toBe(0);
  });

  it('leaves the still picture alone where a canvas cannot draw', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockImplementation(() => null);
    const target = layer();
    startThemeMotion(target, motion).stop();
    expect(target.querySelector('canvas')).toBeNull();
  });
});
