import type { SharedTimerRequest } from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { readToken } from '../../lib/storage';
import { SharedTimerSync } from './shared-timer-sync';
import { TIMER_QUERY_KEYS } from './timer-api';
import type { TimerController } from './timer-store';

/** "Firefox", "Chrome", … from the browser's own description; a plain fallback otherwise. */
export function browserName(userAgent: string): string | null {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrom(e|ium)\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return null;
}

/** "Android", "iPhone", … from the browser's own description, or null. */
export function systemName(userAgent: string): string | null {
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return null;
}

/**
 * A signed-in tab follows the account's one timer (issue 33): the sync runs while the account is
 * signed in here, and stops (the timer back on this device's own clock) when it is not.
 */
export function useSharedTimer(controller: TimerController, userId: string): void {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const browser = browserName(agent);
  const system = systemName(agent);
  const label =
    browser && system
      ? t`${browser} on ${system}`
      : (browser ?? system ?? t({ message: 'A browser', comment: "a device's name when unknown" }));

  useEffect(() => {
    const sync = new SharedTimerSync(controller, userId, {
      token: readToken,
      getTimer: () => api.get<SharedTimerJson>('/timer'),
      postActions: (requests: SharedTimerRequest[]) =>
        api.post<{ timer: SharedTimerJson }>('/timer/actions', { requests }),
      settingsChanged: () =>
        void queryClient.invalidateQueries({ queryKey: TIMER_QUERY_KEYS.settings }),
      // The API client signs out on the 401 this finds; a server fault changes nothing.
      sessionEnded: () => void api.get('/auth/me').catch(() => undefined),
      deviceLabel: label,
    });
    sync.start();
    const online = () => sync.online();
    const offline = () => sync.offline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      sync.dispose();
    };
    // The label is said once per connection; a language change waits for the next one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, userId, queryClient]);
}
