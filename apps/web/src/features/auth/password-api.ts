import type { SuccessMessage } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

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
