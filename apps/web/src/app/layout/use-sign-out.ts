import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { ROUTES } from '../paths';

/**
 * Logout from the bar or the drawer: the local session ends at once (product §4), the user goes
 * to /login (product §2), and the server-side revocation finishes in the background.
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    const done = logout();
    void navigate(ROUTES.login.path, { replace: true });
    await done;
  }, [logout, navigate]);
}
