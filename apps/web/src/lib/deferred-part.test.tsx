import { render } from '@testing-library/react';
import { act, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DeferredPartModule from './deferred-part';

// hydrateRoot is called directly (Testing Library renders afresh): tell React act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let parts: typeof DeferredPartModule;
const log: string[] = [];

// The gate latches once open: each test gets the module afresh.
beforeEach(async () => {
  vi.resetModules();
  parts = await import('./deferred-part');
  log.length = 0;
});

afterEach(() => {
  document.body.innerHTML = '';
});

function Gate() {
  const open = parts.useDeferredPartsHydrated();
  log.push(open ? 'gate open' : 'gate closed');
  return <p>{open ? 'open' : 'waiting'}</p>;
}

function Part({ name, children }: { name: string; children: ReactNode }) {
  useLayoutEffect(() => {
    log.push(`${name} hydrated`);
  }, [name]);
  return children;
}

function Page() {
  const { DeferredPart } = parts;
  return (
    <div>
      <Gate />
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

describe('deferred parts', () => {
  it('render at once in a page rendered afresh, with the gate open from the start', () => {
    const { container, unmount } = render(<Page />);
    expect(container.textContent).toBe('openTop barThe timer');
    expect(log.filter((entry) => entry.startsWith('gate'))).not.toContain('gate closed');
    unmount();
  });

  it('hydrate without a mismatch, and the gate opens only after every part has hydrated', async () => {
    const html = renderToString(<Page />);
    expect(html).toContain('waiting');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    log.length = 0;
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Page />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('openTop barThe timer');
    expect(log[0]).toBe('gate closed');
    const opened = log.indexOf('gate open');
    expect(opened).toBeGreaterThan(log.indexOf('top bar hydrated'));
    expect(opened).toBeGreaterThan(log.indexOf('timer hydrated'));
    expect(log.indexOf('top bar hydrated')).toBeGreaterThan(0);
    root.unmount();
  });
});
