import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** One keyboard shortcut of the timer page. */
export interface TimerShortcut {
  /** The key as people read it; a letter or sign is the key itself, in every language. */
  keys: string;
  /** The key's name in the reader's language, for a key with a name (Space). */
  keyName?: MessageDescriptor;
  /** The aria-keyshortcuts value. */
  aria: string;
  /** What the key does. */
  action: MessageDescriptor;
}

/**
 * The timer page's keyboard shortcuts, for its key handler, its shortcuts dialog, the help page
 * and aria-keyshortcuts. `keys` is what people read, `aria` the aria-keyshortcuts value.
 */
export const TIMER_SHORTCUT = {
  toggle: {
    keys: 'Space',
    keyName: msg`Space`,
    aria: 'Space',
    action: msg`Start, pause or resume`,
  },
  reset: { keys: 'R', aria: 'R', action: msg`Reset the timer` },
  skip: { keys: 'S', aria: 'S', action: msg`Skip to the next phase` },
  focus: {
    keys: 'F',
    aria: 'F',
    action: msg`Focus mode: the timer full screen (F or Esc leaves)`,
  },
  help: { keys: '?', aria: 'Shift+?', action: msg`Show these shortcuts` },
} as const satisfies Record<string, TimerShortcut>;

export type TimerShortcutName = keyof typeof TIMER_SHORTCUT;

/** In the order the dialog and the help page list them. */
export const TIMER_SHORTCUTS: readonly TimerShortcut[] = [
  TIMER_SHORTCUT.toggle,
  TIMER_SHORTCUT.reset,
  TIMER_SHORTCUT.skip,
  TIMER_SHORTCUT.focus,
  TIMER_SHORTCUT.help,
];
