import { useSyncExternalStore } from 'react';
import { importWithTimeout } from '../../lib/lazy-with-timeout';

/** The Document Picture-in-Picture API (Chromium 116+); not in TypeScript's DOM library yet. */
interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
  readonly window: Window | null;
}

/** The floating window's first size, in CSS pixels; people can resize it. */
const MINI_TIMER_SIZE = { width: 300, height: 220 };

/** The window's contents (React, its stylesheet): loaded on first use. */
export const loadMiniTimer = () => importWithTimeout(() => import('./mini-timer'));

function pictureInPicture(): DocumentPictureInPicture | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture;
}

/** True where the browser can open an always-on-top window with our own page in it. */
export function miniTimerSupported(): boolean {
  return pictureInPicture() !== undefined;
}

/* The one open mini timer window, shared by the button (timer panel) and the host (engine). */
let current: Window | null = null;
const listeners = new Set<() => void>();

function setCurrent(next: Window | null): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open mini timer window, or null. */
export function useMiniTimerWindow(): Window | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/**
 * Opens the mini timer (product §2). Asks for the window at once, inside the click (browsers
 * open it only for a gesture), and fetches its contents meanwhile.
 */
export async function openMiniTimer(): Promise<void> {
  const api = pictureInPicture();
  if (!api || current) return;
  const contents = loadMiniTimer();
  const opened = await api.requestWindow(MINI_TIMER_SIZE);
  // The person closed it, or the page went away: forget it.
  opened.addEventListener('pagehide', () => {
    if (current === opened) setCurrent(null);
  });
  await contents.catch(() => undefined);
  setCurrent(opened);
}

export function closeMiniTimer(): void {
  const open = current;
  setCurrent(null);
  open?.close();
}
