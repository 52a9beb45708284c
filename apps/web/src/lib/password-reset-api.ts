import type { SuccessMessage } from '@focusroom/core/schemas';
import { api } from './api-client';

/**
 * Product §7: POST /auth/forgot-password answers the same whether or not the account exists. Sent
 * once (docs/decisions/008): a repeat mails again and spends the address's rate limit. Used by the
 * forgot-password page and by the profile's "Set a password" (an account without one).
 */
export function requestPasswordReset(email: string): Promise<SuccessMessage | undefined> {
  return api.post('/auth/forgot-password', { email }, { retry: false });
}
