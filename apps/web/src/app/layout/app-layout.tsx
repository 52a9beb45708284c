import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { loadMusicPlayer } from '../../features/music/lazy';
import { TimerEngine } from '../../features/timer';
import { DeferredPart } from '../../lib/deferred-part';
import { headerSlotRef } from '../../lib/header-slots';
import { useRevealWhenHydrated } from '../../lib/hydration';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import { RouteErrorBoundary } from '../error-boundary';
import { PhaseAccent } from '../phase-accent';
import { useViewer } from '../use-viewer';
import { AppFooter } from './app-footer';
import { TopBar } from './top-bar';
import { UpdateBanner } from './update-banner';
import { VerifyBanner } from './verify-banner';

const NavDrawer = lazy(() => importWithTimeout(() => import('./nav-drawer')));
// The floating music player, for signed-in users: its own chunk, loaded after the first paint.
const MusicPlayer = lazy(() => importWithTimeout(loadMusicPlayer));
// The Sounds button and the ambient mixer, for everyone: a chunk of their own, outside the first load.
const SoundsEntry = lazy(() => importWithTimeout(() => import('./sounds-entry')));

/**
 * Shows the main area and the bar the boot script hid (app/boot/boot-state.ts) for a signed-in
 * browser or another page's HTML: both are rendered afresh, so the first commit is the app's.
 */
function RevealAfterBoot() {
  useRevealWhenHydrated('fr-boot-session fr-boot-other');
  return null;
}

/**
 * The page frame: skip link, top bar, the drawer (loaded on first open), banner, content. The
 * top bar, the page and the footer are deferred parts: a pre-rendered page hydrates them each in
 * a short pass of its own after the frame (lib/deferred-part.tsx).
 */
export function AppLayout() {
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const location = useLocation();
  const viewer = useViewer();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);
  const { t } = useLingui();

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
        {t`Skip to content`}
      </a>
      <DeferredPart>
        <TopBar drawerOpened={drawerOpened} onToggleDrawer={toggleDrawer} />
      </DeferredPart>
      {/* On a small screen the minimized music bar sits here, under the top bar (decision 055). */}
      <div ref={headerSlotRef('strip')} className="fr-header-strip" />
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} onClose={() => setDrawerOpened(false)} />
        </Suspense>
      ) : null}
      <VerifyBanner />
      <main id="main" ref={mainRef} tabIndex={-1} className="fr-main">
        <RouteErrorBoundary key={location.pathname}>
          <DeferredPart fallback={<CenteredLoader />}>
            <Outlet />
          </DeferredPart>
        </RouteErrorBoundary>
      </main>
      <DeferredPart>
        <AppFooter />
      </DeferredPart>
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
      {/* Counted: the theme provider waits for it to hydrate (lib/deferred-part.tsx). */}
      <DeferredPart>
        <SoundsEntry />
      </DeferredPart>
    </div>
  );
}
