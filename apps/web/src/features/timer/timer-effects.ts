import {
  STORAGE_KEYS,
  alarmFor,
  sessionRecordFor,
  type Completion,
  type SessionRecord,
  type TimerSettings,
  type TimerType,
  type TodoText,
  TIMER_NOTIFICATION_TAG,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '../../i18n';
import { TIMER_TYPE_TITLES, notificationText } from './phase-titles';
import { readItem, writeItem } from '../../lib/storage';
import { loadSessionOutbox } from '../stats/lazy';
import { announce } from './announcer';
import { completionClientId } from './completion-id';
import { countLocalPomodoro } from './daily-count';
import { playSound } from './timer-audio';

/**
 * What a finished countdown does in the browser (product §4 completion): the session record (signed
 * in, finished pomodoros), the sound, the notification and the spoken announcement. Restored
 * completions (found on load) are recorded but make no late sound (decision 004).
 */

export const NOTIFICATION_ICON_URL = '/icons/icon-192.png';
/** One notification slot: a newer phase change replaces the older one. */
export const NOTIFICATION_TAG = TIMER_NOTIFICATION_TAG;
export const TIMER_RECORD_ORIGIN = 'timer';

export interface CompletionContext {
  source: 'live' | 'restore';
  userId: string | null;
  settings: TimerSettings;
  todos: readonly TodoText[];
  currentTask: string;
}

export interface CompletionEffects {
  /** The alarm for the phase that ended (product §3 `focus_end_sound` / `break_end_sound`). */
  playSound(url: string, volume: number): void;
  showNotification(title: string, body: string): void;
  recordSession(userId: string, record: SessionRecord): void;
  announce(text: string): void;
  /** True when this tab is the first to handle the completion that ended at `endedAt`. */
  claimChime(endedAt: number): boolean;
  /** A visitor's finished pomodoro counts towards today's goal (signed in, the server counts). */
  countPomodoro?(startedAt: number): void;
}

/** The phases as the announcement names them, in a sentence. */
const SENTENCE_NAMES: Record<TimerType, MessageDescriptor> = {
  pomodoro: msg`Pomodoro`,
  short_break: msg`Short break`,
  long_break: msg`Long break`,
};

/**
 * "Pomodoro complete. Short break next." (or "... starts in 1 second." with auto-start), in the
 * language active when the phase ends.
 */
export function announcementFor(completion: Completion): string {
  const finished = i18n._(SENTENCE_NAMES[completion.finishedType]);
  const next = i18n._(SENTENCE_NAMES[completion.nextType]);
  return completion.autoStart
    ? t`${finished} complete. ${next} starts in 1 second.`
    : t`${finished} complete. ${next} next.`;
}

/** The notification's body: "Pomodoro complete. Short Break next." with the badge's titles. */
function notificationBody(completion: Completion): string {
  const finished = i18n._(TIMER_TYPE_TITLES[completion.finishedType]);
  const next = i18n._(TIMER_TYPE_TITLES[completion.nextType]);
  return t`${finished} complete. ${next} next.`;
}

export function handleCompletions(
  completions: readonly Completion[],
  context: CompletionContext,
  effects: CompletionEffects = browserEffects,
): void {
  if (completions.length === 0) return;
  if (!context.userId) {
    for (const completion of completions) {
      if (completion.finishedType === 'pomodoro') effects.countPomodoro?.(completion.startedAt);
    }
  }
  if (context.userId) {
    for (const completion of completions) {
      const record = sessionRecordFor(completion, context.todos, context.currentTask);
      if (record) {
        effects.recordSession(context.userId, {
          ...record,
          client_id: completionClientId(completion),
        });
      }
    }
  }
  if (context.source !== 'live') return;
  // A tab that slept through several phases rings once, for the latest.
  const last = completions[completions.length - 1]!;
  effects.announce(announcementFor(last));
  if (!effects.claimChime(last.endedAt)) return;
  if (context.settings.sound_enabled) {
    effects.playSound(alarmFor(last.finishedType, context.settings), context.settings.alarm_volume);
  }
  if (context.settings.notification_enabled) {
    effects.showNotification(notificationText(last), notificationBody(last));
  }
}

function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Product §4: permission is requested if not yet decided. Called on Start too (a user gesture). */
export function requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return Promise.resolve('unsupported');
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  try {
    return Notification.requestPermission().catch(() => Notification.permission);
  } catch {
    return Promise.resolve(Notification.permission);
  }
}

function showBrowserNotification(title: string, body: string): void {
  const options: NotificationOptions = { body, icon: NOTIFICATION_ICON_URL, tag: NOTIFICATION_TAG };
  try {
    new Notification(title, options);
  } catch {
    // Android Chrome only shows notifications through the service worker.
    void navigator.serviceWorker?.ready
      .then((registration) => registration.showNotification(title, options))
      .catch(() => undefined);
  }
}

export const browserEffects: CompletionEffects = {
  playSound,
  showNotification(title, body) {
    if (!notificationsSupported()) return;
    if (Notification.permission === 'granted') {
      showBrowserNotification(title, body);
      return;
    }
    if (Notification.permission === 'default') {
      void requestNotificationPermission().then((permission) => {
        if (permission === 'granted') showBrowserNotification(title, body);
      });
    }
  },
  recordSession(userId, record) {
    // Only signed-in users record, so the outbox loads with their code, not on a visitor's /.
    void loadSessionOutbox().then(({ enqueueSession }) =>
      enqueueSession(userId, record, { origin: TIMER_RECORD_ORIGIN }),
    );
  },
  announce,
  claimChime(endedAt) {
    const key = String(endedAt);
    if (readItem(STORAGE_KEYS.timerChimed) === key) return false;
    writeItem(STORAGE_KEYS.timerChimed, key);
    return true;
  },
  countPomodoro: countLocalPomodoro,
};
