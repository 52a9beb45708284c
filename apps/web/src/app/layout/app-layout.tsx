import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { TimerEngine } from '../../features/timer/timer-engine';
import { useHydrated } from '../../lib/hydration';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import { revealBootState } from '../boot-state';
import { RouteErrorBoundary } from '../error-boundary';
import { PhaseAccent } from '../phase-accent';
import { useViewer } from '../use-viewer';
import { AppFooter } from './app-footer';
import { TopBar } from './top-bar';
import { UpdateBanner } from './update-banner';
import { VerifyBanner } from './verify-banner';

const NavDrawer = lazy(() => importWithTimeout(() => import('./nav-drawer')));
// The floating music player, for signed-in users: its own chunk, loaded after the first paint.
const MusicPlayer = lazy(() =>
  importWithTimeout(() => import('../../features/music/music-player')),
);
// The Sounds button and the ambient mixer, for everyone: a chunk of their own, outside the first load.
const SoundsEntry = lazy(() => importWithTimeout(() => import('./sounds-entry')));

/**
 * Shows what the boot script hid (app/boot-state.ts) once the app's own render is committed:
 * before that frame's paint, so the stored state replaces the pre-rendered one unseen.
 */
function RevealAfterBoot() {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated) revealBootState(document.documentElement);
  }, [hydrated]);
  return null;
}

/** The page frame: skip link, top bar, the drawer (loaded on first open), banner, content. */
export function AppLayout() {
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const location = useLocation();
  const viewer = useViewer();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);

  // After an in-app navigation, start at the top and move focus to the new page's content, as
  // a full page load would; the first render keeps the browser's own focus.
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    window.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  const toggleDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpened((open) => !open);
  };

  return (
    <div className="fr-app">
      <a href="#main" className="fr-skip-link">
        Skip to content
      </a>
      <TopBar drawerOpened={drawerOpened} onToggleDrawer={toggleDrawer} />
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} />
        </Suspense>
      ) : null}
      <VerifyBanner />
      <main id="main" ref={mainRef} tabIndex={-1} className="fr-main">
        <RouteErrorBoundary key={location.pathname}>
          <Suspense fallback={<CenteredLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <AppFooter />
      <UpdateBanner />
      {/* Once for the whole app, so the badge and the tab title keep time on every page. */}
      <TimerEngine />
      <PhaseAccent />
      <RevealAfterBoot />
      {/* Once, so music keeps playing from page to page (product §2, §6: signed in only). */}
      {viewer === 'visitor' ? null : (
        <Suspense fallback={null}>
          <MusicPlayer />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SoundsEntry />
      </Suspense>
    </div>
  );
}
