import type { Completion, TimerType } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

/** product §4 notification texts, in the language active when the timer completes. */
export function notificationText(completion: Pick<Completion, 'finishedType'>): string {
  return completion.finishedType === 'pomodoro'
    ? t`Time for a break!`
    : t`Break is over, time to focus!`;
}

/**
 * Titles of the type tabs, the badge (product §2) and the mini timer; core names the types by
 * id only, the words are here. Rendered with `i18n._`, so they follow a change of language.
 */
export const TIMER_TYPE_TITLES: Record<TimerType, MessageDescriptor> = {
  pomodoro: msg`Pomodoro`,
  short_break: msg`Short Break`,
  long_break: msg`Long Break`,
};
