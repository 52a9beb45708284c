import { PASSWORD_MIN_LENGTH } from '@focusroom/core';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const minLength = PASSWORD_MIN_LENGTH;
const PASSWORD_TOO_SHORT = msg`Password must be at least ${minLength} characters`;
/** core's MESSAGES.passwordsDoNotMatch, in the reader's language. */
const PASSWORDS_DO_NOT_MATCH = msg`Passwords do not match`;

export interface NewPasswordFieldsProps {
  /** "Password" on registration, "New password" where one is replaced. */
  label: string;
  /**
   * The confirmation's label ("Confirm password", "Confirm new password"). Without it the label
   * is made from `label`, which only English can do: every caller should pass its own.
   */
  confirmationLabel?: string;
  /** The form's props for the password and for its confirmation (form.getInputProps). */
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
}

/**
 * A new password and its confirmation, as registration, the reset page and the profile ask for
 * them: the length hint, new-password autocomplete for password managers, no asterisks.
 */
export function NewPasswordFields({
  label,
  confirmationLabel,
  password,
  confirmation,
}: NewPasswordFieldsProps) {
  const { t } = useLingui();
  const field = label.toLowerCase();
  return (
    <>
      <PasswordInput
        visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
        label={label}
        autoComplete="new-password"
        description={t`At least ${minLength} characters`}
        required
        withAsterisk={false}
        {...password}
      />
      <PasswordInput
        visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
        label={confirmationLabel ?? t`Confirm ${field}`}
        autoComplete="new-password"
        required
        withAsterisk={false}
        {...confirmation}
      />
    </>
  );
}

/**
 * The form rule for a new password; `whenEmpty` names what a blank field is missing. Its
 * messages are in the language of the moment the form checks.
 */
export function newPasswordRule(whenEmpty?: string) {
  return (value: string): string | null =>
    !value && whenEmpty ? whenEmpty : value.length < minLength ? i18n._(PASSWORD_TOO_SHORT) : null;
}

/** The form rule for the confirmation: it must equal the form's `field`. */
export function confirmationRule<Field extends string>(field: Field) {
  return (value: string, values: Record<Field, string>): string | null =>
    value === values[field] ? null : i18n._(PASSWORDS_DO_NOT_MATCH);
}
