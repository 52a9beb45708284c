import type { Completion } from '@focusroom/core';

/** product §4 notification texts. */
export function notificationText(completion: Pick<Completion, 'finishedType'>): string {
  return completion.finishedType === 'pomodoro'
    ? 'Time for a break!'
    : 'Break is over, time to focus!';
}

/** Titles of the badge (product §2) and the phase names used in the tab title. */
export const TIMER_TYPE_TITLES = {
  pomodoro: 'Pomodoro',
  short_break: 'Short Break',
  long_break: 'Long Break',
} as const;
