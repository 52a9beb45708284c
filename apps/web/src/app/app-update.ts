import { useSyncExternalStore } from 'react';

/** Switches to the waiting version of the app and reloads the page. */
export type ApplyUpdate = () => void;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** The service worker registration says a new version is installed (or none, with null). */
export function announceUpdate(apply: ApplyUpdate | null): void {
  waiting = apply;
  for (const listener of listeners) listener();
}

/** The way to the new version while one is waiting, else null. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
}
