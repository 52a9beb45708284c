import type { Weekday } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Core's weekdays ('Monday', …), which key the statistics, as the page words them in the
 * reader's language (decision 076): the English is core's.
 */

/** The weekday's name: 'Monday'. */
export const WEEKDAY_NAMES: Record<Weekday, MessageDescriptor> = {
  Monday: msg`Monday`,
  Tuesday: msg`Tuesday`,
  Wednesday: msg`Wednesday`,
  Thursday: msg`Thursday`,
  Friday: msg`Friday`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
};

/** Its short name, under a bar and beside the calendar's rows: 'Mon'. */
export const WEEKDAY_SHORT_NAMES: Record<Weekday, MessageDescriptor> = {
  Monday: msg({ message: 'Mon', context: 'weekday, short' }),
  Tuesday: msg({ message: 'Tue', context: 'weekday, short' }),
  Wednesday: msg({ message: 'Wed', context: 'weekday, short' }),
  Thursday: msg({ message: 'Thu', context: 'weekday, short' }),
  Friday: msg({ message: 'Fri', context: 'weekday, short' }),
  Saturday: msg({ message: 'Sat', context: 'weekday, short' }),
  Sunday: msg({ message: 'Sun', context: 'weekday, short' }),
};

/** The weekday chart's line for the busiest weekday, `total` its focus time ('12 h 5 min'). */
export const STRONGEST_WEEKDAY: Record<Weekday, (total: string) => MessageDescriptor> = {
  Monday: (total) => msg`Mondays are your strongest: ${total} in total`,
  Tuesday: (total) => msg`Tuesdays are your strongest: ${total} in total`,
  Wednesday: (total) => msg`Wednesdays are your strongest: ${total} in total`,
  Thursday: (total) => msg`Thursdays are your strongest: ${total} in total`,
  Friday: (total) => msg`Fridays are your strongest: ${total} in total`,
  Saturday: (total) => msg`Saturdays are your strongest: ${total} in total`,
  Sunday: (total) => msg`Sundays are your strongest: ${total} in total`,
};
