/**
 * What the web says about an email change beyond the API's own answers (decision 050): the
 * pages the two mailed links open, and the profile's notice of a change waiting for its link.
 * A module of its own, so the first load of / does not carry these words.
 */
export const EMAIL_CHANGE_PAGE_MESSAGES = {
  confirmTitle: 'Confirm your new email',
  confirming: 'Confirming your new email address…',
  /** No answer from the server, or one without a message. */
  confirmFailed: 'Your new email address could not be confirmed. Please try again.',
  undoTitle: 'Undo the email change',
  undoIntro:
    'Someone asked to change the email address of your Focusroom account, and we told this address. Undoing the change keeps this address (or gives it back) as the one you sign in with, and signs out every device, this one too.',
  undoButton: 'Undo the change',
  undoAdvice:
    'If you did not ask for the change, choose a new password now: whoever made it knew your password.',
  undoFailed: 'The change could not be undone. Please try again.',
  choosePassword: 'Choose a new password',
  goToProfile: 'Go to your profile',
  goToLogin: 'Go to Login',
  backToLogin: 'Back to Login',
  /** The profile's email field. */
  emailFieldHint:
    'Changing it sends a confirmation link to the new address. Until you open it, you keep signing in with this one.',
  pendingTitle: 'Waiting for your new email address',
  pendingBody: (pending: string, current: string) =>
    `We sent a confirmation link to ${pending}. Until you open it, you keep signing in with ${current}.`,
  resend: 'Send the link again',
  cancel: 'Cancel the change',
  /** The profile's toast after asking for a change. */
  requestedTitle: 'Confirm your new email address',
  requested: (pending: string) =>
    `We sent a link to ${pending}. Open it to make it your sign-in address.`,
  /** Cancel or resend failed without a message from the server. */
  actionFailed: 'That did not work. Please try again.',
} as const;
