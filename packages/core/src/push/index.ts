/**
 * Web Push alarms (issue 33): the end of each phase of an account's timer reaches every device
 * that opted in, with every tab closed. The limits and words the server and the web share.
 */

/** Devices (browsers) one account may have receiving alarms at once. */
export const PUSH_MAX_DEVICES = 20;

/** The longest push-service address a browser gives (Chrome's and Firefox's are under 300). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** A phase-end alarm later than this after the phase ended is not sent (the server was down). */
export const PUSH_LATE_LIMIT_MS = 5 * 60_000;

/** How long a push service keeps an alarm for a device that is offline (its TTL). */
export const PUSH_TTL_SECONDS = 10 * 60;

/** How long a notification's button (start the break, start focusing) keeps working. */
export const PUSH_ACTION_TTL_MS = 60 * 60_000;

/** One test alarm per device per this many milliseconds. */
export const PUSH_TEST_INTERVAL_MS = 10_000;

/** The one action a phase-end notification offers: start the next phase. */
export const PUSH_ACTION_START = 'start';

/** What a push message carries to the service worker (public/push-sw.js reads it). */
export interface PushAlarmPayload {
  kind: 'phase-end' | 'test';
  title: string;
  body: string;
  /** TIMER_NOTIFICATION_TAG. */
  tag: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Buttons on the notification: `start` starts the next phase. */
  actions: { action: typeof PUSH_ACTION_START; title: string }[];
  /** The signed right to press the action, without a session (POST /api/push/actions). */
  actionToken?: string;
}

/** Why the API refused a push request. */
export const PUSH_MESSAGES = {
  subscription: 'A push subscription needs an https endpoint and its p256dh and auth keys',
  endpoint: 'This push address is not from a known push service',
  tooMany: `At most ${PUSH_MAX_DEVICES} devices can receive alarms; remove one first`,
  notFound: 'No such alarm device',
  actionExpired: 'This notification has expired: open Focusroom to go on',
  testTooSoon: 'A test alarm was sent to this device moments ago',
  testFailed: 'The push service did not take the test alarm; try again in a moment',
  deviceGone: 'This device no longer receives alarms: turn them on again',
} as const;

/**
 * The tag of every timer notification, a page's and a push's: a new one replaces the last, so a
 * phase end announced by both an open tab and a push shows once.
 */
export const TIMER_NOTIFICATION_TAG = 'focusroom-timer';
