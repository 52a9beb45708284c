import { useLayoutEffect } from 'react';
import { applyPhaseAccent, useTimerStore } from '../features/timer';

/**
 * The page's accent follows the timer's phase (product §1): the phase's colours go on <html>
 * before the browser paints, so the page glow, the dial and the phase words change together.
 */
export function PhaseAccent() {
  const type = useTimerStore((s) => s.timer.type);
  useLayoutEffect(() => {
    applyPhaseAccent(document.documentElement, type);
  }, [type]);
  return null;
}
