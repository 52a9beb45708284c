import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { useAuth } from '../lib/auth-context';
import { importWithTimeout } from '../lib/lazy-with-timeout';
import { useNotificationsHostRequested } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() => importWithTimeout(() => import('./notifications-host')));

/** Retries belong to the API client (product §7); Query only caches and dedupes. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * One user's cached server data must never show to the next: the cache is dropped whenever the
 * signed-in user changes, on sign-out and equally on a switch of account without a sign-out
 * (login over a session, another tab signing in as someone else).
 */
export function ForgetServerStateOnUserChange() {
  const { user } = useAuth();
  const userId = user ? user.id : null;
  const queryClient = useQueryClient();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}

function LazyNotifications() {
  const requested = useNotificationsHostRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/** Theme (forced dark, product §1), server-state cache and the auth state, in that order. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="dark"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ForgetServerStateOnUserChange />
          {children}
          <LazyNotifications />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
