import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '../components/centered-loader';
import { useAuth } from '../lib/auth-context';
import {
  SESSION_EXPIRED_LOGIN_PATH,
  isGuardExemptPath,
  isProtectedPath,
} from '../lib/route-access';
import { isSessionExpired } from '../lib/storage';

/** Where a signed-out user is sent: the session-expired address after a 401 (SPEC §2). */
function loginPath(): string {
  return isSessionExpired() ? SESSION_EXPIRED_LOGIN_PATH : '/login';
}

/** SPEC §2: a spinner while auth loads; signed-out users go to /login. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <CenteredLoader />;
  if (status !== 'authenticated') {
    return <Navigate to={loginPath()} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/**
 * The global guard of SPEC §2: once auth has initialised, unauthenticated users on any path it
 * does not exempt go to /login. Unknown paths are left to the catch-all, which sends them to /.
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
