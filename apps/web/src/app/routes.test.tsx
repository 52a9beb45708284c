import type { User } from '@focusroom/core/schemas';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubAuth } from '../../test/render';
import { AppRoutes } from './routes';

const USER: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  is_verified: true,
  is_admin: false,
  role: 'user',
  avatarUrl: null,
  bio: null,
  time_zone: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

/** Shows the router's current path so tests can read where a redirect went. */
function WhereAmI() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(route: string, auth = stubAuth()) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <WhereAmI />
    </>,
    { route, auth },
  );
}

const signedIn = () => stubAuth({ status: 'authenticated', user: USER, token: 't' });

describe('routes', () => {
  it.each([
    '/dashboard',
    '/stats',
    '/profile',
    '/themes',
    '/playlists',
    '/playlist/p1',
    '/help',
    '/admin',
  ])('sends a signed-out visitor from %s to /login', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('shows a spinner labelled Loading on a protected route while auth loads', () => {
    renderAt('/dashboard', stubAuth({ status: 'loading' }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the page shell of a protected route to a signed-in user', async () => {
    renderAt('/dashboard', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each([
    ['/stats', 'Statistics'],
    ['/themes', 'Themes'],
    ['/playlists', 'Playlists'],
    ['/playlist/p1', 'Playlist'],
    ['/admin', 'Admin'],
    ['/help', 'Help'],
  ])('renders %s with its heading %s', async (path, heading) => {
    renderAt(path, signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/nowhere', '/dashboard/extra', '/playlist'])(
    'redirects the unknown path %s to /',
    async (path) => {
      renderAt(path);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(
        await screen.findByRole('heading', { level: 1, name: /your calm room for deep work/i }),
      ).toBeInTheDocument();
    },
  );

  it.each([
    ['/about', 'About Focusroom'],
    ['/privacy', 'Privacy policy'],
    ['/terms', 'Terms of use'],
    ['/forgot-password', 'Forgot your password?'],
    ['/register', 'Create your account'],
    ['/resend-verification', 'Resend verification email'],
    ['/verify-email', 'Email verification'],
  ])('leaves the public page %s to signed-out visitors', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it('shows the signed-out items in the top bar', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('About');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Focusroom' })).toHaveAttribute('href', '/');
  });

  it('shows the signed-in items, the username and Logout in the top bar', () => {
    renderAt('/', signedIn());
    for (const name of ['About', 'Profile', 'Dashboard', 'Stats', 'Playlists', 'Themes']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('asks an unverified user to verify, linking to the resend page with the address', () => {
    renderAt(
      '/',
      stubAuth({ status: 'authenticated', user: { ...USER, is_verified: false }, token: 't' }),
    );
    expect(screen.getByText('Please verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new verification link' })).toHaveAttribute(
      'href',
      '/resend-verification?email=ada%40example.com',
    );
  });
});
