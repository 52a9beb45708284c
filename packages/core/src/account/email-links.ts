import { SHARED_PATHS } from '../shared-paths.js';

/**
 * The pages a mailed link opens, each followed by `/<token>` (from the shared path list). The
 * server builds its mail links from this list, and keeps the tokens in these paths out of its
 * logs and out of any Referer.
 */
export const EMAIL_LINK_PAGES = {
  verifyEmail: SHARED_PATHS.verifyEmail,
  resetPassword: SHARED_PATHS.resetPassword,
  confirmEmailChange: SHARED_PATHS.confirmEmailChange,
  undoEmailChange: SHARED_PATHS.undoEmailChange,
} as const;

/** A mailed link's token is at most this long (ours are far shorter); a longer one is refused. */
export const EMAIL_LINK_TOKEN_MAX_LENGTH = 256;

export type EmailLinkPage = (typeof EMAIL_LINK_PAGES)[keyof typeof EMAIL_LINK_PAGES];

/** Every page above, for the server's log redaction and Referrer-Policy. */
export const EMAIL_LINK_PAGE_LIST: readonly EmailLinkPage[] = Object.values(EMAIL_LINK_PAGES);

/** `<origin><page>/<token>`: the link a mail carries (the token encoded as one path segment). */
export function emailLink(origin: string, page: EmailLinkPage, token: string): string {
  return `${origin}${page}/${encodeURIComponent(token)}`;
}
