import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/**
 * The fields of an account (registration, profile, the mail-sending pages): each with its label
 * and autofill, required without an asterisk. Pass the form's props (form.getInputProps(...)) or
 * value/onChange/error, and anything else a TextInput takes.
 */
type AccountInputProps = Omit<TextInputProps, 'type'>;

export function NameInput(props: AccountInputProps) {
  const { t } = useLingui();
  return <TextInput label={t`Name`} autoComplete="name" required withAsterisk={false} {...props} />;
}

export function UsernameInput(props: AccountInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Username`}
      autoComplete="username"
      required
      withAsterisk={false}
      {...props}
    />
  );
}

export function EmailInput(props: AccountInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Email`}
      type="email"
      autoComplete="email"
      required
      withAsterisk={false}
      {...props}
    />
  );
}

/**
 * The account's current password: signing in ("Password", the default label) and the profile
 * changes that must prove it. New passwords are NewPasswordFields.
 */
export function CurrentPasswordInput(props: PasswordInputProps) {
  const { t } = useLingui();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
      label={t`Password`}
      autoComplete="current-password"
      required
      withAsterisk={false}
      {...props}
    />
  );
}
