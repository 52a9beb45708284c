import { OAUTH_API_MESSAGES, OAUTH_ERROR_MESSAGES } from '@focusroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { notify } from '../../lib/notify';
import { setProviderNavigator } from '../../lib/oauth-api';
import { ConnectedAccountsSection } from './connected-accounts-section';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const PROVIDERS = {
  providers: [
    { id: 'google', name: 'Google' },
    { id: 'oidc', name: 'Acme SSO' },
  ],
};
const GOOGLE = {
  provider: 'google',
  email: 'ada@gmail.example',
  connected_at: '2026-03-04T10:00:00.000Z',
};
const AUTHORIZE_URL = 'https://sso.acme.example/authorize?state=s';

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

function renderSection(route = '/profile') {
  localStorage.setItem('token', 'stored.session.token');
  return renderWithProviders(
    <>
      <ConnectedAccountsSection />
      <WhereAmI />
    </>,
    {
      route,
      auth: stubAuth({ status: 'authenticated', token: 'stored.session.token', user: makeUser() }),
    },
  );
}

type Handler = (init: RequestInit | undefined) => Response;

/** A server: the provider list, the connections, and per-call handlers for the rest. */
function stubServer(routes: Record<string, Handler> = {}) {
  let connections: unknown[] = [GOOGLE];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (handler) {
      const response = handler(init);
      if (key.startsWith('DELETE') && response.status === 204) connections = [];
      return response;
    }
    if (url === '/api/auth/providers') return jsonResponse(PROVIDERS);
    if (url === '/api/users/me/connections') return jsonResponse(connections);
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('the connected accounts section', () => {
  const leaveFor = vi.fn();
  beforeEach(() => setProviderNavigator(leaveFor));
  afterEach(() => {
    setProviderNavigator(null);
    leaveFor.mockReset();
    vi.mocked(notify).mockReset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists each provider, connected with its email or ready to connect', async () => {
    stubServer();
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Connected accounts' })).toBeVisible();
    await waitFor(() =>
      expect(within(row('Google')).getByText(/ada@gmail\.example/)).toBeVisible(),
    );
    expect(within(row('Google')).getByRole('button', { name: 'Disconnect Google' })).toBeVisible();
    expect(within(row('Acme SSO')).getByText('Not connected')).toBeVisible();
    expect(within(row('Acme SSO')).getByRole('button', { name: 'Connect Acme SSO' })).toBeVisible();
  });

  it('shows nothing when the server offers no provider and nothing is connected', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      jsonResponse(url === '/api/auth/providers' ? { providers: [] } : []),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Connected accounts' })).not.toBeInTheDocument();
  });

  it('still lists a connection to a provider no longer offered, so it can be removed', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      jsonResponse(
        url === '/api/auth/providers'
          ? { providers: [] }
          : [{ provider: 'github', email: null, connected_at: '2026-01-01T00:00:00Z' }],
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    expect(await screen.findByRole('button', { name: 'Disconnect GitHub' })).toBeVisible();
  });

  it('connects with the session: a link start, then off to the provider', async () => {
    const fetchMock = stubServer({
      'POST /api/auth/oauth/oidc/start': () => jsonResponse({ url: AUTHORIZE_URL }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Connect Acme SSO' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(AUTHORIZE_URL));
    const start = fetchMock.mock.calls.find(([url]) => url === '/api/auth/oauth/oidc/start');
    expect(start![1]!.body).toBe(JSON.stringify({ intent: 'link' }));
    expect(new Headers(start![1]!.headers).get('Authorization')).toBe(
      'Bearer stored.session.token',
    );
  });

  it('disconnects only after the confirmation, then shows the provider as not connected', async () => {
    const fetchMock = stubServer({
      'DELETE /api/users/me/connections/google': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(within(row('Google')).getByText('Not connected')).toBeVisible());
    expect(deletes()).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ tone: 'success', message: 'Google is no longer connected.' }),
    );
  });

  it('cancelling the confirmation disconnects nothing', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('shows the 409 for the last way to sign in, with the way to set a password', async () => {
    stubServer({
      'DELETE /api/users/me/connections/google': () =>
        jsonResponse({ message: OAUTH_API_MESSAGES.lastSignInMethod }, 409),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByText(OAUTH_API_MESSAGES.lastSignInMethod)).toBeVisible();
    const setPassword = within(dialog).getByRole('link', { name: 'Set a password' });
    expect(setPassword).toHaveAttribute('href', '/profile#set-password');
    expect(within(row('Google')).getByText(/ada@gmail\.example/)).toBeInTheDocument();
    await user.click(setPassword);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a connect worked once, by the provider name, then drops ?connected', async () => {
    stubServer();
    renderSection('/profile?connected=oidc');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ tone: 'success', message: 'Acme SSO is now connected.' }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('says nothing for a ?connected that is not one of our providers', async () => {
    stubServer();
    renderSection(`/profile?connected=${encodeURIComponent('<b>evil</b>')}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows a failed connect (?oauth_error) as its fixed message', async () => {
    stubServer();
    renderSection('/profile?oauth_error=already_linked_elsewhere');
    expect(await screen.findByText(OAUTH_ERROR_MESSAGES.already_linked_elsewhere)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
  });
});
