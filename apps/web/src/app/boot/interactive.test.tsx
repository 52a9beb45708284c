import { render } from '@testing-library/react';
import { act, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DeferredPartModule from '../../lib/deferred-part';
import type * as InteractiveModule from './interactive';
import { APP_BOOTING_ATTRIBUTE, APP_INTERACTIVE_EVENT } from './boot-state';

// hydrateRoot is called directly (Testing Library renders afresh): tell React act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let parts: typeof DeferredPartModule;
let interactive: typeof InteractiveModule;
const log: string[] = [];
const html = document.documentElement;
const onInteractive = () => log.push('interactive');

// The parts' gate latches once open: each test gets the modules afresh.
beforeEach(async () => {
  vi.resetModules();
  parts = await import('../../lib/deferred-part');
  interactive = await import('./interactive');
  log.length = 0;
  html.setAttribute(APP_BOOTING_ATTRIBUTE, '');
  html.addEventListener(APP_INTERACTIVE_EVENT, onInteractive);
});

afterEach(() => {
  document.body.innerHTML = '';
  html.removeAttribute(APP_BOOTING_ATTRIBUTE);
  html.removeEventListener(APP_INTERACTIVE_EVENT, onInteractive);
});

/** A part of the page that logs, in its hydrated commit, whether the page still boots. */
function Part({ name, children }: { name: string; children: ReactNode }) {
  useLayoutEffect(() => {
    log.push(`${name} hydrated${html.hasAttribute(APP_BOOTING_ATTRIBUTE) ? ', page booting' : ''}`);
  }, [name]);
  useEffect(() => {
    log.push(`${name} listening`);
  }, [name]);
  return children;
}

function Page() {
  const { DeferredPart } = parts;
  interactive.useInteractiveWhenHydrated();
  return (
    <div>
      <DeferredPart>
        <Part name="top bar">
          <h1>Top bar</h1>
        </Part>
      </DeferredPart>
      <DeferredPart>
        <Part name="timer">
          <p>The timer</p>
        </Part>
      </DeferredPart>
    </div>
  );
}

describe('the page becomes usable', () => {
  it('in the first commit of a page rendered afresh', () => {
    const { unmount } = render(<Page />);
    expect(html.hasAttribute(APP_BOOTING_ATTRIBUTE)).toBe(false);
    expect(log.at(-1)).toBe('interactive');
    unmount();
  });

  it('once every part of a pre-rendered page has hydrated and its effects have run', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    log.length = 0;
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    expect(log).toContain('top bar hydrated, page booting');
    expect(log).toContain('timer hydrated, page booting');
    expect(html.hasAttribute(APP_BOOTING_ATTRIBUTE)).toBe(false);
    // Told once, after every part listens: held keys are pressed where they are heard.
    expect(log.filter((entry) => entry === 'interactive')).toHaveLength(1);
    expect(log.at(-1)).toBe('interactive');
    act(() => root.unmount());
  });
});
