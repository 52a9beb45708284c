import type {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  MESSAGES,
} from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the profile page says beyond the API's own answers (product §2 /profile), as messages
 * (decision 076) rendered with `i18n._` where they are shown. A module of its own, so the first
 * load of / does not carry the profile page's words.
 */
export const PROFILE_PAGE_MESSAGES = {
  /** No answer from the server at all. */
  networkFailed: msg`We could not reach the server. Check your connection and try again.`,
  /** "Set a password": the link could not be sent and the server gave no message. */
  setPasswordLinkFailed: msg`The link could not be sent. Please try again later.`,
  /** An account without a password (docs/decisions/027): what the email field says. */
  emailNeedsPassword: msg`To change your email, first set a password in "Set a password" below: the change asks for it.`,
  /** An account without a password (docs/decisions/027): what the delete section says. */
  deleteNeedsPassword: msg`Deleting your account asks for your password, and yours has none yet. Set one in "Set a password" above first.`,
  /** "Your data" section (decision 034): what the download gives. */
  exportIntro: msg`Download everything Focusroom stores about your account (profile, settings, sessions, to-dos, playlists, themes, the themes you reported and connected accounts) as one JSON file.`,
  exportButton: msg`Download my data`,
  /** The export could not be made and the server gave no message. */
  exportFailed: msg`Your data could not be downloaded. Please try again.`,
} as const;

/** Core's words (product §8) the profile shows where the API's answer had none, by core's ids. */
export const PROFILE_CORE_MESSAGES = {
  accountDeleteFailed: msg`Your account could not be deleted. Please try again.`,
} satisfies Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>;

/** The API's answers about the account (core's ACCOUNT_MESSAGES), by the same ids. */
export const ACCOUNT_ANSWERS = {
  accountDeleted: msg`Your account has been deleted`,
} satisfies Partial<Record<keyof typeof ACCOUNT_MESSAGES, MessageDescriptor>>;

/** The API's answer to a password-reset request (core's AUTH_MESSAGES), by the same id. */
export const AUTH_ANSWERS = {
  forgotSent: msg`If an account with that email exists, a password reset link is on its way.`,
} satisfies Partial<Record<keyof typeof AUTH_MESSAGES, MessageDescriptor>>;

/** The API's answers about an email change (core's EMAIL_CHANGE_MESSAGES), by the same ids. */
export const EMAIL_CHANGE_ANSWERS = {
  cancelled: msg`The email change was cancelled. You keep signing in with your current address.`,
  resent: msg`A new confirmation link is on its way.`,
} satisfies Partial<Record<keyof typeof EMAIL_CHANGE_MESSAGES, MessageDescriptor>>;
