import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a mailed link works, in the reader's language: core's `linkLifetimeInWords` (whole
 * days from two days up, else whole hours) as a message, with the same English. Rendered with
 * `i18n._` where it is shown, so it follows a change of language.
 */
export function linkLifetime(ms: number): MessageDescriptor {
  if (ms >= 2 * DAY_MS && ms % DAY_MS === 0) {
    const days = ms / DAY_MS;
    return msg`${plural(days, { one: '# day', other: '# days' })}`;
  }
  const hours = Math.round(ms / HOUR_MS);
  return msg`${plural(hours, { one: '# hour', other: '# hours' })}`;
}
