import { AUTH_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { ProfilePage } from './profile-page';

/** The server: no providers or connections, and the forgot-password request answers `forgot`. */
function stubServer(forgot: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/auth/forgot-password') return forgot();
    if (url === '/api/users/me/connections') return jsonResponse([]);
    return jsonResponse({ providers: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function forgotCalls(fetchMock: ReturnType<typeof stubServer>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth/forgot-password');
}

function renderProfile(user = makeUser({ email: 'ada@idp.example', has_password: false })) {
  const auth = stubAuth({ status: 'authenticated', user, token: 't' });
  renderWithProviders(<ProfilePage />, { route: '/profile', auth });
  return auth;
}

// Rendering the whole page takes seconds on a busy two-core machine.
describe('the profile password section', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to set a password, not to change one, for an account without a password', () => {
    stubServer(() => jsonResponse({}));
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    expect(screen.getByText('ada@idp.example')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeInTheDocument();
  });

  it.each([
    ['has one', true],
    ['is not known to lack one (a user stored before the field)', undefined],
  ])('keeps "Change password" for an account that %s', (_name, hasPassword) => {
    stubServer(() => jsonResponse({}));
    renderProfile(makeUser(hasPassword === undefined ? {} : { has_password: hasPassword }));
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set a password' })).not.toBeInTheDocument();
  });

  it('asks an account without a password to set one before changing its email or deleting it', async () => {
    const user = userEvent.setup();
    stubServer(() => jsonResponse({}));
    renderProfile();

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(i18n._(PROFILE_PAGE_MESSAGES.emailNeedsPassword));
    await user.type(email, 'x');
    expect(email).toHaveValue('ada@idp.example');
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();

    expect(screen.getByText(i18n._(PROFILE_PAGE_MESSAGES.deleteNeedsPassword))).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete account' });
    expect(remove).toBeDisabled();
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an account with a password change its email and open the delete dialog', async () => {
    const user = userEvent.setup();
    stubServer(() => jsonResponse({}));
    renderProfile(makeUser({ has_password: true }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).not.toHaveAttribute('readonly');
    expect(
      screen.queryByText(i18n._(PROFILE_PAGE_MESSAGES.deleteNeedsPassword)),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  });

  it("mails the reset link to the account's address once and says so in the server's words", async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer(() =>
      jsonResponse({ success: true, message: AUTH_MESSAGES.forgotSent }),
    );
    renderProfile();

    await user.click(screen.getByRole('button', { name: 'Email me a link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.forgotSent);
    const calls = forgotCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]!.method).toBe('POST');
    expect(calls[0]![1]!.body).toBe(JSON.stringify({ email: 'ada@idp.example' }));
    expect(screen.getByRole('button', { name: 'Send another link' })).toBeInTheDocument();
  });

  it("shows a refusal in the server's words and nothing as sent", async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer(() =>
      jsonResponse({ message: 'Too many requests. Please try again later.' }, 429),
    );
    renderProfile();

    await user.click(screen.getByRole('button', { name: 'Email me a link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(forgotCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeInTheDocument();
  });
});
