import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { createAuthMachine, type AuthMachine } from './auth-machine';
import { useTimeZoneSync } from './use-time-zone-sync';

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass a machine with a stubbed API. */
  machine?: AuthMachine;
}

/**
 * Runs the one auth state machine and shares it through useAuth(); keeps the signed-in user's
 * profile zone in step with the browser's.
 */
export function AuthProvider({ children, machine: injected }: AuthProviderProps) {
  const [machine] = useState(() => injected ?? createAuthMachine());
  useEffect(() => {
    machine.start();
    return () => machine.stop();
  }, [machine]);

  const snapshot = useStore(machine.store);
  useTimeZoneSync({ ...snapshot, updateProfile: machine.actions.updateProfile });
  const value = useMemo<AuthContextValue>(
    () => ({
      ...snapshot,
      isAuthenticated: snapshot.status === 'authenticated',
      ...machine.actions,
    }),
    [snapshot, machine],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
