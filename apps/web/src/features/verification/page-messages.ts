import type { EMAIL_CHANGE_MESSAGES, MESSAGES } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Core's words (product §5, §8) that the verification pages show as their own, as the web's
 * messages (decision 076): keyed by core's id, with core's English.
 */
export const VERIFICATION_MESSAGES = {
  verifySuccess: msg`Your email has been verified successfully!`,
  verifyNoToken: msg`No verification token found in URL`,
  verifyFailed: msg`Failed to verify email. Please try again or request a new verification link.`,
  verifyResendFailed: msg`Failed to resend verification email. Please try again later.`,
  resendFailed: msg`Failed to resend verification email`,
  resendError: msg`An error occurred while resending the verification email`,
  resendEmptyEmail: msg`Please enter your email address`,
} satisfies Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>;

/** The API's success answers to the email-change links (decision 050), by core's ids. */
export const EMAIL_CHANGE_ANSWERS = {
  confirmed: msg`Your new email address is confirmed. Use it to sign in from now on.`,
  alreadyConfirmed: msg`This email address is already confirmed.`,
  undone: msg`The email change is undone: your account signs in with this address again, and every device has been signed out.`,
} satisfies Partial<Record<keyof typeof EMAIL_CHANGE_MESSAGES, MessageDescriptor>>;
