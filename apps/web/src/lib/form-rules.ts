import {
  MESSAGES,
  SIMPLE_EMAIL_PATTERN,
  USERNAME_MESSAGES,
  USERNAME_PATTERN,
} from '@focusroom/core';

/** A form rule (Mantine's useForm `validate`): the message for a bad value, null for a good one. */
export type FieldRule = (value: string) => string | null;

/**
 * An email address by the simple pattern of product §5, spaces around it ignored; `whenEmpty`
 * is the message for a blank field (without it, blank is just not a valid address).
 */
export function emailRule(whenEmpty?: string): FieldRule {
  return (value) => {
    const address = value.trim();
    if (!address && whenEmpty) return whenEmpty;
    return SIMPLE_EMAIL_PATTERN.test(address) ? null : MESSAGES.resendInvalidEmail;
  };
}

/** A username by USERNAME_PATTERN, spaces around it ignored; `whenEmpty` as for emailRule. */
export function usernameRule(whenEmpty?: string): FieldRule {
  return (value) => {
    const username = value.trim();
    if (!username && whenEmpty) return whenEmpty;
    return USERNAME_PATTERN.test(username) ? null : USERNAME_MESSAGES.invalid;
  };
}
