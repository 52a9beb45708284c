import { directionOf } from '@focusroom/core';
import { DirectionProvider, MantineProvider, type MantineProviderProps } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { useAuth } from '../lib/auth-context';
import { importWithTimeout } from '../lib/lazy-with-timeout';
import { useNotificationsHostRequested } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';
import { i18n } from '../i18n';

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

/**
 * <html> carries Mantine's root attributes from index.html (`data-mantine-color-scheme="dark"`,
 * `data-respect-reduced-motion`; app/theme.test.ts keeps them equal to the theme), so the provider
 * gets no root element to write them on: each write restyles the whole page, and on a hydrating
 * page it wrote "light" (its default) and then "dark" again (docs/decisions/043).
 */
const noRootElement = (): undefined => undefined;

/**
 * Mantine's two stylesheets of the theme (its CSS variables, and the classes of its breakpoints)
 * are the same on every render. A build writes them into the <head> of every page
 * (`MantineHeadStyles`, build/prerender-plugin.ts), so no render computes them again: on a phone
 * that took about 30 ms of the start-up, and a <style> met in the body restyles the whole page.
 * The dev server and the tests render them as Mantine does.
 */
const STYLES_IN_HEAD = import.meta.env.PROD;

/** Mantine's settings, one set for the app and for the stylesheets a build puts in <head>. */
const MANTINE_SETTINGS = {
  theme,
  forceColorScheme: 'dark',
  getRootElement: noRootElement,
  cssVariablesResolver,
} satisfies Omit<MantineProviderProps, 'children'>;

/** The theme's own stylesheets as Mantine renders them, for a build to put in <head>. */
export function MantineHeadStyles() {
  return <MantineProvider {...MANTINE_SETTINGS}>{null}</MantineProvider>;
}

/** Theme (forced dark, product §1), server-state cache and the auth state, in that order. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Mantine's components that place things by side (sliders, menus, scroll areas) follow <html
  // dir>, which the language sets (decision 076): right to left in Arabic.
  return (
    <DirectionProvider initialDirection={directionOf(i18n.locale || 'en')}>
      <MantineProvider
        {...MANTINE_SETTINGS}
        withCssVariables={!STYLES_IN_HEAD}
        withGlobalClasses={!STYLES_IN_HEAD}
      >
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <ForgetServerStateOnUserChange />
            {children}
            <LazyNotifications />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
