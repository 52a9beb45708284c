import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';

/**
 * Toasts without paying for them on first load: the notifications package and its host load on
 * the first call, which keeps toasts out of the first chunk (its size budget: bench/README.md).
 */

export interface NotifyOptions {
  title?: string;
  message: string;
  tone?: 'success' | 'error' | 'info' | 'warning';
  /** Milliseconds; product §9: success 3 s, error 5 s. */
  autoClose?: number;
}

const TONE_COLORS = {
  success: 'green',
  error: 'red',
  info: 'focus',
  warning: 'yellow',
} as const;

/*
 * Toasts never cover the control that produced them (decision 057: "Your profile has been saved."
 * lay over Profile's Save changes). The control a person last pressed is remembered (a click,
 * by pointer or keyboard, or the submitter of a form); once a toast is on screen, the stack is
 * lifted above that control when it would sit on it. A lift, not a move: the toasts stay at the
 * bottom right (product §2), and whatever bottom offset they have there (the music player's
 * room, music.css) still applies.
 */

/** How long a pressed control counts as the one a toast answers (a slow save included). */
const CONTROL_MEMORY_MS = 30_000;
/** Room kept between a lifted toast and the control, and below the top bar. */
const TOAST_GAP_PX = 8;
const TOP_BAR_PX = 64;

let lastControl: { element: HTMLElement; at: number } | null = null;

function rememberControl(event: Event): void {
  const target =
    typeof SubmitEvent !== 'undefined' && event instanceof SubmitEvent
      ? (event.submitter ?? event.target)
      : event.target;
  const control =
    target instanceof Element
      ? target.closest<HTMLElement>('button, a[href], input, select, textarea, [role="button"]')
      : null;
  if (control) lastControl = { element: control, at: Date.now() };
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', rememberControl, true);
  document.addEventListener('submit', rememberControl, true);
}

/** The control the toast about to show answers, if it was pressed lately and is still there. */
function producingControl(): HTMLElement | null {
  if (!lastControl || Date.now() - lastControl.at > CONTROL_MEMORY_MS) return null;
  return lastControl.element.isConnected ? lastControl.element : null;
}

/** Frames to wait at most for the first toast's host to load and lay the toast out. */
const TOAST_WAIT_FRAMES = 60;

/**
 * Lifts the bottom-right toasts above `control` when they would cover it, else puts them back.
 * Measured once a toast is laid out (the first one waits for its host, loaded on first use).
 */
function keepToastsOff(control: HTMLElement | null, framesLeft = TOAST_WAIT_FRAMES): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const root = document.querySelector<HTMLElement>(
        '.mantine-Notifications-root[data-position="bottom-right"]',
      );
      if (!root?.querySelector('.mantine-Notification-root')) {
        if (framesLeft > 0) keepToastsOff(control, framesLeft - 2);
        return;
      }
      root.style.removeProperty('transform');
      if (!control?.isConnected) return;
      const toasts = root.getBoundingClientRect();
      const box = control.getBoundingClientRect();
      const covers =
        box.left < toasts.right &&
        toasts.left < box.right &&
        box.top < toasts.bottom &&
        toasts.top < box.bottom;
      if (!covers) return;
      const lift = Math.min(
        toasts.bottom - box.top + TOAST_GAP_PX,
        toasts.top - TOP_BAR_PX - TOAST_GAP_PX,
      );
      if (lift > 0) root.style.setProperty('transform', `translateY(${-lift}px)`);
    }),
  );
}

let hostRequested = false;
const listeners = new Set<() => void>();

function requestHost(): void {
  if (hostRequested) return;
  hostRequested = true;
  for (const listener of listeners) listener();
}

/** The app mounts the notifications host once something asked for a toast. */
export function useNotificationsHostRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hostRequested,
    () => false,
  );
}

export function notify(options: NotifyOptions): void {
  requestHost();
  const control = producingControl();
  const tone = options.tone ?? 'info';
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.show({
      title: options.title,
      message: options.message,
      color: TONE_COLORS[tone],
      autoClose: options.autoClose ?? (tone === 'error' ? 5000 : 3000),
      withBorder: true,
      // The close button is an icon only; without a name axe (and screen readers) cannot tell it.
      closeButtonProps: { 'aria-label': t`Dismiss notification` },
    });
    keepToastsOff(control);
  });
}
