import { EMAIL_LINK_PAGES, SHARED_PATHS } from '@focusroom/core';
import { describe, expect, it } from 'vitest';
import {
  confirmEmailChangePath,
  undoEmailChangePath,
  AFTER_SIGN_IN_PATH,
  ROUTE_IDS,
  ROUTES,
  SESSION_EXPIRED_LOGIN_PATH,
  canOpen,
  isGuardExemptPath,
  isNoSessionExpiredRedirectPath,
  isProtectedPath,
  navRouteIdOf,
  playlistPath,
  resendVerificationPath,
  resetPasswordPath,
  routeDefinition,
  routeIdOf,
  verifyEmailPath,
  type RouteId,
} from './paths';

/** A concrete address of a route: any `:name` segment becomes `x`. */
const example = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x');

describe('the route registry', () => {
  it('lists the route table of product §2, each path once', () => {
    const paths = ROUTE_IDS.map((id) => ROUTES[id].path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [
        '/',
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password/:token',
        '/about',
        '/oauth-callback',
        '/privacy',
        '/terms',
        '/verify-email',
        '/verify-email/:token',
        '/resend-verification',
        '/confirm-email/:token',
        '/undo-email-change/:token',
        '/dashboard',
        '/stats',
        '/profile',
        '/themes',
        '/playlists',
        '/playlist/:id',
        '/help',
        '/admin',
      ].sort(),
    );
  });

  it('puts the signed-in pages behind sign-in and /admin behind the admin level', () => {
    const byAccess = (access: string) =>
      ROUTE_IDS.filter((id) => ROUTES[id].access === access).map((id) => ROUTES[id].path);
    expect(byAccess('signedIn').sort()).toEqual(
      [
        '/dashboard',
        '/stats',
        '/profile',
        '/themes',
        '/playlists',
        '/playlist/:id',
        '/help',
      ].sort(),
    );
    expect(byAccess('admin')).toEqual(['/admin']);
  });

  it('builds the parameterised addresses, one encoded segment each', () => {
    expect(resetPasswordPath('abc')).toBe('/reset-password/abc');
    expect(verifyEmailPath('a/b c')).toBe('/verify-email/a%2Fb%20c');
    expect(playlistPath('p1')).toBe('/playlist/p1');
    expect(routeIdOf(verifyEmailPath('a/b c'))).toBe('verifyEmail');
  });

  it('opens every mailed link at the path the server builds it with (core EMAIL_LINK_PAGES)', () => {
    expect(ROUTES.verifyEmail.path).toBe(`${EMAIL_LINK_PAGES.verifyEmail}/:token`);
    expect(ROUTES.resetPassword.path).toBe(`${EMAIL_LINK_PAGES.resetPassword}/:token`);
    expect(ROUTES.confirmEmailChange.path).toBe(`${EMAIL_LINK_PAGES.confirmEmailChange}/:token`);
    expect(ROUTES.undoEmailChange.path).toBe(`${EMAIL_LINK_PAGES.undoEmailChange}/:token`);
    expect(confirmEmailChangePath('a/b')).toBe('/confirm-email/a%2Fb');
    expect(undoEmailChangePath('t')).toBe('/undo-email-change/t');
  });

  it('has a route for every page the server links or redirects to (core SHARED_PATHS)', () => {
    for (const path of Object.values(SHARED_PATHS)) {
      expect(routeIdOf(path) ?? routeIdOf(`${path}/token`), path).not.toBeNull();
    }
    expect(routeIdOf(SHARED_PATHS.oauthCallback)).toBe('oauthCallback');
    expect(routeIdOf(SHARED_PATHS.profile)).toBe('profile');
  });

  it('pre-fills the resend page only when there is an address', () => {
    expect(resendVerificationPath()).toBe('/resend-verification');
    expect(resendVerificationPath('')).toBe('/resend-verification');
    expect(resendVerificationPath('ada@example.com')).toBe(
      '/resend-verification?email=ada%40example.com',
    );
  });

  it('names the fixed destinations', () => {
    expect(SESSION_EXPIRED_LOGIN_PATH).toBe('/login?session_expired=true');
    expect(AFTER_SIGN_IN_PATH).toBe('/dashboard');
  });

  it('matches a path to its route, ignoring a trailing slash, and nothing to an unknown path', () => {
    expect(routeIdOf('/')).toBe('home');
    expect(routeIdOf('/stats/')).toBe('stats');
    expect(routeIdOf('/playlist/p1')).toBe('playlist');
    expect(routeIdOf('/verify-email')).toBe('verifyEmailWithoutToken');
    expect(routeIdOf('/playlist')).toBeNull();
    expect(routeIdOf('/playlist/p1/extra')).toBeNull();
    expect(routeIdOf('/dashboard/extra')).toBeNull();
    expect(routeIdOf('/nowhere')).toBeNull();
  });

  it("lights a detail page's list in the nav: a playlist's page shows Playlists as current", () => {
    expect(navRouteIdOf(playlistPath('p1'))).toBe('playlists');
    expect(navRouteIdOf('/playlists')).toBe('playlists');
    expect(navRouteIdOf('/stats')).toBe('stats');
    expect(navRouteIdOf('/nowhere')).toBeNull();
  });

  it('names only routes that are in the nav as a navParent', () => {
    for (const id of ROUTE_IDS) {
      const parent: string | undefined = routeDefinition(id).navParent;
      if (parent === undefined) continue;
      expect(ROUTE_IDS, `${id}'s navParent`).toContain(parent);
      expect(routeDefinition(parent as RouteId).nav, `${id}'s navParent`).toBeDefined();
    }
  });
});

