import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '../components/centered-loader';
import { isSessionExpired } from '../features/auth';
import { useAuth } from '../lib/auth-context';
import { loginPathReturningTo } from '../lib/return-path';
import { NotAllowedPage } from './not-allowed-page';
import { canOpen, isGuardExemptPath, isProtectedPath, type RouteAccess } from './paths';
import { useViewer } from './use-viewer';

/**
 * Where a signed-out user is sent: the login page (the session-expired address after a 401),
 * which brings them back to the page they asked for once they sign in (product §2).
 */
function loginPath(from: string): string {
  return loginPathReturningTo(from, isSessionExpired());
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
    return (
      <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
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
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const mustSignIn =
    initialized &&
    status === 'unauthenticated' &&
    !isGuardExemptPath(pathname) &&
    isProtectedPath(pathname);
  useEffect(() => {
    if (mustSignIn) void navigate(loginPath(`${pathname}${search}${hash}`), { replace: true });
  }, [mustSignIn, navigate, pathname, search, hash]);
  return null;
}
