import type { OAuthProviderId } from '@focusroom/core';
import type { OAuthConnection } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The signed-in account's external sign-in connections (product §7 Users). */

export const CONNECTIONS_QUERY_KEY = ['users', 'me', 'connections'] as const;

export const connectionsApi = {
  list: () => api.getList<OAuthConnection>('/users/me/connections'),
  /** 204; 409 when it is the account's last way to sign in. Sent once (decision 008). */
  remove: (provider: OAuthProviderId) =>
    api.delete<void>(`/users/me/connections/${encodeURIComponent(provider)}`, undefined, {
      retry: false,
    }),
};
