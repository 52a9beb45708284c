import { PUSH_ACTION_START, TIMER_NOTIFICATION_TAG, type PushAlarmPayload } from '@focusroom/core';
import { expect, test, type BrowserContext, type Page } from '../support/test.js';
import { createVerifiedUser, signInAs } from '../support/api.js';
import { E2E_BASE_URL } from '../support/env.js';
import {
  deliverPush,
  fakePushManager,
  pushBrowser,
  receivedAlarms,
  shownNotifications,
  type FakePushBrowser,
} from '../support/push.js';
import { expectNoAxeViolations, screenshot } from '../support/screens.js';
import { expectTime, waitForServiceWorkerControl } from '../support/timer-page.js';

/*
 * Alarms with the app closed (issue 33): a signed-in user turns them on for this browser in the
 * timer settings; the end of each phase of the account's timer then reaches the browser as a push
 * (here: the fake push service, decrypted by the test and handed to the app's service worker),
 * which shows it as the timer notification; its "Start break" button starts the break without
 * opening the app. Real time and a real service worker.
 */
test.use({ serviceWorkers: 'allow' });

interface DeviceJson {
  id: string;
  name: string;
  createdAt: string;
  lastSentAt: string | null;
}

async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${E2E_BASE_URL}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function devices(token: string): Promise<DeviceJson[]> {
  return (await call<{ devices: DeviceJson[] }>(token, '/push/devices')).devices;
}

/** A phone of the account that gets alarms, registered as that phone's app would. */
async function addPhone(token: string, browser: FakePushBrowser): Promise<DeviceJson> {
  return call<DeviceJson>(token, '/push/devices', {
    method: 'PUT',
    body: JSON.stringify({
      endpoint: browser.endpoint,
      keys: browser.keys,
      name: 'Firefox on Android',
    }),
  });
}

/** Signs in with this browser subscribing as `browser`, once the app works offline. */
async function openSignedIn(
  page: Page,
  context: BrowserContext,
  token: string,
  browser: FakePushBrowser,
): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await fakePushManager(context, browser);
  await signInAs(page, token, '/dashboard');
  await waitForServiceWorkerControl(page);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await expect(dialog.getByRole('heading', { name: 'Alarms with the app closed' })).toBeVisible();
  return dialog;
}

function thisDeviceSwitch(dialog: ReturnType<Page['getByRole']>) {
  return dialog.getByRole('switch', { name: /^Alarms on this device/ });
}

/** What the tests use of the app's service worker's global scope (e2e's types are a page's). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (
    type: string,
    init: { notification: Notification; action: string },
  ) => Event;
}

/** The notifications the app's service worker shows, read in the worker (no app page needed). */
async function workerNotifications(context: BrowserContext) {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
    }));
  });
}

test('a device turned on gets a test alarm; the other devices are listed and can be removed', async ({
  page,
  context,
}) => {
  const { token } = await createVerifiedUser('alarms');
  const laptop = pushBrowser(`laptop-${Date.now()}`);
  await addPhone(token, pushBrowser(`phone-${Date.now()}`));
  await openSignedIn(page, context, token, laptop);

  const dialog = await openSettings(page);
  const phone = dialog.getByRole('listitem').filter({ hasText: 'Firefox on Android' });
  await expect(phone).toContainText('No alarm yet');
  const toggle = thisDeviceSwitch(dialog);
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  const sendTest = dialog.getByRole('button', { name: 'Send a test alarm' });
  await expect(sendTest).toBeVisible();
  await expect(toggle).toBeChecked();
  // This browser is the account's second device, named as the live timer names it.
  const listed = await devices(token);
  expect(listed.map((d) => d.name)).toEqual(
    expect.arrayContaining(['Firefox on Android', expect.stringMatching(/^Chrome on /)]),
  );
  expect(listed).toHaveLength(2);
  await screenshot(page, 'timer-alarms-on');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  // The section in the middle of the dialog, as a person scrolls to it.
  await dialog
    .getByRole('heading', { name: 'Alarms with the app closed' })
    .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
  await screenshot(page, 'timer-alarms-on-375');
  await page.setViewportSize({ width: 1280, height: 720 });

  await sendTest.click();
  await expect(page.getByText('Test alarm sent. It should arrive in a few seconds.')).toBeVisible();
  await expect.poll(async () => (await receivedAlarms(laptop)).length).toBe(1);
  const [alarm] = await receivedAlarms(laptop);
  expect(alarm).toMatchObject({
    kind: 'test',
    tag: TIMER_NOTIFICATION_TAG,
    lang: 'en',
    dir: 'ltr',
  });
  expect(alarm!.title).toBeTruthy();

  await deliverPush(page, alarm!);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      { title: alarm!.title, body: alarm!.body, tag: TIMER_NOTIFICATION_TAG, actions: [] },
    ]);

  await phone.getByRole('button', { name: 'Remove Firefox on Android' }).click();
  await expect(phone).toBeHidden();
  await expect.poll(async () => (await devices(token)).length).toBe(1);

  // Off again: the device leaves the account and the browser drops its subscription.
  await toggle.uncheck();
  await expect(sendTest).toBeHidden();
  await expect.poll(async () => (await devices(token)).length).toBe(0);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.pushManager.getSubscription();
    }),
  ).toBeNull();
});

