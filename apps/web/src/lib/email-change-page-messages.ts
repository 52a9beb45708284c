import { t } from '@lingui/core/macro';

/**
 * What the web says about an email change beyond the API's own answers (decision 050): the
 * pages the two mailed links open, and the profile's notice of a change waiting for its link.
 * A module of its own, so the first load of / does not carry these words.
 *
 * Each word is read in the active language when it is read (a getter, not a constant), so a
 * page that reads it while it renders follows a change of language (decision 076).
 */
export const EMAIL_CHANGE_PAGE_MESSAGES = {
  get confirmTitle() {
    return t`Confirm your new email`;
  },
  get confirming() {
    return t`Confirming your new email address…`;
  },
  /** No answer from the server, or one without a message. */
  get confirmFailed() {
    return t`Your new email address could not be confirmed. Please try again.`;
  },
  get undoTitle() {
    return t`Undo the email change`;
  },
  get undoIntro() {
    return t`Someone asked to change the email address of your Focusroom account, and we told this address. Undoing the change keeps this address (or gives it back) as the one you sign in with, and signs out every device, this one too.`;
  },
  get undoButton() {
    return t`Undo the change`;
  },
  get undoAdvice() {
    return t`If you did not ask for the change, choose a new password now: whoever made it knew your password.`;
  },
  get undoFailed() {
    return t`The change could not be undone. Please try again.`;
  },
  get choosePassword() {
    return t`Choose a new password`;
  },
  get goToProfile() {
    return t`Go to your profile`;
  },
  get goToLogin() {
    return t`Go to Login`;
  },
  get backToLogin() {
    return t`Back to Login`;
  },
  /** The profile's email field. */
  get emailFieldHint() {
    return t`Changing it sends a confirmation link to the new address. Until you open it, you keep signing in with this one.`;
  },
  get pendingTitle() {
    return t`Waiting for your new email address`;
  },
  pendingBody: (pending: string, current: string) =>
    t`We sent a confirmation link to ${pending}. Until you open it, you keep signing in with ${current}.`,
  get resend() {
    return t`Send the link again`;
  },
  get cancel() {
    return t`Cancel the change`;
  },
  /** The profile's toast after asking for a change. */
  get requestedTitle() {
    return t`Confirm your new email address`;
  },
  requested: (pending: string) =>
    t`We sent a link to ${pending}. Open it to make it your sign-in address.`,
  /** Cancel or resend failed without a message from the server. */
  get actionFailed() {
    return t`That did not work. Please try again.`;
  },
} as const;
