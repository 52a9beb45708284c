import { STORAGE_KEYS, TIMER_NOTIFICATION_TAG } from '@focusroom/core';
import { deviceName } from '../../lib/device-name';
import { readItem, removeItem, writeItem } from '../../lib/storage';
import { alarmsApi, type PushDevice, type PushDeviceBody } from './alarms-api';
import {
  realPushBrowser,
  type PushBrowser,
  type PushRegistrationLike,
  type PushSubscriptionLike,
} from './push-browser';

/**
 * This browser as one of the account's alarm devices (issue 33): turning alarms on and off,
 * and keeping the browser's push subscription, the server's device and what this browser
 * remembers of it in step. The server lists devices without their push addresses, so the browser
 * keeps the id PUT answered, for whom and for which address (STORAGE_KEYS.pushDeviceId).
 */

/** What this browser remembers of its device. */
export interface DeviceRecord {
  userId: string;
  id: string;
  endpoint: string;
}

export interface AlarmsDeps {
  browser: PushBrowser;
  api: {
    key(): Promise<string>;
    save(body: PushDeviceBody): Promise<PushDevice>;
    remove(id: string, token?: string): Promise<void>;
    test(id: string): Promise<unknown>;
  };
  record: {
    read(): DeviceRecord | null;
    write(record: DeviceRecord): void;
    forget(): void;
  };
  /** How this browser is listed ("Chrome on Linux"). */
  name(): string;
}

function readRecord(): DeviceRecord | null {
  const raw = readItem(STORAGE_KEYS.pushDeviceId);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeviceRecord> | null;
    return typeof value?.userId === 'string' &&
      typeof value.id === 'string' &&
      typeof value.endpoint === 'string'
      ? { userId: value.userId, id: value.id, endpoint: value.endpoint }
      : null;
  } catch {
    return null;
  }
}

/** The browser, the API and localStorage as they are. */
export function browserAlarmsDeps(): AlarmsDeps {
  return {
    browser: realPushBrowser(),
    api: alarmsApi,
    record: {
      read: readRecord,
      write: (record) => writeItem(STORAGE_KEYS.pushDeviceId, JSON.stringify(record)),
      forget: () => removeItem(STORAGE_KEYS.pushDeviceId),
    },
    name: () => deviceName(),
  };
}

/** Turning alarms on stopped at the service worker: none became active in time. */
export class ServiceWorkerNotReadyError extends Error {
  constructor() {
    super('No service worker became active');
    this.name = 'ServiceWorkerNotReadyError';
  }
}

/** A base64url string (the VAPID key) as bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscriptionLike, key: Uint8Array): boolean {
  const own = subscription.options?.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** The PUT body for a subscription, or null when the browser gave no keys. */
function bodyOf(subscription: PushSubscriptionLike, name: string): PushDeviceBody | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!p256dh || !auth) return null;
  return { endpoint: subscription.endpoint, keys: { p256dh, auth }, name };
}

async function subscriptionOf(
  registration: PushRegistrationLike | null,
): Promise<PushSubscriptionLike | null> {
  return registration ? registration.pushManager.getSubscription() : null;
}

async function unsubscribe(subscription: PushSubscriptionLike | null): Promise<void> {
  try {
    await subscription?.unsubscribe();
  } catch {
    // Gone already, or the browser refused: the push service forgets it in time.
  }
}

/** Whether this browser can have alarms, and whether it has them for `userId`. */
export type ThisDeviceStatus =
  { kind: 'unsupported' } | { kind: 'denied' } | { kind: 'off' } | { kind: 'on'; deviceId: string };

/**
 * Where this browser stands for `userId`: on when it remembers a device of that user for the
 * subscription it still has (whether the server still lists it is the caller's to check).
 */
export async function readThisDevice(deps: AlarmsDeps, userId: string): Promise<ThisDeviceStatus> {
  if (!deps.browser.supported) return { kind: 'unsupported' };
  if (deps.browser.permission() === 'denied') return { kind: 'denied' };
  const record = deps.record.read();
  if (!record || record.userId !== userId) return { kind: 'off' };
  const subscription = await subscriptionOf(await deps.browser.current());
  return subscription?.endpoint === record.endpoint
    ? { kind: 'on', deviceId: record.id }
    : { kind: 'off' };
}

export type TurnOnResult =
  | { kind: 'on'; device: PushDevice }
  | { kind: 'denied' }
  /** The person closed the browser's question without answering. */
  | { kind: 'dismissed' }
  | { kind: 'unsupported' };

