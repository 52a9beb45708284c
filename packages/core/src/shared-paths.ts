/**
 * The web app's pages the server must know, written once for both (decision 070): the server
 * builds the links it mails and the redirects that end an external sign-in with these paths,
 * and keeps the secrets they carry out of its logs and out of any Referer. The web's route
 * registry (apps/web/src/app/paths.ts) takes them from here; a page the server never names is
 * the web's alone and lives only in that registry.
 */
export const SHARED_PATHS = {
  /** Verifies the address an account was registered with: `/verify-email/{token}` (product §2). */
  verifyEmail: '/verify-email',
  /** Sets a new password: `/reset-password/{token}` (product §2). */
  resetPassword: '/reset-password',
  /** Confirms a new address, mailed to that address: `/confirm-email/{token}` (decision 050). */
  confirmEmailChange: '/confirm-email',
  /** Undoes an email change, mailed to the old address: `/undo-email-change/{token}`. */
  undoEmailChange: '/undo-email-change',
  /**
   * Where an external sign-in ends, with a one-time code or an error code in its query
   * (OAUTH_CALLBACK_PARAMS; decision 021).
   */
  oauthCallback: '/oauth-callback',
  /** Where connecting a sign-in provider ends (`/profile?connected=<provider>`). */
  profile: '/profile',
} as const;

export type SharedPath = (typeof SHARED_PATHS)[keyof typeof SHARED_PATHS];
