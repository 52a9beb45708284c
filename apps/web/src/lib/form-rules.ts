import {
  SIMPLE_EMAIL_PATTERN,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@focusroom/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A form rule (Mantine's useForm `validate`): the message for a bad value, null for a good one. */
export type FieldRule = (value: string) => string | null;

const min = USERNAME_MIN_LENGTH;
const max = USERNAME_MAX_LENGTH;
/** core's MESSAGES.resendInvalidEmail and USERNAME_MESSAGES.invalid, in the reader's language. */
const INVALID_EMAIL = msg`Please enter a valid email address`;
const INVALID_USERNAME = msg`Username must be ${min}-${max} characters of letters, digits, underscore, dot or hyphen`;

/**
 * An email address by the simple pattern of product §5, spaces around it ignored; `whenEmpty`
 * is the message for a blank field (without it, blank is just not a valid address).
 */
export function emailRule(whenEmpty?: string): FieldRule {
  return (value) => {
    const address = value.trim();
    if (!address && whenEmpty) return whenEmpty;
    return SIMPLE_EMAIL_PATTERN.test(address) ? null : i18n._(INVALID_EMAIL);
  };
}

/** A username by USERNAME_PATTERN, spaces around it ignored; `whenEmpty` as for emailRule. */
export function usernameRule(whenEmpty?: string): FieldRule {
  return (value) => {
    const username = value.trim();
    if (!username && whenEmpty) return whenEmpty;
    return USERNAME_PATTERN.test(username) ? null : i18n._(INVALID_USERNAME);
  };
}
