import type { MESSAGES, OAUTH_API_MESSAGES, USERNAME_MESSAGES } from '@focusroom/core';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@focusroom/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Core's words (product §5) that the sign-in pages show as their own, as the web's messages
 * (decision 076): keyed by core's id, with core's English. A module of its own, so the first
 * load does not carry the pages' words.
 */
export const AUTH_PAGE_MESSAGES = {
  resendEmptyEmail: msg`Please enter your email address`,
} satisfies Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>;

const min = USERNAME_MIN_LENGTH;
const max = USERNAME_MAX_LENGTH;

/** Core's words for the username rule (USERNAME_MESSAGES), by the same ids. */
export const USERNAME_WORDS = {
  required: msg`Please choose a username`,
  hint: msg`${min}-${max} letters, digits, dots, dashes or underscores`,
} satisfies Partial<Record<keyof typeof USERNAME_MESSAGES, MessageDescriptor>>;

/** Core's words for an external sign-in the callback page shows itself (OAUTH_API_MESSAGES). */
export const OAUTH_API_WORDS = {
  exchangeCodeInvalid: msg`This sign-in code is invalid or has expired. Please sign in again.`,
} satisfies Partial<Record<keyof typeof OAUTH_API_MESSAGES, MessageDescriptor>>;
