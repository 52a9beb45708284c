import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { activateSourceLocale } from '../src/i18n';

// Components render in English unless a test chooses another language.
activateSourceLocale();

/*
 * Pages load lazily, and the first import of a page's chunk is transformed on the spot: on a
 * loaded two-core CI machine that alone can pass Testing Library's 1 s default for findBy*.
 * Waiting longer changes no assertion; a missing element still fails.
 */
configure({ asyncUtilTimeout: 5_000 });

/** jsdom lacks the layout APIs Mantine touches; these stand-ins answer "no match" and do nothing. */
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Textarea autosize listens for web fonts; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

// jsdom reports scrollTo as not implemented; the layout scrolls to the top on navigation.
window.scrollTo = () => undefined;

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

/*
 * Once a file's tests are over its window is closed. A frame asked for after that (a late
 * callback of a module the file loaded) starts jsdom's frame timer again, which then fails on the
 * closed window outside any test ("Cannot read properties of null (reading '_location')" in
 * jsdom's runAnimationFrameCallbacks, seen once in CI's unit step), and the run fails for it.
 * From the file's end on, a frame is no longer scheduled.
 */
afterAll(() => {
  const noFrame = () => 0;
  window.requestAnimationFrame = noFrame;
  globalThis.requestAnimationFrame = noFrame;
});

/*
 * An unexpected console.error or console.warn fails the test (React's warnings, an act()
 * warning, an error a component logged). A test that expects one spies on the console itself
 * (vi.spyOn(console, 'error')), which takes the place of this one for that test.
 */
const unexpected: string[] = [];

beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args
        .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
        .join(' ');
      unexpected.push(`console.${level}: ${text}`);
    });
  }
});

afterEach(() => {
  // Unmounting may log too (an effect's clean-up), so it comes first.
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  const seen = unexpected.splice(0);
  if (seen.length > 0) {
    throw new Error(
      `Unexpected console output:\n${seen.map((line) => line.slice(0, 600)).join('\n')}`,
    );
  }
});
