import { MESSAGES } from '@focusroom/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { AuthProvider } from './auth-provider';
import { createAuthMachine } from './auth-machine';
import { LoginPage } from './login-page';

function renderLogin(route = '/login', auth = stubAuth()) {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      <Route path="/stats" element={<h1>Statistics</h1>} />
    </Routes>,
    { route, auth },
  );
}

describe('the login page', () => {
  it('labels its fields and checks both are filled before asking the server', async () => {
    const auth = stubAuth();
    const user = userEvent.setup();
    renderLogin('/login', auth);

    expect(screen.getByLabelText(/^Email or username/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.loginRequired)).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('tells the user when the session expired', () => {
    renderLogin('/login?session_expired=true');
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });

  it('signs in and lands on the dashboard', async () => {
    const auth = stubAuth();
    const user = userEvent.setup();
    renderLogin('/login', auth);
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth.login).toHaveBeenCalledWith({
      identifier: 'ada',
      password: 'secret-password',
      rememberMe: true,
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['/login?next=%2Fstats', 'Statistics'],
    ['/login?session_expired=true&next=%2Fstats', 'Statistics'],
    ['/login?next=%2F%2Fevil.example', 'Dashboard'],
    ['/login?next=https%3A%2F%2Fevil.example%2Fstats', 'Dashboard'],
    ['/login?next=%2Fregister', 'Dashboard'],
  ])('signing in from %s lands on the %s page', async (route, heading) => {
    const auth = stubAuth();
    const user = userEvent.setup();
    renderLogin(route, auth);
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('shows the server message and a resend link for an unverified account', async () => {
    const auth = stubAuth({
      login: vi.fn(async () => ({
        success: false,
        message: 'Please verify your email before logging in',
        needsVerification: true,
        email: 'ada@example.com',
      })),
    });
    const user = userEvent.setup();
    renderLogin('/login', auth);
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Please verify your email before logging in'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resend the verification email' })).toHaveAttribute(
      'href',
      '/resend-verification?email=ada%40example.com',
    );
  });

  it.each([
    ['/login?next=%2Fstats', '/register?next=%2Fstats'],
    [
      '/login?session_expired=true&next=%2Fstats%3Frange%3D30',
      '/register?next=%2Fstats%3Frange%3D30',
    ],
    ['/login?next=https%3A%2F%2Fevil.example', '/register'],
    ['/login', '/register'],
  ])('from %s, "Create an account" keeps the page asked for: %s', (route, href) => {
    renderLogin(route);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', href);
  });

  it('keeps the page asked for on the way to the resend page', async () => {
    const auth = stubAuth({
      login: vi.fn(async () => ({
        success: false,
        message: 'Please verify your email before logging in',
        needsVerification: true,
        email: 'ada@example.com',
      })),
    });
    const user = userEvent.setup();
    renderLogin('/login?next=%2Fstats', auth);
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByRole('link', { name: 'Resend the verification email' }),
    ).toHaveAttribute('href', '/resend-verification?email=ada%40example.com&next=%2Fstats');
  });

  it('stays usable for a signed-in user, saying who is signed in', () => {
    renderLogin(
      '/login',
      stubAuth({
        status: 'authenticated',
        token: 't',
        user: makeUser({ name: 'Ada', created_at: '' }),
      }),
    );
    expect(screen.getByText(/You are signed in as @ada/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('offers a signed-in user the dashboard in one sentence, the link inside it', () => {
    renderLogin(
      '/login',
      stubAuth({
        status: 'authenticated',
        token: 't',
        user: makeUser({ name: 'Ada', created_at: '' }),
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are signed in as @ada. Continue to your dashboard, or log in with another account below.',
    );
    expect(screen.getByRole('link', { name: 'Continue to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows the server message for a wrong password and keeps the signed-in user signed in', async () => {
    const signedIn = makeUser({ name: 'Ada', created_at: '' });
    localStorage.setItem('token', 'stored.session.token');
    localStorage.setItem('user', JSON.stringify(signedIn));
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/login'
          ? jsonResponse({ message: 'Invalid email/username or password' }, 401)
          : jsonResponse(signedIn),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <AuthProvider machine={createAuthMachine()}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </AuthProvider>,
      { route: '/login' },
    );
    expect(screen.getByText(/You are signed in as @ada/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email or username/), 'grace');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid email/username or password')).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as @ada/)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('stored.session.token');
  });
});
