import type { SuccessMessage } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/**
 * Product §7: POST /auth/forgot-password answers the same whether or not the account exists. Sent
 * once (docs/decisions/008): a repeat mails again and spends the address's rate limit.
 */
export function requestPasswordReset(email: string): Promise<SuccessMessage | undefined> {
  return api.post('/auth/forgot-password', { email }, { retry: false });
}

/** 200 `{ valid: true }` for a usable link; 400 otherwise. */
export function verifyResetToken(token: string): Promise<{ valid: boolean } | undefined> {
  return api.get(`/auth/verify-reset-token/${encodeURIComponent(token)}`);
}

/** Sent once (docs/decisions/008): the link is single use, so a repeat of a success fails. */
export function resetPassword(
  token: string,
  newPassword: string,
): Promise<SuccessMessage | undefined> {
  return api.post('/auth/reset-password', { token, newPassword }, { retry: false });
}
