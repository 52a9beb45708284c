/**
 * The pages a mailed link opens, each followed by `/<token>`. The server builds its mail links
 * from this list, and keeps the tokens in these paths out of its logs and out of any Referer;
 * the web's route registry (apps/web/src/app/paths.ts, a leaf that imports nothing) names the
 * same paths, which its test checks against this list.
 */
export const EMAIL_LINK_PAGES = {
  /** Verifies the address an account was registered with (product §2 /verify-email/{token}). */
  verifyEmail: '/verify-email',
  /** Sets a new password (product §2 /reset-password/{token}). */
  resetPassword: '/reset-password',
  /** Confirms a new address, mailed to that address (decision 050). */
  confirmEmailChange: '/confirm-email',
  /** Undoes an email change, mailed to the address it replaces (decision 050). */
  undoEmailChange: '/undo-email-change',
} as const;

export type EmailLinkPage = (typeof EMAIL_LINK_PAGES)[keyof typeof EMAIL_LINK_PAGES];

/** Every page above, for the server's log redaction and Referrer-Policy. */
export const EMAIL_LINK_PAGE_LIST: readonly EmailLinkPage[] = Object.values(EMAIL_LINK_PAGES);

/** `<origin><page>/<token>`: the link a mail carries (the token encoded as one path segment). */
export function emailLink(origin: string, page: EmailLinkPage, token: string): string {
  return `${origin}${page}/${encodeURIComponent(token)}`;
}
