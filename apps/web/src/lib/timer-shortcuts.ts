/**
 * The timer page's keyboard shortcuts, for its key handler, its shortcuts dialog, the help page
 * and aria-keyshortcuts. `keys` is what people read, `aria` the aria-keyshortcuts value.
 */
export const TIMER_SHORTCUT = {
  toggle: { keys: 'Space', aria: 'Space', action: 'Start, pause or resume' },
  reset: { keys: 'R', aria: 'R', action: 'Reset the timer' },
  skip: { keys: 'S', aria: 'S', action: 'Skip to the next phase' },
  focus: { keys: 'F', aria: 'F', action: 'Focus mode: the timer full screen (F or Esc leaves)' },
  help: { keys: '?', aria: 'Shift+?', action: 'Show these shortcuts' },
} as const;

export type TimerShortcutName = keyof typeof TIMER_SHORTCUT;

/** In the order the dialog and the help page list them. */
export const TIMER_SHORTCUTS = [
  TIMER_SHORTCUT.toggle,
  TIMER_SHORTCUT.reset,
  TIMER_SHORTCUT.skip,
  TIMER_SHORTCUT.focus,
  TIMER_SHORTCUT.help,
] as const;
