import { STORAGE_KEYS, displaySeconds } from '@focusroom/core';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClock } from './format';
import { resetTimerControllerForTests } from './timer-store';
import { useTimerStore } from './use-timer';

// hydrateRoot is called directly (Testing Library renders afresh): tell React act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders `element` to HTML as the build does, then hydrates it in a fresh #root. */
async function serverThenHydrate(element: React.ReactElement): Promise<{
  container: HTMLElement;
  root: Root;
  errors: unknown[];
  serverHtml: string;
}> {
  const serverHtml = renderToString(element);
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, element, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { container, root, errors, serverHtml };
}

afterEach(() => {
  localStorage.clear();
  resetTimerControllerForTests();
  document.body.innerHTML = '';
});

function Clock() {
  const seconds = useTimerStore((s) => displaySeconds(s.timer, s.now, s.settings));
  return <p>{formatClock(seconds)}</p>;
}

describe('the timer on a pre-rendered page', () => {
  it('shows the default timer in the HTML and the stored focus length once hydrated', async () => {
    const stored = { pomodoro_duration: 50, short_break_duration: 10 };
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(stored));
    const { container, errors, serverHtml, root } = await serverThenHydrate(<Clock />);
    expect(serverHtml).toContain('25:00');
    expect(container.textContent).toBe('50:00');
    expect(errors).toEqual([]);
    root.unmount();
  });
});
