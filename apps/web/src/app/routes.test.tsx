import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../test/render';
import {
  ROUTE_IDS,
  ROUTES,
  playlistPath,
  resetPasswordPath,
  verifyEmailPath,
  confirmEmailChangePath,
  undoEmailChangePath,
  routeDefinition,
  type RouteId,
} from './paths';
import { AppRoutes, lazyPageExportOf } from './routes';
import { makeUser } from '../../test/fixtures';

const USER = makeUser();

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
const signedInAdmin = () =>
  stubAuth({
    status: 'authenticated',
    user: { ...USER, is_admin: true, role: 'admin' },
    token: 't',
  });

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
  ])('sends a signed-out visitor from %s to /login, remembering the page', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const expected = path === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
    expect(screen.getByTestId('location').textContent).toBe(expected);
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
    ['/help', 'Help'],
  ])('renders %s with its heading %s', async (path, heading) => {
    renderAt(path, signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('renders /admin with its heading Admin for an admin', async () => {
    renderAt('/admin', signedInAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });

  it('tells a signed-in non-admin on /admin that the page is not allowed, with a way to the dashboard', async () => {
    renderAt('/admin', signedIn());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not allowed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This page is only for administrators.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Admin' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
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

/** A concrete address of each route: parameterised routes through their builders. */
const EXAMPLE_PATHS: Record<RouteId, string> = {
  ...(Object.fromEntries(ROUTE_IDS.map((id) => [id, ROUTES[id].path])) as Record<RouteId, string>),
  resetPassword: resetPasswordPath('some-token'),
  verifyEmail: verifyEmailPath('some-token'),
  confirmEmailChange: confirmEmailChangePath('some-token'),
  undoEmailChange: undoEmailChangePath('some-token'),
  playlist: playlistPath('p1'),
};

/** The h1 each route's page shows (the email-link pages after the server refused the link). */
const PAGE_HEADINGS: Record<RouteId, string | RegExp> = {
  home: /your calm room for deep work/i,
  about: 'About Focusroom',
  login: 'Log in',
  register: 'Create your account',
  forgotPassword: 'Forgot your password?',
  resetPassword: 'This reset link does not work',
  oauthCallback: 'Sign-in did not complete',
  privacy: 'Privacy policy',
  terms: 'Terms of use',
  verifyEmailWithoutToken: 'Email verification',
  verifyEmail: 'Email verification',
  resendVerification: 'Resend verification email',
  confirmEmailChange: 'Confirm your new email',
  undoEmailChange: 'Undo the email change',
  profile: 'Profile',
  dashboard: 'Dashboard',
  stats: 'Statistics',
  playlists: 'Playlists',
  themes: 'Themes',
  admin: 'Admin',
  playlist: 'Playlist',
  help: 'Help',
};

describe('the router and the route registry (app/paths.ts)', () => {
  beforeEach(() => {
    // Pages that ask the server get a refusal, so each settles on a page of its own.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Invalid or expired link' }, 400)),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has a page heading for every registry route and none besides', () => {
    expect(Object.keys(PAGE_HEADINGS).sort()).toEqual([...ROUTE_IDS].sort());
  });

  it.each(ROUTE_IDS)(
    'renders the page of %s at its path for whoever its access admits',
    async (id) => {
      const path = EXAMPLE_PATHS[id];
      renderAt(path, ROUTES[id].access === 'public' ? stubAuth() : signedInAdmin());
      expect(
        await screen.findByRole('heading', { level: 1, name: PAGE_HEADINGS[id] }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('location').textContent).toBe(path);
    },
  );

  it.each(ROUTE_IDS.filter((id) => ROUTES[id].access !== 'public'))(
    'sends a signed-out visitor from the %s route to /login, remembering the page asked for',
    async (id) => {
      const path = EXAMPLE_PATHS[id];
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
      // Sign-in lands on the dashboard anyway, so only the other pages travel in `next`.
      const expected = id === 'dashboard' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
      expect(screen.getByTestId('location').textContent).toBe(expected);
    },
  );

  it('names the export of every pre-rendered lazy page, for the build to link its chunk', () => {
    const prerendered = ROUTE_IDS.filter((id) => routeDefinition(id).prerendered === true);
    expect(prerendered.map((id) => [id, lazyPageExportOf(ROUTES[id].path)])).toEqual([
      ['home', undefined],
      ['about', 'AboutPage'],
      ['login', 'LoginPage'],
      ['register', 'RegisterPage'],
      ['forgotPassword', 'ForgotPasswordPage'],
      ['privacy', 'PrivacyPage'],
      ['terms', 'TermsPage'],
      ['resendVerification', 'ResendVerificationPage'],
    ]);
  });
});
