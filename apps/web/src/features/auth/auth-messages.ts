import type { ACCOUNT_MESSAGES, MESSAGES } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What the auth state says in core's words (product §5, §8), as the web's messages (decision
 * 076): keyed by core's id, with core's English, rendered in the reader's language when said.
 */
export const AUTH_STATE_MESSAGES = {
  loginRequired: msg`Email/username and password are required`,
  loginFailed: msg`Login failed`,
  loginApiError: msg`An error occurred during login`,
  loginUnexpectedError: msg`An unexpected error occurred during login`,
  invalidLoginResponse: msg`Invalid login response format`,
  authInvalidToken: msg`Authentication failed: Invalid token`,
  profileNotLoaded: msg`Logged in, but profile information could not be loaded`,
  accountDeleteFailed: msg`Your account could not be deleted. Please try again.`,
} satisfies Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>;

/** The API's success answers about the account (core's ACCOUNT_MESSAGES), by the same ids. */
export const ACCOUNT_ANSWERS = {
  passwordChanged: msg`Password changed successfully`,
  accountDeleted: msg`Your account has been deleted`,
} satisfies Partial<Record<keyof typeof ACCOUNT_MESSAGES, MessageDescriptor>>;
