import type { PushDeviceJson } from '@focusroom/core/schemas';
import { api, isApiError } from '../../lib/api-client';

/**
 * The push alarms' API (issue 33): the server's VAPID key, the account's devices that receive
 * alarms, and a test alarm. Every call but the key's is the signed-in account's.
 */

export type PushDevice = PushDeviceJson;

/** PUT /push/devices: this browser's subscription (PushSubscription.toJSON()) and its name. */
export interface PushDeviceBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  name: string;
}

export const ALARMS_QUERY_KEYS = {
  devices: ['push', 'devices'] as const,
} as const;

export const alarmsApi = {
  /** The application server key for PushManager.subscribe, base64url. Needs no session. */
  key: async () => (await api.get<{ publicKey: string }>('/push/key', { token: null })).publicKey,
  devices: async () => (await api.get<{ devices: PushDevice[] }>('/push/devices')).devices,
  /** An upsert by endpoint: sending it twice gives the same device. */
  save: (body: PushDeviceBody) => api.put<PushDevice>('/push/devices', body),
  /**
   * 204; a device already gone (404) counts as removed. `token` is the session's at sign-out,
   * when storage no longer holds it: that call's 401 ends no session (it has ended).
   */
  remove: async (id: string, token?: string) => {
    try {
      await api.delete<void>(
        `/push/devices/${encodeURIComponent(id)}`,
        undefined,
        token === undefined ? { retry: false } : { retry: false, token, handleUnauthorized: false },
      );
    } catch (error) {
      if (isApiError(error) && error.status === 404) return;
      throw error;
    }
  },
  /** 202; 429 when one was sent to this device moments ago. Sent once (decision 008). */
  test: (id: string) =>
    api.post<Record<string, never>>(`/push/devices/${encodeURIComponent(id)}/test`, undefined, {
      retry: false,
    }),
};
