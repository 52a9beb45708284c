import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { importWithTimeout } from '../../lib/lazy-with-timeout';

/** Focus mode's layout and its keyboard and full-screen watch: loaded on first use. */
const loadFocusMode = () => importWithTimeout(() => import('./focus-mode'));

export interface FocusMode {
  active: boolean;
  toggle(): void;
  leave(): void;
  /** The timer card: what focus mode shows alone. */
  cardRef: RefObject<HTMLDivElement | null>;
}

function exitFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
}

/**
 * Focus mode (product §2): the timer card alone over the whole screen. Full screen is asked for
 * at once, inside the click or key press (browsers grant it only to a gesture); where the page
 * may not go full screen (phones without the API) the card still covers the page. Leaving full
 * screen by the browser's own means (Esc) leaves focus mode too.
 */
export function useFocusMode(): FocusMode {
  const [active, setActive] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);

  const leave = useCallback(() => {
    setActive(false);
    exitFullscreen();
  }, []);

  const enter = useCallback(() => {
    if (document.fullscreenEnabled && !document.fullscreenElement) {
      void document.documentElement
        .requestFullscreen({ navigationUI: 'hide' })
        .catch(() => undefined);
    }
    setActive(true);
  }, []);

  const toggle = active ? leave : enter;

  useEffect(() => {
    const card = cardRef.current;
    if (!active || !card) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadFocusMode().then(
      ({ startFocusMode }) => {
        if (!cancelled) stop = startFocusMode(card, leave);
      },
      // Without its layout focus mode would look like nothing happened: leave it.
      () => leave(),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [active, leave]);

  // The timer leaves the page (another route): full screen ends with it.
  useEffect(() => exitFullscreen, []);

  return { active, toggle, leave, cardRef };
}
