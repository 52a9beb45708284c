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
  const tone = options.tone ?? 'info';
  void import('@mantine/notifications').then(({ notifications }) => {
    notifications.show({
      title: options.title,
      message: options.message,
      color: TONE_COLORS[tone],
      autoClose: options.autoClose ?? (tone === 'error' ? 5000 : 3000),
      withBorder: true,
      // The close button is an icon only; without a name axe (and screen readers) cannot tell it.
      closeButtonProps: { 'aria-label': 'Dismiss notification' },
    });
  });
}