test('the end of a focus reaches the closed app, and its button starts the break', async ({
  page,
  context,
}) => {
  // A one-minute focus runs out in real time, with no tab of the app open.
  test.setTimeout(180_000);
  const { token } = await createVerifiedUser('alarms');
  await call(token, '/settings', { method: 'PUT', body: JSON.stringify({ pomodoro_duration: 1 }) });
  const laptop = pushBrowser(`laptop-${Date.now()}`);
  await openSignedIn(page, context, token, laptop);

  const dialog = await openSettings(page);
  await thisDeviceSwitch(dialog).check();
  await expect(dialog.getByRole('button', { name: 'Send a test alarm' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectTime(page, '01:00');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // Every tab of the app closed; the browser stays open.
  const blank = await context.newPage();
  await page.close();

  await expect
    .poll(async () => (await receivedAlarms(laptop)).filter((a) => a.kind === 'phase-end'), {
      timeout: 100_000,
      intervals: [2_000],
    })
    .toHaveLength(1);
  const alarm = (await receivedAlarms(laptop)).find(
    (a): a is PushAlarmPayload => a.kind === 'phase-end',
  )!;
  expect(alarm).toMatchObject({
    tag: TIMER_NOTIFICATION_TAG,
    lang: 'en',
    dir: 'ltr',
    actions: [{ action: PUSH_ACTION_START, title: 'Start break' }],
    actionToken: expect.any(String),
  });
  expect(alarm.title).toBeTruthy();
  expect(alarm.body).toBeTruthy();

  await deliverPush(blank, alarm);
  await expect
    .poll(() => workerNotifications(context))
    .toEqual([{ title: alarm.title, body: alarm.body, tag: TIMER_NOTIFICATION_TAG }]);

  // The person presses "Start break" on the notification (a click the test dispatches itself).
  const worker = context.serviceWorkers()[0]!;
  await worker.evaluate(async (action) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification: notification!, action }),
    );
  }, PUSH_ACTION_START);

  await expect
    .poll(async () => {
      const timer = await call<{ state: { status: string; type: string } }>(token, '/timer');
      return timer.state;
    })
    .toMatchObject({ status: 'running', type: 'short_break' });
  await expect.poll(() => workerNotifications(context)).toEqual([]);
  // Started from the notification: no window of the app was opened for it.
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
});

test('signing out stops the alarms on this browser', async ({ page, context }) => {
  const { token } = await createVerifiedUser('alarms');
  const laptop = pushBrowser(`laptop-${Date.now()}`);
  await openSignedIn(page, context, token, laptop);
  const dialog = await openSettings(page);
  await thisDeviceSwitch(dialog).check();
  await expect(dialog.getByRole('button', { name: 'Send a test alarm' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  // The next person on this browser gets none of the account's alarms: the subscription is gone.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const subscription = await registration.pushManager.getSubscription();
        return {
          subscribed: subscription !== null,
          remembered:
            localStorage.length > 0 && localStorage.getItem('focusroom_push_device') !== null,
        };
      }),
    )
    .toEqual({ subscribed: false, remembered: false });
});
