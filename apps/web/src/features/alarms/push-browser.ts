/**
 * What the alarms need of the browser's Push API, behind an interface the tests fake: the
 * permission, and the app's service worker registration (vite.config.ts, public/push-sw.js),
 * whose push manager holds this browser's one subscription.
 */

/** The part of a PushSubscription the alarms use. */
export interface PushSubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** The part of a service worker registration the alarms use. */
export interface PushRegistrationLike {
  readonly pushManager: {
    getSubscription(): Promise<PushSubscriptionLike | null>;
    subscribe(options: PushSubscriptionOptionsInit): Promise<PushSubscriptionLike>;
  };
  /** The notifications the service worker shows, by tag. */
  getNotifications?(filter: { tag: string }): Promise<{ close(): void }[]>;
}

export interface PushBrowser {
  /** Service workers, the Push API and notifications are all there. */
  readonly supported: boolean;
  /** An iPhone or iPad: there, only an app added to the Home Screen gets pushes. */
  readonly appleMobile: boolean;
  permission(): NotificationPermission;
  /** Asks once when undecided (call it in the click, before anything is awaited). */
  requestPermission(): Promise<NotificationPermission>;
  /** The app's service worker once one is active; null when none came in time. */
  ready(): Promise<PushRegistrationLike | null>;
  /** The app's service worker registration as it is now, without waiting for one. */
  current(): Promise<PushRegistrationLike | null>;
}

/**
 * How long turning alarms on waits for the service worker: on a first visit it is registered a
 * few seconds after the page loads and installs the whole app first (register-service-worker.ts).
 */
export const SERVICE_WORKER_WAIT_MS = 30_000;

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's own Push API. */
export function realPushBrowser(): PushBrowser {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return {
    supported: supported(),
    appleMobile: /iPhone|iPad/.test(agent),
    permission: () => (supported() ? Notification.permission : 'denied'),
    requestPermission: () => {
      if (!supported()) return Promise.resolve('denied');
      try {
        return Notification.requestPermission().catch(() => Notification.permission);
      } catch {
        return Promise.resolve(Notification.permission);
      }
    },
    ready: () => {
      if (!supported()) return Promise.resolve(null);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS);
      });
      return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
    },
    current: async () => {
      if (!supported()) return null;
      return (await navigator.serviceWorker.getRegistration()) ?? null;
    },
  };
}
