import type { MessageDescriptor } from '@lingui/core';
import type { TimerType } from '@focusroom/core';

/**
 * Every word of the push alarms, read like the mails' (apps/server/src/mail/messages.ts): explicit
 * ids marked `/*i18n*\/`, collected into each language's mail.po by
 * `npm run i18n:extract -w @focusroom/web`, and sent in the account's language.
 */

/** The title: which phase just ended. */
export const PUSH_ENDED: Record<TimerType, MessageDescriptor> = {
  pomodoro: /*i18n*/ {
    id: 'push.ended.pomodoro',
    comment: "A notification's title when a focus session (a pomodoro) reaches its end.",
    message: 'Focus session done',
  },
  short_break: /*i18n*/ {
    id: 'push.ended.short-break',
    comment: "A notification's title when a short break reaches its end.",
    message: 'Short break over',
  },
  long_break: /*i18n*/ {
    id: 'push.ended.long-break',
    comment: "A notification's title when a long break reaches its end.",
    message: 'Long break over',
  },
};

/** The body when the next phase waits for a press. */
export const PUSH_NEXT: Record<TimerType, MessageDescriptor> = {
  pomodoro: /*i18n*/ {
    id: 'push.next.pomodoro',
    comment: 'Under a break-over title; the next focus waits for the person to start it.',
    message: 'Time to focus again.',
  },
  short_break: /*i18n*/ {
    id: 'push.next.short-break',
    comment: 'Under a focus-done title; a short break waits for the person to start it.',
    message: 'Time for a short break.',
  },
  long_break: /*i18n*/ {
    id: 'push.next.long-break',
    comment: 'Under a focus-done title; a long break waits for the person to start it.',
    message: 'Time for a long break.',
  },
};

/** The body when the next phase started by itself (auto-start). */
export const PUSH_STARTED: Record<TimerType, MessageDescriptor> = {
  pomodoro: /*i18n*/ {
    id: 'push.started.pomodoro',
    comment: 'Under a break-over title; the next focus has started by itself.',
    message: 'Your next focus session has started.',
  },
  short_break: /*i18n*/ {
    id: 'push.started.short-break',
    comment: 'Under a focus-done title; the short break has started by itself.',
    message: 'Your short break has started.',
  },
  long_break: /*i18n*/ {
    id: 'push.started.long-break',
    comment: 'Under a focus-done title; the long break has started by itself.',
    message: 'Your long break has started.',
  },
};

/** The notification's button that starts the next phase. */
export const PUSH_START: Record<TimerType, MessageDescriptor> = {
  pomodoro: /*i18n*/ {
    id: 'push.start.pomodoro',
    comment: "A notification's button: starts the next focus session at once.",
    message: 'Start focus',
  },
  short_break: /*i18n*/ {
    id: 'push.start.short-break',
    comment: "A notification's button: starts the short break at once.",
    message: 'Start break',
  },
  long_break: /*i18n*/ {
    id: 'push.start.long-break',
    comment: "A notification's button: starts the long break at once.",
    message: 'Start long break',
  },
};

export const PUSH_TEST = {
  title: /*i18n*/ {
    id: 'push.test.title',
    comment: 'The title of the test alarm a person sends to their device from the settings.',
    message: 'Test alarm',
  },
  body: /*i18n*/ {
    id: 'push.test.body',
    comment: "The test alarm's text; {product} is the brand.",
    message: 'Alarms reach this device, even with {product} closed.',
  },
};
