import '../../components/form-styles';
import { MESSAGES, USERNAME_MESSAGES } from '@focusroom/core';
import { Anchor, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { ConfirmationPanel } from '../../components/confirmation-panel';
import { EmailInput, NameInput, UsernameInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { useAuth } from '../../lib/auth-context';
import { showServerFieldErrors } from '../../lib/form-errors';
import { emailRule, usernameRule } from '../../lib/form-rules';
import { AFTER_SIGN_IN_PATH, ROUTES, resendVerificationPath } from '../../app/paths';
import { SignedInNotice } from './signed-in-notice';

interface RegisterValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['name', 'username', 'email', 'password'] as const;

/** /register: create an account; a verification mail follows (product §4, §5). */
export function RegisterPage() {
  const { register } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    initialValues: { name: '', username: '', email: '', password: '', confirmPassword: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Please enter your name'),
      username: usernameRule(USERNAME_MESSAGES.required),
      email: emailRule(MESSAGES.resendEmptyEmail),
      password: newPasswordRule('Please choose a password'),
      confirmPassword: confirmationRule('password'),
    },
  });

  if (registeredEmail !== null) {
    return (
      <ConfirmationPanel
        actions={
          <>
            <Button component={Link} to={AFTER_SIGN_IN_PATH} size="md">
              Continue to dashboard
            </Button>
            <Anchor component={Link} to={resendVerificationPath(registeredEmail)} size="sm">
              Did not get it? Send a new link
            </Anchor>
          </>
        }
      >
        Your account is ready. We sent a verification link to <strong>{registeredEmail}</strong>.
        Open it to verify your email address; the link expires after 24 hours. If it is not in your
        inbox, look in your spam folder.
      </ConfirmationPanel>
    );
  }

  const handleSubmit = async (values: RegisterValues) => {
    setServerError(null);
    const input = {
      name: values.name.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    const result = await register(input);
    if (result.success) {
      setRegisteredEmail(result.user?.email || input.email);
      return;
    }
    showServerFieldErrors(form, result.errors, FIELDS);
    setServerError(result.message ?? 'Registration failed');
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Save your sessions, settings, themes and playlists."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={ROUTES.login.path} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <SignedInNotice action="create another account" />
      <FormErrorAlert>{serverError}</FormErrorAlert>
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel="Create account">
        <NameInput {...form.getInputProps('name')} />
        <UsernameInput description={USERNAME_MESSAGES.hint} {...form.getInputProps('username')} />
        <EmailInput {...form.getInputProps('email')} />
        <NewPasswordFields
          label="Password"
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('confirmPassword')}
        />
      </AuthCardForm>
    </AuthCard>
  );
}