/**
 * Turns alarms on here for `userId`: with permission (asked in the click, so `permission` is that
 * question's answer), this browser's subscription to the server's key goes to the server as a
 * device. A subscription is kept only when it is the one this browser already registered for
 * this user with this key; any other (another account's, an old key's) is dropped and a new one
 * made, so the other account's device stops getting anything here. Throws the API's error, or
 * ServiceWorkerNotReadyError.
 */
export async function turnOn(
  deps: AlarmsDeps,
  userId: string,
  permission: Promise<NotificationPermission>,
): Promise<TurnOnResult> {
  if (!deps.browser.supported) return { kind: 'unsupported' };
  const answer = await permission;
  if (answer === 'denied') return { kind: 'denied' };
  if (answer !== 'granted') return { kind: 'dismissed' };
  const [publicKey, registration] = await Promise.all([deps.api.key(), deps.browser.ready()]);
  if (!registration) throw new ServiceWorkerNotReadyError();
  const key = base64UrlToBytes(publicKey);
  const record = deps.record.read();
  let subscription = await registration.pushManager.getSubscription();
  const keep =
    subscription !== null &&
    record?.userId === userId &&
    record.endpoint === subscription.endpoint &&
    sameKey(subscription, key);
  if (!keep) {
    await unsubscribe(subscription);
    deps.record.forget();
    subscription = null;
  }
  let created = false;
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
    } catch (error) {
      // Chrome refuses here when notifications were blocked meanwhile.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        return { kind: 'denied' };
      }
      throw error;
    }
    created = true;
  }
  const body = bodyOf(subscription, deps.name());
  if (!body) {
    await unsubscribe(subscription);
    throw new Error('The push subscription has no keys');
  }
  let device: PushDevice;
  try {
    device = await deps.api.save(body);
  } catch (error) {
    // A subscription the server never took would only linger in the browser.
    if (created) await unsubscribe(subscription);
    throw error;
  }
  deps.record.write({ userId, id: device.id, endpoint: subscription.endpoint });
  return { kind: 'on', device };
}

/**
 * Turns alarms off here: the server forgets the device first (an error keeps them on and is
 * thrown), then the browser drops its subscription and the record.
 */
export async function turnOff(deps: AlarmsDeps): Promise<void> {
  const record = deps.record.read();
  if (record) await deps.api.remove(record.id);
  await unsubscribe(await subscriptionOf(await deps.browser.current()));
  deps.record.forget();
}

/**
 * A session ended (sign-out, a 401, another account signing in): this browser gets none of that
 * account's alarms any more. The server's device is removed with the ended session's `token`
 * where there is one; the request leaves before anything is awaited, so ahead of the logout
 * that revokes the token. When it fails the device stays listed until the push service answers
 * the server that the subscription is gone (it is dropped here either way). Never throws.
 */
export async function forgetThisBrowser(deps: AlarmsDeps, token: string | null): Promise<void> {
  const record = deps.record.read();
  const removal =
    record && token ? deps.api.remove(record.id, token).catch(() => undefined) : undefined;
  deps.record.forget();
  try {
    const registration = await deps.browser.current();
    await unsubscribe(await subscriptionOf(registration));
    // A notification still on screen carries a working Start button for an hour: it goes too,
    // so the next person on this browser cannot press it.
    const shown = (await registration?.getNotifications?.({ tag: TIMER_NOTIFICATION_TAG })) ?? [];
    for (const notification of shown) notification.close();
  } catch {
    // No service worker here: nothing to drop.
  }
  await removal;
}

/**
 * On each signed-in start: what this browser remembers is checked against what it has. Another
 * account's device is forgotten (its session ended while this code was not loaded); a
 * subscription the browser dropped (notifications blocked) takes its device off the server; one
 * the browser renewed under a new address is sent again. Never throws.
 */
export async function followSession(deps: AlarmsDeps, userId: string): Promise<void> {
  const record = deps.record.read();
  if (!record) return;
  if (record.userId !== userId) {
    await forgetThisBrowser(deps, null);
    return;
  }
  try {
    // No service worker yet (it registers a few seconds after the load): nothing is known.
    const registration = await deps.browser.current();
    if (!registration) return;
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      await deps.api.remove(record.id);
      deps.record.forget();
      return;
    }
    if (subscription.endpoint === record.endpoint) return;
    const body = bodyOf(subscription, deps.name());
    if (!body) return;
    const device = await deps.api.save(body);
    deps.record.write({ userId, id: device.id, endpoint: subscription.endpoint });
    if (device.id !== record.id) await deps.api.remove(record.id);
  } catch {
    // Offline or the server is busy: the next start tries again.
  }
}
