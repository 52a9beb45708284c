import { vi } from 'vitest';
import type { PushDevice, PushDeviceBody } from './alarms-api';
import type { PushBrowser, PushRegistrationLike, PushSubscriptionLike } from './push-browser';
import type { AlarmsDeps, DeviceRecord } from './this-device';

/** The server's VAPID key in the tests: 65 bytes, base64url. */
export const PUBLIC_KEY = `B${'A'.repeat(85)}E`;

/** What a browser's subscription looks like to the alarms, with its unsubscribe recorded. */
export interface FakeSubscription extends PushSubscriptionLike {
  unsubscribed: boolean;
}

export interface FakeBrowser extends PushBrowser {
  permissionNow: NotificationPermission;
  /** What the browser's question is answered with. */
  answer: NotificationPermission;
  /** The app's service worker: null before one is registered. */
  registration: (PushRegistrationLike & { subscription: FakeSubscription | null }) | null;
  subscribeCalls: PushSubscriptionOptionsInit[];
  asked: number;
}

let endpoints = 0;

export function fakeSubscription(
  key: Uint8Array | null,
  endpoint = `https://push.example.test/${++endpoints}`,
): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: key ? new Uint8Array(key).buffer : null },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    }),
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      return true;
    },
  };
  return subscription;
}

/** A browser with push support, permission `permission`, and a service worker ready. */
export function fakeBrowser(
  options: { permission?: NotificationPermission; supported?: boolean; registered?: boolean } = {},
): FakeBrowser {
  const browser: FakeBrowser = {
    supported: options.supported ?? true,
    appleMobile: false,
    permissionNow: options.permission ?? 'default',
    answer: 'granted',
    registration: null,
    subscribeCalls: [],
    asked: 0,
    permission: () => browser.permissionNow,
    requestPermission: async () => {
      browser.asked++;
      if (browser.permissionNow === 'default') browser.permissionNow = browser.answer;
      return browser.permissionNow;
    },
    ready: async () => browser.registration,
    current: async () => browser.registration,
  };
  if (options.registered ?? true) {
    const registration: NonNullable<FakeBrowser['registration']> = {
      subscription: null,
      pushManager: {
        getSubscription: async () => {
          const current = registration.subscription;
          return current && !current.unsubscribed ? current : null;
        },
        subscribe: async (init) => {
          browser.subscribeCalls.push(init);
          const key = init.applicationServerKey;
          registration.subscription = fakeSubscription(key instanceof Uint8Array ? key : null);
          return registration.subscription;
        },
      },
    };
    browser.registration = registration;
  }
  return browser;
}

export function device(id: string, name = 'Chrome on Linux', lastSentAt: string | null = null) {
  return { id, name, createdAt: '2026-11-20T09:00:00.000Z', lastSentAt } satisfies PushDevice;
}

/** The API as a recording fake: `save` answers a device, the rest succeed unless told. */
export function fakeApi() {
  const calls: string[] = [];
  let next = 0;
  return {
    calls,
    key: vi.fn(async () => PUBLIC_KEY),
    save: vi.fn(async (body: PushDeviceBody) => {
      calls.push(`save ${body.endpoint}`);
      return device(`d${++next}`, body.name);
    }),
    remove: vi.fn(async (id: string, token?: string) => {
      calls.push(token ? `remove ${id} with ${token}` : `remove ${id}`);
    }),
    test: vi.fn(async () => ({})),
  };
}

export function fakeRecord(initial: DeviceRecord | null = null) {
  const record = {
    value: initial,
    read: () => record.value,
    write: (value: DeviceRecord) => {
      record.value = value;
    },
    forget: () => {
      record.value = null;
    },
  };
  return record;
}

export function fakeDeps(
  browser = fakeBrowser(),
  record = fakeRecord(),
  api = fakeApi(),
): AlarmsDeps & { browser: FakeBrowser; record: ReturnType<typeof fakeRecord> } & {
  api: ReturnType<typeof fakeApi>;
} {
  return { browser, record, api, name: () => 'Chrome on Linux' };
}
