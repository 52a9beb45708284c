import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../test/render';
import { markSessionExpired, writeToken } from '../lib/storage';
import { GlobalAuthGuard, ProtectedRoute } from './guards';

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

  it('send a visitor to plain /login', async () => {
    renderAt('/stats');
    expect(await screen.findByText('at /login')).toBeInTheDocument();
  });

  it('send the user whose session a 401 just ended to the session-expired address, whichever redirect runs first', async () => {
    markSessionExpired();
    renderAt('/stats');
    expect(await screen.findByText('at /login?session_expired=true')).toBeInTheDocument();
  });
});
