import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { createAuthMachine, type AuthMachine } from './auth-machine';

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass a machine with a stubbed API. */
  machine?: AuthMachine;
}

/** Runs the one auth state machine and shares it through useAuth(). */
export function AuthProvider({ children, machine: injected }: AuthProviderProps) {
  const [machine] = useState(() => injected ?? createAuthMachine());
  useEffect(() => {
    machine.start();
    return () => machine.stop();
  }, [machine]);

  const snapshot = useStore(machine.store);
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
