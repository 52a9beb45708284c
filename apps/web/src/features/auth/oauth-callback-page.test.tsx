import { OAUTH_API_MESSAGES, OAUTH_ERROR_MESSAGES } from '@focusroom/core';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { notify } from '../../lib/notify';
import { AuthProvider } from './auth-provider';
import { LoginPage } from './login-page';
import { OAuthCallbackPage } from './oauth-callback-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

function WhereAmI() {
  const { pathname, search, hash } = useLocation();
  return <div data-testid="location">{`${pathname}${search}${hash}`}</div>;
}

function renderAt(route: string, auth = stubAuth()) {
  return renderWithProviders(
    <StrictMode>
      <Routes>
        <Route path="/oauth-callback" element={<OAuthCallbackPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/stats" element={<h1>Statistics</h1>} />
        <Route path="/profile" element={<h1>Profile</h1>} />
      </Routes>
      <WhereAmI />
    </StrictMode>,
    { route, auth },
  );
}

const location = () => screen.getByTestId('location').textContent;

/** The server: no providers, and the exchange answers `exchange`. */
function stubServer(exchange: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/auth/oauth/exchange' ? exchange() : jsonResponse({ providers: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function exchangeCalls(fetchMock: ReturnType<typeof stubServer>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/oauth/exchange');
}

describe('the external sign-in callback', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('exchanges the one-time code once, without a session, and lands on the dashboard', async () => {
    localStorage.setItem('token', 'someone.elses.token');
    const fetchMock = stubServer(() =>
      jsonResponse({ token: 'new.session.token', user: makeUser(), message: 'Logged in' }),
    );
    const auth = stubAuth();
    renderAt('/oauth-callback?code=one-time-code', auth);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const calls = exchangeCalls(fetchMock);
    expect(calls).toHaveLength(1);
    const init = calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ code: 'one-time-code' }));
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(auth.completeExternalSignIn).toHaveBeenCalledExactlyOnceWith({
      token: 'new.session.token',
      user: makeUser(),
      message: 'Logged in',
    });
    expect(location()).toBe('/dashboard');
    localStorage.clear();
  });

  it("signs in with the exchange's user, without asking the server for it again", async () => {
    const user = makeUser({ id: 'u-ext', has_password: false });
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/auth/oauth/exchange') {
        return jsonResponse({ token: 'new.session.token', user, message: 'Logged in' });
      }
      // GET /auth/me, and the time-zone sync's PUT /users/me.
      if (url === '/api/auth/me' || url === '/api/users/me') return jsonResponse(user);
      return jsonResponse({ providers: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(notify).mockClear();
    renderWithProviders(
      <StrictMode>
        <AuthProvider>
          <Routes>
            <Route path="/oauth-callback" element={<OAuthCallbackPage />} />
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          </Routes>
        </AuthProvider>
      </StrictMode>,
      { route: '/oauth-callback?code=one-time-code' },
    );

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new.session.token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      id: 'u-ext',
      has_password: false,
    });
    expect(exchangeCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/me')).toHaveLength(0);
    // The server's own "Logged in" is no warning.
    expect(notify).not.toHaveBeenCalled();
  });

  it('clears the code from the address before anything else', async () => {
    stubServer(() => jsonResponse({ token: 't' }));
    const auth = stubAuth({
      // Held open so the page can be seen before it moves on.
      completeExternalSignIn: vi.fn(() => new Promise<never>(() => undefined)),
    });
    renderAt('/oauth-callback?code=one-time-code', auth);
    await waitFor(() => expect(location()).toBe('/oauth-callback'));
    expect(screen.getByRole('status', { name: 'Signing you in' })).toBeInTheDocument();
  });

  it.each([
    ['%2Fstats', 'Statistics'],
    ['%2F%2Fevil.example', 'Dashboard'],
    ['https%3A%2F%2Fevil.example%2Fstats', 'Dashboard'],
    ['%2Flogin', 'Dashboard'],
  ])('follows next=%s only to a page of ours (%s)', async (next, heading) => {
    stubServer(() => jsonResponse({ token: 't', user: makeUser() }));
    renderAt(`/oauth-callback?code=c&next=${next}`);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('shows a replayed or expired code as a readable message on the login page', async () => {
    stubServer(() => jsonResponse({ message: OAUTH_API_MESSAGES.exchangeCodeInvalid }, 400));
    const auth = stubAuth();
    renderAt('/oauth-callback?code=spent', auth);
    expect(await screen.findByText(OAUTH_API_MESSAGES.exchangeCodeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(auth.completeExternalSignIn).not.toHaveBeenCalled();
    // The message is said once; the address forgets it.
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('sends a failed exchange of a rate limit or a server error to the login page too', async () => {
    stubServer(() => jsonResponse({ message: 'Too many requests' }, 429));
    renderAt('/oauth-callback?code=c');
    expect(await screen.findByText(OAUTH_ERROR_MESSAGES.sign_in_failed)).toBeInTheDocument();
  });

  it('shows the fixed message of an error code on the login page', async () => {
    const fetchMock = stubServer(() => jsonResponse({}));
    renderAt('/oauth-callback?error=access_denied');
    expect(await screen.findByText(OAUTH_ERROR_MESSAGES.access_denied)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(exchangeCalls(fetchMock)).toHaveLength(0);
  });

  it('never shows text from the address, whatever the error says', async () => {
    stubServer(() => jsonResponse({}));
    renderAt(
      `/oauth-callback?error=${encodeURIComponent('Your account is locked. Call +1 555 0100')}`,
    );
    expect(await screen.findByText(OAUTH_ERROR_MESSAGES.sign_in_failed)).toBeInTheDocument();
    expect(screen.queryByText(/Call \+1 555 0100/)).not.toBeInTheDocument();
  });

  it('shows a failed connect on the profile of someone signed in', async () => {
    stubServer(() => jsonResponse({}));
    const auth = stubAuth({ status: 'authenticated', token: 't', user: makeUser() });
    renderAt('/oauth-callback?error=already_linked_elsewhere', auth);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(location()).toBe('/profile?oauth_error=already_linked_elsewhere');
  });

  it('refuses an address with neither code nor error, and offers to sign in again', async () => {
    const fetchMock = stubServer(() => jsonResponse({}));
    renderAt('/oauth-callback?token=abc.def.ghi');
    expect(screen.getByRole('heading', { name: 'Sign-in did not complete' })).toBeInTheDocument();
    expect(screen.getByText(OAUTH_API_MESSAGES.exchangeCodeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(location()).toBe('/oauth-callback'));
    expect(exchangeCalls(fetchMock)).toHaveLength(0);
  });
});
