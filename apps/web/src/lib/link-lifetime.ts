import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a mailed link works, in the reader's language: core's linkLifetimeInWords, whose
 * English it says word for word (whole days from two days up, "7 days", else whole hours, "1
 * hour", "24 hours"), with each language's plural forms. Render it with `i18n._`.
 */
export function linkLifetime(ms: number): MessageDescriptor {
  if (ms >= 2 * DAY_MS && ms % DAY_MS === 0) {
    const days = ms / DAY_MS;
    return msg`${plural(days, { one: '# day', other: '# days' })}`;
  }
  const hours = Math.round(ms / HOUR_MS);
  return msg`${plural(hours, { one: '# hour', other: '# hours' })}`;
}
