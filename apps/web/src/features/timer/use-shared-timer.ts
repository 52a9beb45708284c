import type { SharedTimerRequest } from '@focusroom/core';
import type { SharedTimerJson } from '@focusroom/core/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { deviceName } from '../../lib/device-name';
import { readToken } from '../../lib/storage';
import { SharedTimerSync } from './shared-timer-sync';
import { TIMER_QUERY_KEYS } from './timer-api';
import type { TimerController } from './timer-store';

/**
 * A signed-in tab follows the account's one timer (issue 33): the sync runs while the account is
 * signed in here, and stops (the timer back on this device's own clock) when it is not.
 */
export function useSharedTimer(controller: TimerController, userId: string): void {
  const queryClient = useQueryClient();

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
      // Named once per connection, in the language of the moment.
      deviceLabel: deviceName(),
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
  }, [controller, userId, queryClient]);
}
