import type { TimerShortcutName } from '../../lib/timer-shortcuts';
import { useEffect, useRef } from 'react';
import { replayedInputTime } from '../../lib/early-input';

/**
 * One handler per shortcut of TIMER_SHORTCUT (@focusroom/core); `at` is when the key was pressed
 * when that was before now (a key kept while the page loaded, docs/decisions/048).
 */
export type TimerShortcutHandlers = Record<TimerShortcutName, (at?: number) => void>;

const TYPING_SELECTOR = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Space on these already means "press me"; the shortcut must not press something else too. */
const SPACE_OWNERS =
  'button, a[href], summary, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="radio"], [role="menuitem"], [role="option"]';

/** True when the key press belongs to something else: typing, a modifier combo, an open dialog. */
export function isForeignKeyEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (target) {
    if (target.closest(TYPING_SELECTOR)) return true;
    if ((target as HTMLElement).isContentEditable) return true;
    if (target.closest('[role="dialog"], [aria-modal="true"]')) return true;
  }
  return false;
}

/**
 * Space start/pause/resume, R reset, S skip, F focus mode, ? help (TIMER_SHORTCUT), never while
 * the person types in a field or holds Ctrl, Alt or Meta, and not while a dialog is open.
 */
export function useTimerShortcuts(handlers: TimerShortcutHandlers, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isForeignKeyEvent(event)) return;
      const target = event.target instanceof Element ? event.target : null;
      if (event.key === '?') {
        event.preventDefault();
        latest.current.help(replayedInputTime(event));
        return;
      }
      if (event.shiftKey) return;
      if (event.key === ' ' || event.code === 'Space') {
        if (target?.closest(SPACE_OWNERS)) return;
        if (event.repeat) return;
        event.preventDefault();
        latest.current.toggle(replayedInputTime(event));
      } else if (event.key === 'r' || event.key === 'R') {
        if (event.repeat) return;
        event.preventDefault();
        latest.current.reset(replayedInputTime(event));
      } else if (event.key === 's' || event.key === 'S') {
        if (event.repeat) return;
        event.preventDefault();
        latest.current.skip(replayedInputTime(event));
      } else if (event.key === 'f' || event.key === 'F') {
        if (event.repeat) return;
        event.preventDefault();
        latest.current.focus(replayedInputTime(event));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
