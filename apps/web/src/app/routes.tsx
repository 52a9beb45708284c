import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { ThemeProvider } from '../features/themes/theme-provider';
import { ThemeQuickPicker } from '../features/themes/theme-quick-picker';
import { preloadTimerPanel, TimerPanel } from '../features/timer/timer-panel';
import { AuthContext, useAuth } from '../lib/auth-context';
import { useDeferredPartsHydrated } from '../lib/deferred-part';
import { lazyNamed, lazyPage, type PreloadablePage } from '../lib/lazy-with-timeout';
import { GlobalAuthGuard, ProtectedRoute } from './guards';
import { useInteractiveWhenHydrated } from './boot/interactive';
import { AppLayout } from './layout/app-layout';
import { ROUTE_IDS, ROUTES, routeIdOf, type RouteAccess, type RouteId } from './paths';

/* The first screen (/) is in the main chunk; every other page loads on demand (product §9: 120 s). */
const DashboardPage = lazyNamed(
  () => import('../features/dashboard/dashboard-page'),
  'DashboardPage',
);
const VerifyEmailPage = lazyNamed(
  () => import('../features/verification/verify-email-page'),
  'VerifyEmailPage',
);

/** One timer for / and /dashboard (product §2); app/ composes it into both pages. */
function HomeWithTimer() {
  return (
    <HomePage>
      <TimerPanel />
      <ThemeQuickPicker />
    </HomePage>
  );
}

/**
 * The theme provider starts (its first load of the theme lists) once the pre-rendered page's
 * deferred parts have hydrated. Its answer changes a context above them, and a context change
 * that reaches a part still dehydrated makes React hydrate it at once in one long task, undoing
 * the split. A page rendered afresh (signed in) has nothing to wait for. Everything below the
 * provider reads the app's own auth state.
 */
function ThemeAfterHydration({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const hydrated = useDeferredPartsHydrated();
  const themeAuth = useMemo(
    () => (hydrated || !auth.initialized ? auth : { ...auth, initialized: false }),
    [auth, hydrated],
  );
  return (
    <AuthContext value={themeAuth}>
      <ThemeProvider>
        <AuthContext value={auth}>{children}</AuthContext>
      </ThemeProvider>
    </AuthContext>
  );
}

function DashboardWithTimer() {
  return (
    <DashboardPage>
      <TimerPanel />
      <ThemeQuickPicker />
    </DashboardPage>
  );
}

/** The page of every route in the registry (app/paths.ts). */
const PAGES: Record<RouteId, ComponentType> = {
  home: HomeWithTimer,
  about: lazyPage(() => import('../features/info/about-page'), 'AboutPage'),
  login: lazyPage(() => import('../features/auth/login-page'), 'LoginPage'),
  register: lazyPage(() => import('../features/auth/register-page'), 'RegisterPage'),
  forgotPassword: lazyPage(
    () => import('../features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyNamed(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
  ),
  oauthCallback: lazyNamed(
    () => import('../features/auth/oauth-callback-page'),
    'OAuthCallbackPage',
  ),
  privacy: lazyPage(() => import('../features/info/privacy-page'), 'PrivacyPage'),
  terms: lazyPage(() => import('../features/info/terms-page'), 'TermsPage'),
  verifyEmailWithoutToken: VerifyEmailPage,
  verifyEmail: VerifyEmailPage,
  resendVerification: lazyPage(
    () => import('../features/verification/resend-verification-page'),
    'ResendVerificationPage',
  ),
  confirmEmailChange: lazyNamed(
    () => import('../features/verification/confirm-email-change-page'),
    'ConfirmEmailChangePage',
  ),
  undoEmailChange: lazyNamed(
    () => import('../features/verification/undo-email-change-page'),
    'UndoEmailChangePage',
  ),
  profile: lazyNamed(() => import('../features/profile/profile-page'), 'ProfilePage'),
  dashboard: DashboardWithTimer,
  stats: lazyNamed(() => import('../features/stats/stats-page'), 'StatsPage'),
  playlists: lazyNamed(() => import('../features/playlists/playlists-page'), 'PlaylistsPage'),
  themes: lazyNamed(() => import('../features/themes/themes-page'), 'ThemesPage'),
  admin: lazyNamed(() => import('../features/admin/admin-page'), 'AdminPage'),
  playlist: lazyNamed(() => import('../features/playlists/playlist-page'), 'PlaylistPage'),
  help: lazyNamed(() => import('../features/info/help-page'), 'HelpPage'),
};

/**
 * Loads the page of `pathname` when it is a lazy pre-rendered one, so the page does not suspend
 * while it hydrates (docs/decisions/039); starts the to-do list of / loading; resolves at once
 * for any other.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const id = routeIdOf(pathname);
  // The first screen's to-do list starts loading now, not when its boundary is reached: until
  // its chunk is in, a key press in its field reaches a boundary that cannot hydrate and React
  // drops it. Not awaited: the rest of the page hydrates meanwhile (docs/decisions/039).
  if (id === 'home' || id === 'dashboard') {
    void preloadTimerPanel().catch(() => undefined);
    return;
  }
  const page: Partial<PreloadablePage> | undefined = id === null ? undefined : PAGES[id];
  await page?.preload?.();
}

/**
 * The export that the lazy page module of `pathname` renders (the build links the page's chunk
 * from its pre-rendered HTML by it); undefined for a page in the main chunk (/).
 */
export function lazyPageExportOf(pathname: string): string | undefined {
  const id = routeIdOf(pathname);
  const page: Partial<PreloadablePage> | undefined = id === null ? undefined : PAGES[id];
  return page?.moduleExport;
}

/** The registry's routes of one access level, each rendering its page. */
function routesOf(access: RouteAccess) {
  return ROUTE_IDS.filter((id) => ROUTES[id].access === access).map((id) => {
    const Page = PAGES[id];
    return <Route key={id} path={ROUTES[id].path} element={<Page />} />;
  });
}

/**
 * Makes the pre-rendered page usable once it has hydrated: its own component, so the state
 * change that says so re-renders nothing else (in AppRoutes it re-rendered every route). It
 * comes after the routes, so its effects run after theirs, as they did in the parent.
 */
function InteractiveWhenHydrated() {
  useInteractiveWhenHydrated();
  return null;
}

/** The route table of product §2, derived from the registry; guards wrap routes by access. */
export function AppRoutes() {
  return (
    <>
      <GlobalAuthGuard />
      <Routes>
        {/* The theme provider draws the background behind every page (product §4). */}
        <Route
          element={
            <ThemeAfterHydration>
              <AppLayout />
            </ThemeAfterHydration>
          }
        >
          {routesOf('public')}
          <Route element={<ProtectedRoute access="signedIn" />}>{routesOf('signedIn')}</Route>
          <Route element={<ProtectedRoute access="admin" />}>{routesOf('admin')}</Route>
          <Route path="*" element={<Navigate to={ROUTES.home.path} replace />} />
        </Route>
      </Routes>
      {/* Last: in a commit, its effects run after those of the routes before it (the shortcut
          listeners among them), as a parent's would. */}
      <InteractiveWhenHydrated />
    </>
  );
}
