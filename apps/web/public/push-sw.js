// Push alarms (issue 33), in the service worker vite-plugin-pwa generates: it loads this file with
// importScripts (workbox.importScripts in vite.config.ts). A push is the end of a phase of the
// account's timer, or a test, already in the reader's language (PushAlarmPayload in
// @focusroom/core); it shows as the one timer notification (TIMER_NOTIFICATION_TAG replaces the
// last). Its button starts the next phase through POST /api/push/actions with the token the push
// carried, no session needed; a click anywhere else opens the app. Plain JavaScript: the
// generated worker cannot import modules.
//
// Each handler starts its work before event.waitUntil: waitUntil throws on an event a script
// made (the end-to-end tests dispatch a notificationclick of their own), and the work must run
// all the same.

/** PUSH_ACTION_START in @focusroom/core. */
const ACTION_START = 'start';
const ACTIONS_URL = '/api/push/actions';
const ICON_URL = '/icons/icon-192.png';

/** Keeps the worker alive for `work` where the event allows it. */
function keepAlive(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    // A synthetic event: the work goes on without it.
  }
}

/** The push's payload, or null when it is not one of ours. */
function readPayload(event) {
  try {
    const payload = event.data ? event.data.json() : null;
    return payload && typeof payload.title === 'string' ? payload : null;
  } catch {
    return null;
  }
}

async function showAlarm(payload) {
  const actions = Array.isArray(payload.actions) ? payload.actions : [];
  await self.registration.showNotification(payload.title, {
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: payload.tag,
    lang: payload.lang,
    dir: payload.dir,
    icon: ICON_URL,
    actions: actions.map((action) => ({ action: action.action, title: action.title })),
    data: { actionToken: payload.actionToken ?? null, kind: payload.kind },
    // A new phase's end alerts again, though it replaces the last notification.
    renotify: true,
  });
}

/** Focuses a window of the app (the timer's page first), or opens one. */
async function openApp() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const timerPage = own.find((client) =>
    ['/', '/dashboard'].includes(new URL(client.url).pathname),
  );
  const target = timerPage ?? own[0];
  if (target) {
    try {
      return await target.focus();
    } catch {
      // Focus refused: a new window instead.
    }
  }
  return self.clients.openWindow('/');
}

/**
 * The button: starts the next phase on the server. When that fails (offline, an expired token)
 * or the timer changed since the alarm (`stale`), the app opens so the person sees where it is.
 */
async function pressStart(token) {
  try {
    const response = await fetch(ACTIONS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const answer = response.ok ? await response.json() : null;
    if (answer && answer.outcome !== 'stale') return;
  } catch {
    // Offline: the app says what happened.
  }
  await openApp();
}

/** Whether a window of the app is in view: it rings and shows the phase's end itself. */
async function appInView() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some(
    (client) =>
      client.visibilityState === 'visible' && new URL(client.url).origin === self.location.origin,
  );
}

async function onPush(payload) {
  // A phase's end with the app in view would ring twice (the page's own chime and
  // notification, then this); a test alarm always shows.
  if (payload.kind === 'phase-end' && (await appInView())) return;
  await showAlarm(payload);
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  if (!payload) return;
  keepAlive(event, onPush(payload));
});

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  const work =
    event.action === ACTION_START && data.actionToken ? pressStart(data.actionToken) : openApp();
  keepAlive(
    event,
    work.catch(() => undefined),
  );
});
