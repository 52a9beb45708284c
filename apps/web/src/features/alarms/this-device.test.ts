import { TIMER_NOTIFICATION_TAG } from '@focusroom/core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { PUBLIC_KEY, fakeBrowser, fakeDeps, fakeRecord, fakeSubscription } from './test-fakes';
import {
  ServiceWorkerNotReadyError,
  base64UrlToBytes,
  followSession,
  forgetThisBrowser,
  readThisDevice,
  turnOff,
  turnOn,
} from './this-device';

const KEY = base64UrlToBytes(PUBLIC_KEY);

/** A browser already subscribed to the server's key, remembered as `userId`'s device `id`. */
function subscribedAs(userId: string, id = 'd0') {
  const deps = fakeDeps();
  const subscription = fakeSubscription(KEY);
  deps.browser.registration!.subscription = subscription;
  deps.record.write({ userId, id, endpoint: subscription.endpoint });
  return { deps, subscription };
}

describe('base64UrlToBytes', () => {
  it('reads a VAPID key as its 65 bytes', () => {
    expect(KEY).toHaveLength(65);
    expect(Array.from(base64UrlToBytes('_-8'))).toEqual([0xff, 0xef]);
  });
});

describe('readThisDevice', () => {
  it('is unsupported without the Push API, and denied when notifications are blocked', async () => {
    expect(await readThisDevice(fakeDeps(fakeBrowser({ supported: false })), 'u1')).toEqual({
      kind: 'unsupported',
    });
    expect(await readThisDevice(fakeDeps(fakeBrowser({ permission: 'denied' })), 'u1')).toEqual({
      kind: 'denied',
    });
  });

  it('is on only for the user whose device this browser remembers, with that subscription', async () => {
    const { deps, subscription } = subscribedAs('u1');
    expect(await readThisDevice(deps, 'u1')).toEqual({ kind: 'on', deviceId: 'd0' });
    expect(await readThisDevice(deps, 'u2')).toEqual({ kind: 'off' });
    await subscription.unsubscribe();
    expect(await readThisDevice(deps, 'u1')).toEqual({ kind: 'off' });
  });
});

describe('turnOn', () => {
  it('subscribes to the server key, registers the device and remembers it for the user', async () => {
    const deps = fakeDeps();
    const result = await turnOn(deps, 'u1', deps.browser.requestPermission());
    expect(result).toMatchObject({ kind: 'on', device: { id: 'd1', name: 'Chrome on Linux' } });
    expect(deps.browser.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: KEY },
    ]);
    const endpoint = deps.browser.registration!.subscription!.endpoint;
    expect(deps.api.save).toHaveBeenCalledWith({
      endpoint,
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
      name: 'Chrome on Linux',
    });
    expect(deps.record.value).toEqual({ userId: 'u1', id: 'd1', endpoint });
  });

  it('says denied or dismissed as the person answered, and subscribes to nothing', async () => {
    const denied = fakeDeps(fakeBrowser({ permission: 'denied' }));
    expect(await turnOn(denied, 'u1', denied.browser.requestPermission())).toEqual({
      kind: 'denied',
    });
    const dismissed = fakeDeps();
    dismissed.browser.answer = 'default';
    expect(await turnOn(dismissed, 'u1', dismissed.browser.requestPermission())).toEqual({
      kind: 'dismissed',
    });
    expect([...denied.browser.subscribeCalls, ...dismissed.browser.subscribeCalls]).toEqual([]);
  });

  it("drops another account's subscription and makes a new one", async () => {
    const { deps, subscription } = subscribedAs('someone-else');
    await turnOn(deps, 'u1', Promise.resolve('granted'));
    expect(subscription.unsubscribed).toBe(true);
    expect(deps.browser.registration!.subscription!.endpoint).not.toBe(subscription.endpoint);
    expect(deps.record.value?.userId).toBe('u1');
  });

  it('keeps its own subscription when the server only forgot the device', async () => {
    const { deps, subscription } = subscribedAs('u1');
    await turnOn(deps, 'u1', Promise.resolve('granted'));
    expect(subscription.unsubscribed).toBe(false);
    expect(deps.browser.subscribeCalls).toEqual([]);
    expect(deps.api.calls).toEqual([`save ${subscription.endpoint}`]);
  });

  it('renews a subscription made for an old server key', async () => {
    const deps = fakeDeps();
    const old = fakeSubscription(new Uint8Array(65));
    deps.browser.registration!.subscription = old;
    deps.record.write({ userId: 'u1', id: 'd0', endpoint: old.endpoint });
    await turnOn(deps, 'u1', Promise.resolve('granted'));
    expect(old.unsubscribed).toBe(true);
    expect(deps.browser.subscribeCalls).toHaveLength(1);
  });

  it("drops the new subscription when the server refuses it, and throws the server's error", async () => {
    const deps = fakeDeps();
    const refusal = new ApiError('At most 20 devices can receive alarms; remove one first', {
      status: 409,
      code: 'push.tooMany',
    });
    deps.api.save.mockRejectedValueOnce(refusal);
    await expect(turnOn(deps, 'u1', Promise.resolve('granted'))).rejects.toBe(refusal);
    expect(deps.browser.registration!.subscription!.unsubscribed).toBe(true);
    expect(deps.record.value).toBeNull();
  });

  it('throws ServiceWorkerNotReadyError when no service worker came', async () => {
    const deps = fakeDeps(fakeBrowser({ registered: false }));
    await expect(turnOn(deps, 'u1', Promise.resolve('granted'))).rejects.toBeInstanceOf(
      ServiceWorkerNotReadyError,
    );
  });
});

