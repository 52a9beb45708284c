import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { ThemeProvider } from '../features/themes/theme-provider';
import { ThemeQuickPicker } from '../features/themes/theme-quick-picker';
import { TimerPanel } from '../features/timer/timer-panel';
import { lazyNamed, lazyPage, type PreloadablePage } from '../lib/lazy-with-timeout';
import { GlobalAuthGuard, ProtectedRoute } from './guards';
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
 * Loads the page of `pathname` when it is a lazy pre-rendered one, so the browser hydrates the
 * whole page at once (docs/decisions/039); resolves at once for any other.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const id = routeIdOf(pathname);
  const page: Partial<PreloadablePage> | undefined = id === null ? undefined : PAGES[id];
  await page?.preload?.();
}

/** The registry's routes of one access level, each rendering its page. */
function routesOf(access: RouteAccess) {
  return ROUTE_IDS.filter((id) => ROUTES[id].access === access).map((id) => {
    const Page = PAGES[id];
    return <Route key={id} path={ROUTES[id].path} element={<Page />} />;
  });
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
            <ThemeProvider>
              <AppLayout />
            </ThemeProvider>
          }
        >
          {routesOf('public')}
          <Route element={<ProtectedRoute access="signedIn" />}>{routesOf('signedIn')}</Route>
          <Route element={<ProtectedRoute access="admin" />}>{routesOf('admin')}</Route>
          <Route path="*" element={<Navigate to={ROUTES.home.path} replace />} />
        </Route>
      </Routes>
    </>
  );
}
