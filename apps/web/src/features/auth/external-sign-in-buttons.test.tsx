import { OAUTH_ERROR_MESSAGES } from '@focusroom/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { setProviderNavigator } from '../../lib/oauth-api';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const PROVIDERS = {
  providers: [
    { id: 'google', name: 'Google' },
    { id: 'github', name: 'GitHub' },
    { id: 'oidc', name: 'Acme SSO' },
  ],
};

const AUTHORIZE_URL = 'https://accounts.example/authorize?client_id=focusroom&state=s';

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
    </Routes>,
    { route },
  );
}

function stubServer(providers: () => Response, start: () => Response = () => jsonResponse({})) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/auth/providers' ? providers() : start(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the external sign-in buttons', () => {
  const leaveFor = vi.fn();
  beforeEach(() => setProviderNavigator(leaveFor));
  afterEach(() => {
    setProviderNavigator(null);
    leaveFor.mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each(['/login', '/register'])('%s offers every provider the server lists', async (route) => {
    stubServer(() => jsonResponse(PROVIDERS));
    renderPage(route);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeVisible();
  });

  it.each([
    ['no provider is configured', () => jsonResponse({ providers: [] })],
    ['the list cannot be read', () => jsonResponse({ message: 'Internal server error' }, 500)],
    ['the list holds nothing we know', () => jsonResponse({ providers: [{ id: 'x', name: 'X' }] })],
  ])('shows no button and no divider when %s', async (_case, providers) => {
    const fetchMock = stubServer(providers);
    renderPage('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Let the answer render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('starts a sign-in without the stored session, with the page to return to, then leaves for the provider', async () => {
    localStorage.setItem('token', 'stored.session.token');
    const fetchMock = stubServer(
      () => jsonResponse(PROVIDERS),
      () => jsonResponse({ url: AUTHORIZE_URL }),
    );
    const user = userEvent.setup();
    renderPage('/login?next=%2Fstats');
    await user.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTHORIZE_URL));
    const start = fetchMock.mock.calls.find(([url]) => url === '/api/auth/oauth/github/start');
    expect(start).toBeDefined();
    expect(start![1]!.method).toBe('POST');
    expect(start![1]!.body).toBe(JSON.stringify({ intent: 'signin', next: '/stats' }));
    expect(new Headers(start![1]!.headers).has('Authorization')).toBe(false);
  });

  it('sends no next that is not one of our pages', async () => {
    const fetchMock = stubServer(
      () => jsonResponse(PROVIDERS),
      () => jsonResponse({ url: AUTHORIZE_URL }),
    );
    const user = userEvent.setup();
    renderPage('/register?next=%2F%2Fevil.example');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    const start = fetchMock.mock.calls.find(([url]) => url === '/api/auth/oauth/google/start');
    expect(start![1]!.body).toBe(JSON.stringify({ intent: 'signin' }));
  });

  it.each([
    [503, OAUTH_ERROR_MESSAGES.provider_unavailable],
    [404, OAUTH_ERROR_MESSAGES.provider_not_configured],
  ])('says so when the start fails with %i and stays on the page', async (status, message) => {
    stubServer(
      () => jsonResponse(PROVIDERS),
      () => jsonResponse({ message: 'upstream detail' }, status),
    );
    const user = userEvent.setup();
    renderPage('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('refuses an answer that is not a web address to go to', async () => {
    stubServer(
      () => jsonResponse(PROVIDERS),
      () => jsonResponse({ url: 'javascript:alert(1)' }),
    );
    const user = userEvent.setup();
    renderPage('/login');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText(OAUTH_ERROR_MESSAGES.sign_in_failed)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe('the login page after an external sign-in failed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the fixed message of ?oauth_error', () => {
    stubServer(() => jsonResponse({ providers: [] }));
    renderPage('/login?oauth_error=account_exists_sign_in_first');
    expect(screen.getByText(OAUTH_ERROR_MESSAGES.account_exists_sign_in_first)).toBeInTheDocument();
  });

  it('never shows text from the address', () => {
    stubServer(() => jsonResponse({ providers: [] }));
    renderPage(`/login?oauth_error=${encodeURIComponent('Call +1 555 0100 now')}`);
    expect(screen.getByText(OAUTH_ERROR_MESSAGES.sign_in_failed)).toBeInTheDocument();
    expect(screen.queryByText(/555 0100/)).not.toBeInTheDocument();
  });
});
