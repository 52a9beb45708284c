import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '../components/centered-loader';
import { useAuth } from '../lib/auth-context';
import { isSessionExpired } from '../lib/storage';
import { NotAllowedPage } from './not-allowed-page';
import {
  ROUTES,
  SESSION_EXPIRED_LOGIN_PATH,
  canOpen,
  isGuardExemptPath,
  isProtectedPath,
  type RouteAccess,
} from './paths';
import { useViewer } from './use-viewer';

/** Where a signed-out user is sent: the session-expired address after a 401 (product §2). */
function loginPath(): string {
  return isSessionExpired() ? SESSION_EXPIRED_LOGIN_PATH : ROUTES.login.path;
}

interface ProtectedRouteProps {
  /** The access level of the routes inside (app/paths.ts); signed in unless told. */
  access?: Exclude<RouteAccess, 'public'>;
}

/**
 * Product §2: a spinner while auth loads; signed-out users go to /login. A signed-in user the
 * level does not admit (a non-admin on an admin route) is told so instead of seeing the page.
 */
export function ProtectedRoute({ access = 'signedIn' }: ProtectedRouteProps) {
  const { status } = useAuth();
  const viewer = useViewer();
  const location = useLocation();
  if (status === 'loading') return <CenteredLoader />;
  if (status !== 'authenticated') {
    return <Navigate to={loginPath()} replace state={{ from: location.pathname }} />;
  }
  if (!canOpen(access, viewer)) return <NotAllowedPage />;
  return <Outlet />;
}

/**
 * The global guard of product §2: once auth has initialised, unauthenticated users on any path
 * it does not exempt go to /login. Unknown paths are left to the catch-all, which sends them to /.
 */
export function GlobalAuthGuard() {
  const { initialized, status } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mustSignIn =
    initialized &&
    status === 'unauthenticated' &&
    !isGuardExemptPath(pathname) &&
    isProtectedPath(pathname);
  useEffect(() => {
    if (mustSignIn) void navigate(loginPath(), { replace: true });
  }, [mustSignIn, navigate]);
  return null;
}
