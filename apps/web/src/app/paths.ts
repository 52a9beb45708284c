/**
 * The route registry: every route of the app once, with who may open it, where it sits in the
 * top bar and the drawer, and what a 401 does on it (product §2, §6). The router, the guards,
 * the navigation and the API client's 401 handling derive from this file; links use its paths
 * and builders instead of string literals.
 *
 * A LEAF module: it imports nothing from the app's own folders, only core's shared path list
 * (the pages the server links and redirects to). That keeps it the one file of app/ that
 * features, lib and components may import (lint allows exactly this exception to "features, lib
 * and components import no app/").
 */
import { SHARED_PATHS } from '@focusroom/core';

/** Who may open a route: everyone, signed-in users, or signed-in users with `is_admin`. */
export type RouteAccess = 'public' | 'signedIn' | 'admin';

/** Who is looking: a signed-out visitor, a signed-in user, or a signed-in admin. */
export type Viewer = 'visitor' | 'user' | 'admin';

export interface NavPlacement {
  /** Position in the top bar and the drawer, smallest first. */
  readonly order: number;
  /** `allowed`: whoever the route's access admits; `signedOut`: only visitors (login, register). */
  readonly shownTo: 'allowed' | 'signedOut';
  /** Only in the small-screen drawer (the bar's brand link already leads home). */
  readonly drawerOnly?: boolean;
  /** The bar shows it as a button rather than a plain link. */
  readonly prominent?: boolean;
}

export interface RouteDefinition {
  /** A React Router pattern: `:name` stands for one path segment. */
  readonly path: string;
  readonly access: RouteAccess;
  /** Where the route appears in the top bar and the drawer; absent for routes reached by links. */
  readonly nav?: NavPlacement;
  /**
   * A 401 here ends the session but does not send the user to the session-expired login: login
   * and register (product §2), and the pages opened from an email, whose link token a redirect
   * would lose (docs/decisions/007).
   */
  readonly keepPageOn401?: boolean;
  /**
   * A page reached from a list and not in the nav itself: the id of the route whose nav item is
   * shown as the current one on it (a playlist's page lights "Playlists").
   */
  readonly navParent?: string;
  /**
   * The build pre-renders the page into its own HTML file (docs/decisions/039): a public page
   * whose path holds no token and whose query does not decide what it shows. Its page is in the
   * main chunk (/) or a lazy page the browser loads before hydrating (routes.tsx, `lazyPage`).
   */
  readonly prerendered?: boolean;
}

/**
 * A place in the top bar and the drawer, shown to whoever the route's access admits unless told.
 * Its words are in the reader's language, so they live with the other words (layout/nav-items.ts).
 */
function inNav(order: number, more: Partial<NavPlacement> = {}): NavPlacement {
  return { order, shownTo: 'allowed', ...more };
}