describe('turnOff', () => {
  it('removes the device on the server, then drops the subscription and the record', async () => {
    const { deps, subscription } = subscribedAs('u1');
    await turnOff(deps);
    expect(deps.api.calls).toEqual(['remove d0']);
    expect(subscription.unsubscribed).toBe(true);
    expect(deps.record.value).toBeNull();
  });

  it('keeps everything when the server could not be told', async () => {
    const { deps, subscription } = subscribedAs('u1');
    deps.api.remove.mockRejectedValueOnce(new ApiError('Network Error'));
    await expect(turnOff(deps)).rejects.toThrow('Network Error');
    expect(subscription.unsubscribed).toBe(false);
    expect(deps.record.value).not.toBeNull();
  });
});

describe('forgetThisBrowser (a session ended)', () => {
  it("removes the device with the ended session's token at once, and drops the subscription", async () => {
    const { deps, subscription } = subscribedAs('u1');
    const done = forgetThisBrowser(deps, 'old-token');
    // Sent before anything is awaited: ahead of the logout that revokes the token.
    expect(deps.api.calls).toEqual(['remove d0 with old-token']);
    await done;
    expect(subscription.unsubscribed).toBe(true);
    expect(deps.record.value).toBeNull();
  });

  it('closes the timer notifications still on screen, whose Start button would still work', async () => {
    const { deps } = subscribedAs('u1');
    const shown = [{ close: vi.fn() }, { close: vi.fn() }];
    const asked: unknown[] = [];
    deps.browser.registration!.getNotifications = async (filter) => {
      asked.push(filter);
      return shown;
    };
    await forgetThisBrowser(deps, 'old-token');
    expect(asked).toEqual([{ tag: TIMER_NOTIFICATION_TAG }]);
    for (const notification of shown) expect(notification.close).toHaveBeenCalled();
  });

  it('still drops the subscription when the server cannot be told', async () => {
    const { deps, subscription } = subscribedAs('u1');
    deps.api.remove.mockRejectedValueOnce(new ApiError('Unauthorized', { status: 401 }));
    await forgetThisBrowser(deps, 'revoked');
    expect(subscription.unsubscribed).toBe(true);
    expect(deps.record.value).toBeNull();
  });
});

describe('followSession (a signed-in start)', () => {
  it("forgets another account's device and drops its subscription", async () => {
    const { deps, subscription } = subscribedAs('someone-else');
    await followSession(deps, 'u1');
    expect(subscription.unsubscribed).toBe(true);
    expect(deps.record.value).toBeNull();
    expect(deps.api.calls).toEqual([]);
  });

  it('removes the device whose subscription the browser dropped', async () => {
    const { deps, subscription } = subscribedAs('u1');
    await subscription.unsubscribe();
    await followSession(deps, 'u1');
    expect(deps.api.calls).toEqual(['remove d0']);
    expect(deps.record.value).toBeNull();
  });

  it('keeps the device while the service worker is not registered yet (nothing is known)', async () => {
    const { deps } = subscribedAs('u1');
    deps.browser.registration = null;
    await followSession(deps, 'u1');
    expect(deps.api.calls).toEqual([]);
    expect(deps.record.value).not.toBeNull();
  });

  it('sends a renewed subscription again and removes the old device', async () => {
    const { deps } = subscribedAs('u1');
    const renewed = fakeSubscription(KEY);
    deps.browser.registration!.subscription = renewed;
    await followSession(deps, 'u1');
    expect(deps.api.calls).toEqual([`save ${renewed.endpoint}`, 'remove d0']);
    expect(deps.record.value).toEqual({ userId: 'u1', id: 'd1', endpoint: renewed.endpoint });
  });

  it('changes nothing when all is in step, or when nothing is remembered', async () => {
    const { deps } = subscribedAs('u1');
    await followSession(deps, 'u1');
    const none = fakeDeps(fakeBrowser(), fakeRecord());
    await followSession(none, 'u1');
    expect([...deps.api.calls, ...none.api.calls]).toEqual([]);
  });
});
