import { useAuth } from '../lib/auth-context';
import type { Viewer } from './paths';

/** Who is looking, for route access and the navigation: admin is `is_admin` on the signed-in user. */
export function useViewer(): Viewer {
  const { status, user } = useAuth();
  if (status !== 'authenticated') return 'visitor';
  return user?.is_admin === true ? 'admin' : 'user';
}
