import { useMediaQuery } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';

/**
 * Places in the top bar where parts mounted elsewhere render on a small screen (decision 055):
 * the Sounds button and the music player's button sit in the bar beside the menu, and the
 * minimized music bar in a strip under it, so nothing fixed floats over the page. The top bar
 * and the layout give the elements (`headerSlotRef`); the parts portal into them
 * (`useHeaderSlot`).
 */
export type HeaderSlot = 'sounds' | 'music' | 'strip';

/** Below Mantine's `sm` breakpoint, where the top bar shows the menu button. */
export const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

const slots: Record<HeaderSlot, HTMLElement | null> = { sounds: null, music: null, strip: null };
const listeners = new Set<() => void>();

const refs = Object.fromEntries(
  (Object.keys(slots) as HeaderSlot[]).map((name) => [
    name,
    (element: HTMLElement | null) => {
      if (slots[name] === element) return;
      slots[name] = element;
      for (const listener of listeners) listener();
    },
  ]),
) as Record<HeaderSlot, (element: HTMLElement | null) => void>;

/** The ref callback that registers the element of slot `name` (stable across renders). */
export function headerSlotRef(name: HeaderSlot): (element: HTMLElement | null) => void {
  return refs[name];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The element of slot `name` while it is in the page, else null. */
export function useHeaderSlot(name: HeaderSlot): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slots[name],
    () => null,
  );
}

/** True on a small screen (a phone), following rotation and resizes. */
export function useSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}
