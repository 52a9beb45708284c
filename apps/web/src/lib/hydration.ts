import { useSyncExternalStore } from 'react';

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
