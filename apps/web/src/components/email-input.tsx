import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The email field of the account forms: labelled "Email", the email keyboard and autofill,
 * required without an asterisk. Pass the form's props (form.getInputProps('email')) or
 * value/onChange/error.
 */
export function EmailInput(props: Omit<TextInputProps, 'type'>) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      withAsterisk={false}
      {...props}
    />
  );
}
