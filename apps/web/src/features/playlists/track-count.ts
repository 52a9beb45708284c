import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** "1 track", "12 tracks": render with `i18n._`, so each language counts in its own plural forms. */
export function trackCountLabel(count: number): MessageDescriptor {
  return msg`${plural(count, { one: '# track', other: '# tracks' })}`;
}
