import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { useAuth } from '../../lib/auth-context';
import { AuthProvider } from './auth-provider';

// hydrateRoot is called directly (Testing Library renders afresh): tell React act() is in use.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER = makeUser({ name: 'Ada Lovelace' });

function Who() {
  const { isAuthenticated, user } = useAuth();
  return <p>{isAuthenticated ? `Signed in as ${user?.name}` : 'Visitor'}</p>;
}

const tree = (
  <AuthProvider>
    <Who />
  </AuthProvider>
);

/** A session stored as a sign-in (here or in another tab) leaves it. */
function storeSession() {
  localStorage.setItem('token', 'e30.e30.sig');
  localStorage.setItem('user', JSON.stringify(USER));
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the auth provider on a pre-rendered page', () => {
  it('hydrates as the visitor the HTML shows when a sign-in elsewhere stored a token meanwhile', async () => {
    // The build renders as a visitor; main.tsx found no token and chose to hydrate.
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    expect(container.textContent).toBe('Visitor');

    // Another tab signs in before hydration renders.
    storeSession();

    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    // Right after hydration the stored session takes over.
    expect(container.textContent).toBe('Signed in as Ada Lovelace');
    act(() => root.unmount());
  });

  it('starts from storage in an app rendered afresh', async () => {
    storeSession();
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const seen: string[] = [];
    function Record() {
      const { isAuthenticated } = useAuth();
      seen.push(isAuthenticated ? 'signed in' : 'visitor');
      return null;
    }
    await act(async () =>
      root.render(
        <AuthProvider>
          <Record />
        </AuthProvider>,
      ),
    );
    // Never a visitor first: that would flash the visitor's page at a signed-in user.
    expect(seen.every((state) => state === 'signed in')).toBe(true);
    act(() => root.unmount());
  });
});
