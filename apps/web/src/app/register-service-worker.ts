import { announceUpdate } from './app-update';

/** What the update prompt needs of workbox-window's Workbox (a fake in tests). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

/**
 * Offers a new version once it is installed and waiting, instead of leaving it until every tab
 * is closed: the person chooses when (the banner's Reload), the waiting worker takes over, and
 * the page reloads under it. A running timer survives the reload: its state is saved on page
 * hide and restored with fast-forward (product §4).
 */
export function offerUpdates(
  worker: UpdatableWorker,
  reload: () => void = () => window.location.reload(),
): void {
  worker.addEventListener('waiting', () => {
    announceUpdate(() => {
      worker.addEventListener('controlling', reload);
      worker.messageSkipWaiting();
    });
  });
}

/**
 * Registers the generated service worker (vite.config.ts) after the page has loaded, so it never
 * competes with the first paint. Production builds only: the dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' });
        offerUpdates(workbox);
        return workbox.register();
      })
      .catch((error: unknown) => {
        // Offline support is an extra; the app works without it.
        console.warn('Service worker registration failed', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
