import { announceUpdate } from './app-update';

/**
 * How long after the page's load event the service worker is registered. Its install caches
 * every asset of the app at once, which on a slow phone connection took the bandwidth the first
 * screen's background and late chunks needed (bench/themes-paint.ts); offline support can wait.
 */
const SERVICE_WORKER_REGISTER_DELAY_MS = 4_000;

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
 * Registers the generated service worker (vite.config.ts) a few seconds after the page has
 * loaded, so its install (every asset of the app) never competes with the first screen, its
 * background included. Production builds only: the dev server has no worker.
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
  const later = () => setTimeout(register, SERVICE_WORKER_REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
