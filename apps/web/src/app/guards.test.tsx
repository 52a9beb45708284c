import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../test/render';
import type { AuthContextValue } from '../lib/auth-context';
import { markSessionExpired, writeToken } from '../features/auth/account-storage';
import { GlobalAuthGuard, ProtectedRoute } from './guards';
import { ROUTE_IDS, ROUTES } from './paths';
import { makeUser } from '../../test/fixtures';

function WhereAmI() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(route: string) {
  renderWithProviders(
    <>
      <GlobalAuthGuard />
      <Routes>
        <Route element={<ProtectedRoute />}>
          <Route path="/stats" element={<p>stats</p>} />
        </Route>
        <Route path="/login" element={<WhereAmI />} />
      </Routes>
    </>,
    { route, auth: stubAuth({ status: 'unauthenticated' }) },
  );
}

describe('redirects of signed-out users', () => {
  afterEach(() => {
    // Storing a token ends the session-expired state, as a new sign-in does.
    writeToken('t');
    localStorage.clear();
  });

  it('send a visitor to /login, naming the page asked for so sign-in returns there', async () => {
    renderAt('/stats');
    expect(await screen.findByText('at /login?next=%2Fstats')).toBeInTheDocument();
  });

  it('keep the query of the page asked for', async () => {
    renderAt('/stats?range=30');
    expect(await screen.findByText('at /login?next=%2Fstats%3Frange%3D30')).toBeInTheDocument();
  });

  it('send the user whose session a 401 just ended to the session-expired address, whichever redirect runs first', async () => {
    markSessionExpired();
    renderAt('/stats');
    expect(
      await screen.findByText('at /login?session_expired=true&next=%2Fstats'),
    ).toBeInTheDocument();
  });
});

const USER = makeUser();

function renderAdminRoute(auth: AuthContextValue) {
  renderWithProviders(
    <Routes>
      <Route element={<ProtectedRoute access="admin" />}>
        <Route path="/admin" element={<p>admin tools</p>} />
      </Route>
      <Route path="/login" element={<WhereAmI />} />
    </Routes>,
    { route: '/admin', auth },
  );
}

describe('the admin access level', () => {
  it('lets an admin in', () => {
    renderAdminRoute(
      stubAuth({
        status: 'authenticated',
        user: { ...USER, is_admin: true, role: 'admin' },
        token: 't',
      }),
    );
    expect(screen.getByText('admin tools')).toBeInTheDocument();
  });

  it('tells a signed-in non-admin the page is not allowed instead of showing it', () => {
    renderAdminRoute(stubAuth({ status: 'authenticated', user: USER, token: 't' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByText('admin tools')).toBeNull();
  });

  it('still sends a signed-out visitor to /login', async () => {
    renderAdminRoute(stubAuth({ status: 'unauthenticated' }));
    expect(await screen.findByText('at /login?next=%2Fadmin')).toBeInTheDocument();
  });
});

describe('the global guard and the route registry', () => {
  /** Only the global guard runs here: no route element redirects on its own. */
  function renderGuardAt(route: string) {
    renderWithProviders(
      <>
        <GlobalAuthGuard />
        <WhereAmI />
      </>,
      { route, auth: stubAuth({ status: 'unauthenticated' }) },
    );
  }

  it.each(ROUTE_IDS)(
    'sends a signed-out visitor on the %s route to /login exactly when it is not public',
    (id) => {
      const path = ROUTES[id].path.replace(/:[A-Za-z]+/g, 'x');
      renderGuardAt(path);
      const expected =
        ROUTES[id].access === 'public'
          ? path
          : `/login${id === 'dashboard' ? '' : `?next=${encodeURIComponent(path)}`}`;
      // render() flushes effects, so a redirect the guard wanted has already happened.
      expect(screen.getByText(`at ${expected}`)).toBeInTheDocument();
    },
  );
});
