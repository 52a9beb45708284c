import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { AuthContext, type AuthContextValue } from '../../lib/auth-context';
import { useHydrated } from '../../lib/hydration';
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
  // A pre-rendered page is hydrated only for a visitor (main.tsx), and a sign-in in another tab
  // may store a token between that check and this render: the machine starts as the visitor
  // the HTML shows, and start() takes up the stored session right after hydration.
  const hydrating = !useHydrated();
  const [machine] = useState(() => injected ?? createAuthMachine({ startAsVisitor: hydrating }));
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
