import type { PushAlarmPayload } from '@focusroom/core';
import type { BrowserContext, Page } from '@playwright/test';
import {
  decryptPush,
  fakeBrowserKeys,
  type FakeBrowserKeys,
  type FakePush,
} from '../../apps/server/test/fakes/push-service.mjs';
import { E2E_BASE_URL, E2E_PORT } from './env.js';

/**
 * Push alarms end to end (issue 33). Headless Chromium has no push service, so a page's
 * PushManager is replaced by one that hands out a subscription to the fake push service the e2e
 * server starts (support/start-server.mjs, E2E_PORT + 23000), with keys the test made: the server
 * encrypts to them, the test reads the push back from the fake, decrypts it as the browser
 * would, and gives it to the app's service worker through the DevTools protocol, as a push
 * service's message reaches it.
 */
export const PUSH_SERVICE_ORIGIN = `http://127.0.0.1:${E2E_PORT + 23000}`;

/** A browser's push keys and the name of its endpoint at the fake push service. */
export interface FakePushBrowser extends FakeBrowserKeys {
  name: string;
}

/** Keys for a browser whose endpoint at the fake is `${PUSH_SERVICE_ORIGIN}/push/<name>`. */
export function pushBrowser(name: string): FakePushBrowser {
  return { ...fakeBrowserKeys(`${PUSH_SERVICE_ORIGIN}/push/${name}`), name };
}

/**
 * Makes every page of `context` subscribe as `browser`: PushManager's subscribe answers a
 * subscription with its endpoint and keys (the key it was given kept, as a browser keeps it),
 * getSubscription answers it until it is unsubscribed. What is subscribed is kept in the page's
 * localStorage, as the browser keeps it across loads.
 */
export async function fakePushManager(
  context: BrowserContext,
  browser: FakePushBrowser,
): Promise<void> {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      if (typeof PushManager === 'undefined') return;
      const SAVED = '__fakePushSubscription';
      const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
      const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const fromBase64Url = (text: string) =>
        fromBase64(
          text
            .replace(/-/g, '+')
            .replace(/_/g, '/')
            .padEnd(Math.ceil(text.length / 4) * 4, '='),
        );
      const subscription = (key: Uint8Array) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        getKey: (name: 'p256dh' | 'auth') => fromBase64Url(keys[name]).buffer,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(SAVED);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options) {
        const given = options?.applicationServerKey;
        const key =
          typeof given === 'string'
            ? fromBase64Url(given)
            : given instanceof ArrayBuffer
              ? new Uint8Array(given)
              : new Uint8Array(given!.buffer, given!.byteOffset, given!.byteLength);
        localStorage.setItem(SAVED, toBase64(key));
        return subscription(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const saved = localStorage.getItem(SAVED);
        return saved ? (subscription(fromBase64(saved)) as unknown as PushSubscription) : null;
      };
    },
    { endpoint: browser.endpoint, keys: browser.keys },
  );
}

/** What the server has sent to `browser` so far, oldest first. */
export async function receivedPushes(browser: FakePushBrowser): Promise<FakePush[]> {
  const response = await fetch(`${PUSH_SERVICE_ORIGIN}/received/${browser.name}`);
  if (!response.ok) throw new Error(`fake push service: ${response.status}`);
  return (await response.json()) as FakePush[];
}

/** The alarms sent to `browser`, decrypted as the browser would. */
export async function receivedAlarms(browser: FakePushBrowser): Promise<PushAlarmPayload[]> {
  return (await receivedPushes(browser)).map(
    (push) => decryptPush(push, browser) as PushAlarmPayload,
  );
}

/**
 * Gives `payload` to the app's service worker as a push message (DevTools' ServiceWorker
 * domain), through a page of the app's browser context.
 */
export async function deliverPush(page: Page, payload: PushAlarmPayload): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const scope = `${E2E_BASE_URL}/`;
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E_BASE_URL,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach();
  }
}

/** The notifications the app's service worker shows, as `page` (any page of the app) sees them. */
export async function shownNotifications(
  page: Page,
): Promise<{ title: string; body: string; tag: string; actions: string[] }[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { title: string }[] }).actions ?? []).map(
        (a) => a.title,
      ),
    }));
  });
}
