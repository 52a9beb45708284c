import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth-context';
import { onSignOut } from '../auth';
import {
  browserAlarmsDeps,
  followSession,
  forgetThisBrowser,
  type AlarmsDeps,
} from './this-device';

/**
 * While `userId` is signed in here (mounted with the signed-in code, never on a visitor's first
 * load): this browser's alarm device is checked once, and when the session ends this browser
 * stops getting the account's alarms, so the next person on it does not get them (issue 33).
 * The session's token is the last one rendered: at sign-out, storage no longer holds it, and the
 * listener runs before React unmounts this.
 */
export function useAlarmsFollowSession(userId: string, deps?: AlarmsDeps): void {
  const { token } = useAuth();
  const lastToken = useRef(token);
  useEffect(() => {
    lastToken.current = token;
  }, [token]);

  useEffect(() => {
    const alarms = deps ?? browserAlarmsDeps();
    void followSession(alarms, userId);
    return onSignOut(() => void forgetThisBrowser(alarms, lastToken.current));
  }, [userId, deps]);
}
