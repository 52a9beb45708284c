import { useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/home';
import { ThemeProvider, ThemeQuickPicker } from '../features/themes';
import { preloadTimerPanel, TimerPanel } from '../features/timer';
import { AuthContext, useAuth } from '../lib/auth-context';
import { useDeferredPartsHydrated } from '../lib/deferred-part';
import { lazyNamed, lazyPage, type PreloadablePage } from '../lib/lazy-with-timeout';
import { GlobalAuthGuard, ProtectedRoute } from './guards';
import { useInteractiveWhenHydrated } from './boot/interactive';
import { AppLayout } from './layout/app-layout';
import { ROUTE_IDS, ROUTES, routeIdOf, type RouteAccess, type RouteId } from './paths';
// The pages loaded on demand, last: the entry then keeps its modules in the order that gzips
// smallest (docs/decisions/066).
import { loadAdminPage } from '../features/admin/lazy';
import {
  loadForgotPasswordPage,
  loadLoginPage,
  loadOAuthCallbackPage,
  loadRegisterPage,
  loadResetPasswordPage,
} from '../features/auth/lazy';
import { loadDashboardPage } from '../features/dashboard/lazy';
import { loadAboutPage, loadHelpPage, loadPrivacyPage, loadTermsPage } from '../features/info/lazy';
import { loadPlaylistPage, loadPlaylistsPage } from '../features/playlists/lazy';
import { loadProfilePage } from '../features/profile/lazy';
import { loadStatsPage } from '../features/stats/lazy';
import { loadThemesPage } from '../features/themes/lazy';
import {
  loadConfirmEmailChangePage,
  loadResendVerificationPage,
  loadUndoEmailChangePage,
  loadVerifyEmailPage,
} from '../features/verification/lazy';

/* The first screen (/) is in the main chunk; every other page loads on demand (product §9: 120 s). */
const DashboardPage = lazyNamed(loadDashboardPage, 'DashboardPage');
const VerifyEmailPage = lazyNamed(loadVerifyEmailPage, 'VerifyEmailPage');

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
  about: lazyPage(loadAboutPage, 'AboutPage'),
  login: lazyPage(loadLoginPage, 'LoginPage'),
  register: lazyPage(loadRegisterPage, 'RegisterPage'),
  forgotPassword: lazyPage(loadForgotPasswordPage, 'ForgotPasswordPage'),
  resetPassword: lazyNamed(loadResetPasswordPage, 'ResetPasswordPage'),
  oauthCallback: lazyNamed(loadOAuthCallbackPage, 'OAuthCallbackPage'),
  privacy: lazyPage(loadPrivacyPage, 'PrivacyPage'),
  terms: lazyPage(loadTermsPage, 'TermsPage'),
  verifyEmailWithoutToken: VerifyEmailPage,
  verifyEmail: VerifyEmailPage,
  resendVerification: lazyPage(loadResendVerificationPage, 'ResendVerificationPage'),
  confirmEmailChange: lazyNamed(loadConfirmEmailChangePage, 'ConfirmEmailChangePage'),
  undoEmailChange: lazyNamed(loadUndoEmailChangePage, 'UndoEmailChangePage'),
  profile: lazyNamed(loadProfilePage, 'ProfilePage'),
  dashboard: DashboardWithTimer,
  stats: lazyNamed(loadStatsPage, 'StatsPage'),
  playlists: lazyNamed(loadPlaylistsPage, 'PlaylistsPage'),
  themes: lazyNamed(loadThemesPage, 'ThemesPage'),
  admin: lazyNamed(loadAdminPage, 'AdminPage'),
  playlist: lazyNamed(loadPlaylistPage, 'PlaylistPage'),
  help: lazyNamed(loadHelpPage, 'HelpPage'),
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
