import { useSyncExternalStore } from 'react';

/**
 * The polite live region's text (product §2: phase changes are announced politely). A repeat of the
 * same sentence alternates a trailing no-break space so screen readers read it again.
 */
let text = '';
let flip = false;
const listeners = new Set<() => void>();

export function announce(message: string): void {
  flip = !flip;
  text = flip ? message : `${message}\u00a0`;
  for (const listener of [...listeners]) listener();
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => text,
    () => '',
  );
}