/** The route table of product §2. Unknown paths go to `/` (the router's catch-all). */
export const ROUTES = {
  home: {
    path: '/',
    access: 'public',
    nav: inNav(1, { drawerOnly: true }),
    prerendered: true,
  },
  about: { path: '/about', access: 'public', nav: inNav(2), prerendered: true },
  login: {
    path: '/login',
    access: 'public',
    nav: inNav(20, { shownTo: 'signedOut' }),
    keepPageOn401: true,
    prerendered: true,
  },
  register: {
    path: '/register',
    access: 'public',
    nav: inNav(21, { shownTo: 'signedOut', prominent: true }),
    keepPageOn401: true,
    prerendered: true,
  },
  forgotPassword: { path: '/forgot-password', access: 'public', prerendered: true },
  resetPassword: {
    path: `${SHARED_PATHS.resetPassword}/:token`,
    access: 'public',
    keepPageOn401: true,
  },
  oauthCallback: { path: SHARED_PATHS.oauthCallback, access: 'public' },
  privacy: { path: '/privacy', access: 'public', prerendered: true },
  terms: { path: '/terms', access: 'public', prerendered: true },
  /** Without a token the page explains that the link is incomplete. */
  verifyEmailWithoutToken: {
    path: SHARED_PATHS.verifyEmail,
    access: 'public',
    keepPageOn401: true,
  },
  verifyEmail: {
    path: `${SHARED_PATHS.verifyEmail}/:token`,
    access: 'public',
    keepPageOn401: true,
  },
  resendVerification: {
    path: '/resend-verification',
    access: 'public',
    keepPageOn401: true,
    prerendered: true,
  },
  /** Mailed to a new address: confirms it (decision 050). Core's EMAIL_LINK_PAGES names it too. */
  confirmEmailChange: {
    path: `${SHARED_PATHS.confirmEmailChange}/:token`,
    access: 'public',
    keepPageOn401: true,
  },
  /** Mailed to the old address: undoes the change and signs out every device, this one too. */
  undoEmailChange: {
    path: `${SHARED_PATHS.undoEmailChange}/:token`,
    access: 'public',
    keepPageOn401: true,
  },
  profile: { path: SHARED_PATHS.profile, access: 'signedIn', nav: inNav(10) },
  dashboard: { path: '/dashboard', access: 'signedIn', nav: inNav(11) },
  stats: { path: '/stats', access: 'signedIn', nav: inNav(12) },
  playlists: { path: '/playlists', access: 'signedIn', nav: inNav(13) },
  themes: { path: '/themes', access: 'signedIn', nav: inNav(14) },
  admin: { path: '/admin', access: 'admin', nav: inNav(15) },
  playlist: { path: '/playlist/:id', access: 'signedIn', navParent: 'playlists' },
  help: { path: '/help', access: 'signedIn' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof ROUTES;

/** Every route id, in the registry's order. */
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** The registry entry of a route, widened to the common shape. */
export function routeDefinition(id: RouteId): RouteDefinition {
  return ROUTES[id];
}

/** Fills a pattern's `:name` segments; each value is encoded as one path segment. */
function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

export function resetPasswordPath(token: string): string {
  return fill(ROUTES.resetPassword.path, { token });
}

export function verifyEmailPath(token: string): string {
  return fill(ROUTES.verifyEmail.path, { token });
}

export function confirmEmailChangePath(token: string): string {
  return fill(ROUTES.confirmEmailChange.path, { token });
}

export function undoEmailChangePath(token: string): string {
  return fill(ROUTES.undoEmailChange.path, { token });
}

export function playlistPath(id: string): string {
  return fill(ROUTES.playlist.path, { id });
}

/** The resend page; with an address, its optional `email` query pre-fills the form (product §2). */
export function resendVerificationPath(email?: string): string {
  const path = ROUTES.resendVerification.path;
  return email ? `${path}?email=${encodeURIComponent(email)}` : path;
}

/** Where a 401 sends the user (product §2), and where a signed-out user goes after one. */
export const SESSION_EXPIRED_LOGIN_PATH = `${ROUTES.login.path}?session_expired=true`;

/** Where the user lands after signing in (product §2). */
export const AFTER_SIGN_IN_PATH = ROUTES.dashboard.path;

/** Whether `access` lets `viewer` in. */
export function canOpen(access: RouteAccess, viewer: Viewer): boolean {
  if (access === 'public') return true;
  if (access === 'signedIn') return viewer !== 'visitor';
  return viewer === 'admin';
}

/** Paths are compared without a trailing slash. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string, pathname: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

/** The route a pathname opens, or null for an unknown path. */
export function routeIdOf(pathname: string): RouteId | null {
  return ROUTE_IDS.find((id) => matches(ROUTES[id].path, pathname)) ?? null;
}

/**
 * The route whose nav item is the current one on a pathname: the route itself, or for a page
 * with a `navParent` (a list's detail page), that route. Null for an unknown path.
 */
export function navRouteIdOf(pathname: string): RouteId | null {
  const id = routeIdOf(pathname);
  if (id === null) return null;
  const parent = routeDefinition(id).navParent;
  return parent === undefined ? id : (ROUTE_IDS.find((other) => other === parent) ?? null);
}

/** Routes behind sign-in (signed in or admin): a signed-out user goes to /login. */
export function isProtectedPath(pathname: string): boolean {
  const id = routeIdOf(pathname);
  return id !== null && ROUTES[id].access !== 'public';
}

/**
 * The global guard leaves every public route alone: the original exemption list plus the
 * verification pages, because public routes always win (decided, product §2).
 */
export function isGuardExemptPath(pathname: string): boolean {
  const id = routeIdOf(pathname);
  return id !== null && ROUTES[id].access === 'public';
}

/** Where a 401 clears the session without sending the user to the session-expired login. */
export function isNoSessionExpiredRedirectPath(pathname: string): boolean {
  const id = routeIdOf(pathname);
  return id !== null && routeDefinition(id).keepPageOn401 === true;
}
