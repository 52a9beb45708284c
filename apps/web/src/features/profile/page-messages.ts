/**
 * What the profile page says beyond the API's own answers (product §2 /profile). A module of its
 * own, so the first load of / (which reads messages.ts) does not carry the profile page's words.
 */
export const PROFILE_PAGE_MESSAGES = {
  /** No answer from the server at all. */
  networkFailed: 'We could not reach the server. Check your connection and try again.',
  /** "Set a password": the link could not be sent and the server gave no message. */
  setPasswordLinkFailed: 'The link could not be sent. Please try again later.',
  /** An account without a password (docs/decisions/027): what the email field says. */
  emailNeedsPassword:
    'To change your email, first set a password in "Set a password" below: the change asks for it.',
  /** An account without a password (docs/decisions/027): what the delete section says. */
  deleteNeedsPassword:
    'Deleting your account asks for your password, and yours has none yet. Set one in "Set a password" above first.',
  /** "Your data" section (decision 034): what the download gives. */
  exportIntro:
    'Download everything Focusroom stores about your account (profile, settings, sessions, to-dos, playlists, themes, the themes you reported and connected accounts) as one JSON file.',
  exportButton: 'Download my data',
  /** The export could not be made and the server gave no message. */
  exportFailed: 'Your data could not be downloaded. Please try again.',
} as const;
