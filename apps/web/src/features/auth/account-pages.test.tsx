import { MESSAGES } from '@focusroom/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';

function WhereAmI() {
  const { pathname, search, hash } = useLocation();
  return <div data-testid="location">{`${pathname}${search}${hash}`}</div>;
}

function renderAt(route: string, auth = stubAuth()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/stats" element={<h1>Stats</h1>} />
      </Routes>
      <WhereAmI />
    </>,
    { route, auth },
  );
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, confirm: string) {
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough-pw');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

// Typing five fields key by key takes seconds on a busy two-core machine; the default 5 s
// timeout turned load into failures.
describe('the register page', { timeout: 20_000 }, () => {
  it("says 'Passwords do not match' and sends nothing", async () => {
    const auth = stubAuth();
    const user = userEvent.setup();
    renderAt('/register', auth);
    await fillRegistration(user, 'something-else');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('shows a server field error once, on its field, and clears it when the field is edited', async () => {
    const auth = stubAuth({
      register: vi.fn(async () => ({
        success: false,
        message: 'That username is taken',
        errors: { username: 'That username is taken' },
      })),
    });
    const user = userEvent.setup();
    renderAt('/register', auth);
    await fillRegistration(user, 'long-enough-pw');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('That username is taken')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(username, '2');
    expect(username).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('That username is taken')).toBeNull();
  });

  it('shows a message no field owns above the form until the user edits again', async () => {
    const auth = stubAuth({
      register: vi.fn(async () => ({ success: false, message: 'Too many attempts' })),
    });
    const user = userEvent.setup();
    renderAt('/register', auth);
    await fillRegistration(user, 'long-enough-pw');
    expect(await screen.findAllByText('Too many attempts')).toHaveLength(1);
    await user.type(screen.getByLabelText('Email'), 'm');
    expect(screen.queryByText('Too many attempts')).toBeNull();
  });

  it('signs the new user straight into the dashboard, where the app asks them to verify', async () => {
    const auth = stubAuth();
    const user = userEvent.setup();
    renderAt('/register', auth);
    await fillRegistration(user, 'long-enough-pw');
    expect(auth.register).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'long-enough-pw',
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('goes on to the page the user asked for', async () => {
    const user = userEvent.setup();
    renderAt('/register?next=%2Fstats');
    await fillRegistration(user, 'long-enough-pw');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/stats$/));
  });

  it.each([
    ['/register?next=%2Fstats', '/login?next=%2Fstats'],
    ['/register?next=%2F%2Fevil.example', '/login'],
    ['/register', '/login'],
  ])('from %s, "Log in" keeps the page asked for: %s', (route, href) => {
    renderAt(route);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', href);
  });

  it('never follows a return address to another site', async () => {
    const user = userEvent.setup();
    renderAt('/register?next=%2F%2Fevil.example');
    await fillRegistration(user, 'long-enough-pw');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });
});

describe('the forgot-password page', () => {
  it('shows the same confirmation for any address the server accepts', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ success: true, message: 'If it exists...' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for nobody@example.com',
    );
  });
});

describe('the reset-password page', () => {
  it('checks the link first and offers a new one when it is invalid', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Invalid or expired link' }, 400));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/reset-password/expired');
    expect(
      await screen.findByRole('heading', { name: 'This reset link does not work' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/verify-reset-token/expired',
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', async () => jsonResponse({ message: 'Service unavailable' }, 503)],
    ['a 500', async () => new Response(null, { status: 500 })],
  ])('offers to try again after %s instead of calling the link broken', async (_case, fail) => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockImplementationOnce(fail)
      .mockResolvedValueOnce(jsonResponse({ valid: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/reset-password/good');

    expect(await screen.findByText('We could not check this link right now.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This reset link does not work' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sets the new password and tells the user to log in', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ valid: true }))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: 'Password reset' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/reset-password/good');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/auth/reset-password',
      expect.objectContaining({
        body: JSON.stringify({ token: 'good', newPassword: 'brand-new-password' }),
      }),
    );
  });
});
