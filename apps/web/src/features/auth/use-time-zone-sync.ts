import { useEffect, useRef } from 'react';
import type { AuthContextValue } from '../../lib/auth-context';
import { browserTimeZone } from '../../lib/time-zone';
import { REGISTRATION_PLACEHOLDER_TOKEN } from './auth-machine';

/**
 * The profile keeps the person's zone (product §3 User), which the server's statistics default
 * to: once a user is signed in, if the stored zone is not the browser's, it is set from the
 * browser, once per user and page load, whichever page is open.
 */
export function useTimeZoneSync(
  auth: Pick<AuthContextValue, 'status' | 'user' | 'token' | 'updateProfile'>,
): void {
  const { status, user, token, updateProfile } = auth;
  const synced = useRef<string | null>(null);
  // A registration answered without a token has no session to write with.
  const userId =
    status === 'authenticated' && user?.id && token !== REGISTRATION_PLACEHOLDER_TOKEN
      ? user.id
      : null;
  const storedZone = user?.time_zone;
  useEffect(() => {
    // A stored user from before the field existed says nothing yet: wait for the server's.
    if (!userId || synced.current === userId || storedZone === undefined) return;
    synced.current = userId;
    const zone = browserTimeZone();
    if (storedZone !== zone) void updateProfile({ time_zone: zone });
  }, [userId, storedZone, updateProfile]);
}
