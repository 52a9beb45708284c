import { useEffect, useState, type ComponentProps } from 'react';
import { useAuth } from '../../lib/auth-context';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import type { TimerBadge as Badge } from './timer-badge';
import { useTimerStore } from './use-timer';

type BadgeComponent = typeof Badge;

/** The badge's code once it is in (shared by the bar's and the drawer's places). */
let loaded: BadgeComponent | null = null;
let loading: Promise<BadgeComponent | null> | null = null;

/** Loads the badge once; a chunk that does not come leaves no badge rather than an error. */
function loadBadge(): Promise<BadgeComponent | null> {
  loading ??= importWithTimeout(() => import('./timer-badge')).then(
    (m) => (loaded = m.TimerBadge),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/**
 * Where the top bar and the drawer put the timer badge (product §2). The badge is a signed-in
 * user's, so its code is not in a visitor's first load of / (DESIGN §6's budget, decision 084): it
 * loads as soon as someone is signed in, before their timer first runs, and shows while the timer
 * is not idle. No Suspense: the place stays empty until the code is in, and the badge is then
 * the same component for as long as the place is on the page.
 */
export function TimerBadge(props: ComponentProps<BadgeComponent>) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const underWay = useTimerStore((s) => s.timer.status !== 'idle');
  const [Component, setComponent] = useState<BadgeComponent | null>(() => loaded);
  useEffect(() => {
    if (!signedIn || Component) return undefined;
    let live = true;
    void loadBadge().then((component) => {
      if (live && component) setComponent(() => component);
    });
    return () => {
      live = false;
    };
  }, [signedIn, Component]);
  if (!signedIn || !underWay || !Component) return null;
  return <Component {...props} />;
}
