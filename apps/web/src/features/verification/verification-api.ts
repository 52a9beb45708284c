import { api } from '../../lib/api-client';

export interface VerificationAnswer {
  success?: boolean;
  message?: string;
}

/** GET /auth/verify-email/{token}: 200 `{ success, message }` or 400 `{ message }`. */
export function verifyEmail(token: string): Promise<VerificationAnswer | undefined> {
  return api.get(`/auth/verify-email/${encodeURIComponent(token)}`);
}

/**
 * POST /auth/resend-verification: the same 200 whether or not the address has an account. Sent
 * once (docs/decisions/008): a repeat mails again and spends the address's rate limit.
 */
export function resendVerification(email: string): Promise<VerificationAnswer | undefined> {
  return api.post('/auth/resend-verification', { email }, { retry: false });
}
