import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from './hydration';
import { lazyPage } from './lazy-with-timeout';

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
  document.body.innerHTML = '';
});

function Where() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

describe('hydrating a pre-rendered page', () => {
  it('renders the server view first and the browser view right after, without a mismatch', async () => {
    const { container, errors, serverHtml, root } = await serverThenHydrate(<Where />);
    expect(serverHtml).toContain('server');
    expect(container.textContent).toBe('browser');
    expect(errors).toEqual([]);
    root.unmount();
  });

  it('renders a preloaded lazy page at once, with no fallback in between', async () => {
    const load = vi.fn(async () => ({ Page: () => <h1>Log in</h1> }));
    const Page = lazyPage(load, 'Page');
    await Page.preload();
    expect(renderToString(<Page />)).toBe('<h1>Log in</h1>');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
