import { MESSAGES, PASSWORD_MIN_LENGTH } from '@focusroom/core';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export interface NewPasswordFieldsProps {
  /** "Password" on registration, "New password" where one is replaced. */
  label: string;
  /** The form's props for the password and for its confirmation (form.getInputProps). */
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
}

/**
 * A new password and its confirmation, as registration, the reset page and the profile ask for
 * them: the length hint, new-password autocomplete for password managers, no asterisks.
 */
export function NewPasswordFields({ label, password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters`}
        required
        withAsterisk={false}
        {...password}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...confirmation}
      />
    </>
  );
}

/** The form rule for a new password; `whenEmpty` names what a blank field is missing. */
export function newPasswordRule(whenEmpty?: string) {
  return (value: string): string | null =>
    !value && whenEmpty
      ? whenEmpty
      : value.length < PASSWORD_MIN_LENGTH
        ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
        : null;
}

/** The form rule for the confirmation: it must equal the form's `field`. */
export function confirmationRule<Field extends string>(field: Field) {
  return (value: string, values: Record<Field, string>): string | null =>
    value === values[field] ? null : MESSAGES.passwordsDoNotMatch;
}
