import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { TimerPanel } from '../features/timer/timer-panel';
import { lazyNamed } from '../lib/lazy-with-timeout';
import { GlobalAuthGuard, ProtectedRoute } from './guards';
import { AppLayout } from './layout/app-layout';

/* The first screen (/) is in the main chunk; every other page loads on demand (SPEC §7: 120 s). */
const LoginPage = lazyNamed(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const OAuthCallbackPage = lazyNamed(
  () => import('../features/auth/oauth-callback-page'),
  'OAuthCallbackPage',
);
const VerifyEmailPage = lazyNamed(
  () => import('../features/verification/verify-email-page'),
  'VerifyEmailPage',
);
const ResendVerificationPage = lazyNamed(
  () => import('../features/verification/resend-verification-page'),
  'ResendVerificationPage',
);
const AboutPage = lazyNamed(() => import('../features/info/about-page'), 'AboutPage');
const PrivacyPage = lazyNamed(() => import('../features/info/privacy-page'), 'PrivacyPage');
const TermsPage = lazyNamed(() => import('../features/info/terms-page'), 'TermsPage');
const HelpPage = lazyNamed(() => import('../features/info/help-page'), 'HelpPage');
const ProfilePage = lazyNamed(() => import('../features/profile/profile-page'), 'ProfilePage');
const DashboardPage = lazyNamed(
  () => import('../features/dashboard/dashboard-page'),
  'DashboardPage',
);
const StatsPage = lazyNamed(() => import('../features/stats/stats-page'), 'StatsPage');
const ThemesPage = lazyNamed(() => import('../features/themes/themes-page'), 'ThemesPage');
const PlaylistsPage = lazyNamed(
  () => import('../features/playlists/playlists-page'),
  'PlaylistsPage',
);
const PlaylistPage = lazyNamed(() => import('../features/playlists/playlist-page'), 'PlaylistPage');
const AdminPage = lazyNamed(() => import('../features/admin/admin-page'), 'AdminPage');

/** The route table of SPEC §2. */
export function AppRoutes() {
  return (
    <>
      <GlobalAuthGuard />
      <Routes>
        <Route element={<AppLayout />}>
          {/* One timer for / and /dashboard (DESIGN §4a); app/ composes it into both pages. */}
          <Route
            index
            element={
              <HomePage>
                <TimerPanel />
              </HomePage>
            }
          />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="oauth-callback" element={<OAuthCallbackPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="verify-email/:token" element={<VerifyEmailPage />} />
          <Route path="resend-verification" element={<ResendVerificationPage />} />
          <Route element={<ProtectedRoute />}>
            <Route
              path="dashboard"
              element={
                <DashboardPage>
                  <TimerPanel />
                </DashboardPage>
              }
            />
            <Route path="stats" element={<StatsPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="themes" element={<ThemesPage />} />
            <Route path="playlists" element={<PlaylistsPage />} />
            <Route path="playlist/:id" element={<PlaylistPage />} />
            <Route path="help" element={<HelpPage />} />
            <Route path="admin" element={<AdminPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </>
  );
}