describe('access levels', () => {
  it('let visitors into public routes only, users into signed-in ones, admins everywhere', () => {
    expect(canOpen('public', 'visitor')).toBe(true);
    expect(canOpen('signedIn', 'visitor')).toBe(false);
    expect(canOpen('admin', 'visitor')).toBe(false);
    expect(canOpen('signedIn', 'user')).toBe(true);
    expect(canOpen('admin', 'user')).toBe(false);
    expect(canOpen('admin', 'admin')).toBe(true);
    expect(canOpen('signedIn', 'admin')).toBe(true);
  });
});

describe('the path rules derived from the registry', () => {
  it.each(ROUTE_IDS)('protect the %s route exactly when it is not public', (id) => {
    const path = example(ROUTES[id].path);
    expect(isProtectedPath(path)).toBe(ROUTES[id].access !== 'public');
    expect(isGuardExemptPath(path)).toBe(ROUTES[id].access === 'public');
  });

  it('exempt from the global guard its listed pages plus the verification pages (product §2)', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/abc',
      '/privacy',
      '/terms',
      '/about',
      '/oauth-callback',
      '/verify-email',
      '/verify-email/abc',
      '/resend-verification',
      '/confirm-email/abc',
      '/undo-email-change/abc',
    ]) {
      expect(isGuardExemptPath(path), path).toBe(true);
    }
    expect(isGuardExemptPath('/dashboard')).toBe(false);
    expect(isGuardExemptPath('/nowhere')).toBe(false);
    expect(isProtectedPath('/nowhere')).toBe(false);
  });

  it('keep the page on a 401 on login, register and the email-link pages (decision 007) only', () => {
    const keep = ROUTE_IDS.filter((id) =>
      isNoSessionExpiredRedirectPath(example(ROUTES[id].path)),
    ).map((id) => ROUTES[id].path);
    expect(keep.sort()).toEqual(
      [
        '/login',
        '/register',
        '/reset-password/:token',
        '/verify-email',
        '/verify-email/:token',
        '/resend-verification',
        '/confirm-email/:token',
        '/undo-email-change/:token',
      ].sort(),
    );
    expect(isNoSessionExpiredRedirectPath('/login/')).toBe(true);
    expect(isNoSessionExpiredRedirectPath('/reset-password/abc')).toBe(true);
    expect(isNoSessionExpiredRedirectPath('/nowhere')).toBe(false);
  });
});
