import { useLayoutEffect, useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React renders on the server and while the browser hydrates a pre-rendered page;
 * true from the render after (React re-renders at once when the two differ) and in an app
 * rendered afresh. State read from this browser (storage, the clock, the screen) is shown only
 * once it is true, so the first render in the browser equals the server's (docs/decisions/039).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Removes boot classes from <html> (app/boot/boot-state.ts) in the layout effect of the component's
 * first render with this browser's state: the same commit that draws it, before it is painted.
 * Each part reveals itself, because a hydrating page commits in pieces: a part still showing the
 * server's HTML stays hidden until its own hydrated render.
 */
export function useRevealWhenHydrated(classes: string): void {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.classList.remove(...classes.split(' '));
  }, [hydrated, classes]);
}
