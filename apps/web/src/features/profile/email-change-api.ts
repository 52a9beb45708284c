import type { SuccessMessage, User } from '@focusroom/core/schemas';
import { api } from '../../lib/api-client';

/** The signed-in account's email change waiting for its link (decision 050). */
export const emailChangeApi = {
  /** DELETE /users/me/pending-email: the user, with nothing pending. Safe to repeat. */
  cancel: () => api.delete<User>('/users/me/pending-email'),
  /** POST /users/me/pending-email/resend: mails again; sent once (it spends a rate limit). */
  resend: () =>
    api.post<SuccessMessage>('/users/me/pending-email/resend', undefined, { retry: false }),
};
