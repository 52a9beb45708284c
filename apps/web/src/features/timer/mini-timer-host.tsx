import { lazy, Suspense } from 'react';
import { loadMiniTimer, useMiniTimerWindow } from './mini-timer-window';

const MiniTimer = lazy(loadMiniTimer);

/**
 * Draws the mini timer into its window while one is open. Mounted with the engine, once for the
 * app, so the window keeps working when the person moves to another page.
 */
export function MiniTimerHost() {
  const win = useMiniTimerWindow();
  if (!win) return null;
  return (
    <Suspense fallback={null}>
      <MiniTimer window={win} />
    </Suspense>
  );
}
