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

/**
 * POST /auth/email-change/confirm: the link mailed to a new address (decision 050). 200
 * `{ success, message }`; 400 (unknown, expired, replaced) or 409 (the address is taken by now)
 * `{ message }`. Sent once: the page asks through a query.
 */
export function confirmEmailChange(token: string): Promise<VerificationAnswer | undefined> {
  return api.post('/auth/email-change/confirm', { token }, { retry: false });
}

/** POST /auth/email-change/undo: the link mailed to the old address; signs out every device. */
export function undoEmailChange(token: string): Promise<VerificationAnswer | undefined> {
  return api.post('/auth/email-change/undo', { token }, { retry: false });
}
