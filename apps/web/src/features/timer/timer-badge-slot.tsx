import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useAuth } from '../../lib/auth-context';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import type { TimerBadge as Badge } from './timer-badge';
import { useTimerStore } from './use-timer';

type BadgeProps = ComponentProps<typeof Badge>;

/** The badge once its chunk is in: rendered directly, with no Suspense step to wait for. */
let loaded: typeof Badge | null = null;
const loadBadge = () =>
  importWithTimeout(() => import('./timer-badge')).then((m) => {
    loaded = m.TimerBadge;
    return { default: m.TimerBadge };
  });
const LazyBadge = lazy(loadBadge);

/**
 * Where the top bar and the drawer put the timer badge (product §2). The badge is a signed-in
 * user's, so its code is not in a visitor's first load of / (DESIGN §6's budget): it loads as
 * soon as someone is signed in, before their timer first runs, and shows while it is not idle.
 */
export function TimerBadge(props: BadgeProps) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const underWay = useTimerStore((s) => s.timer.status !== 'idle');
  useEffect(() => {
    if (signedIn && !loaded) void loadBadge().catch(() => undefined);
  }, [signedIn]);
  if (!signedIn || !underWay) return null;
  if (loaded) {
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return (
    <Suspense fallback={null}>
      <LazyBadge {...props} />
    </Suspense>
  );
}
