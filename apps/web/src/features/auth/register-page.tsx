import '../../components/form-styles';
import { SIMPLE_EMAIL_PATTERN, USERNAME_PATTERN } from '@focusroom/core';
import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { useAuth } from '../../lib/auth-context';
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

/** /register: create an account; a verification mail follows (SPEC §4, §5). */
export function RegisterPage() {
  const { register } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    initialValues: { name: '', username: '', email: '', password: '', confirmPassword: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Please enter your name'),
      username: (value) =>
        !value.trim()
          ? 'Please choose a username'
          : USERNAME_PATTERN.test(value.trim())
            ? null
            : 'Username must be 3-30 characters of letters, digits, underscore, dot or hyphen',
      email: (value) =>
        !value.trim()
          ? 'Please enter your email address'
          : SIMPLE_EMAIL_PATTERN.test(value.trim())
            ? null
            : 'Please enter a valid email address',
      password: newPasswordRule('Please choose a password'),
      confirmPassword: confirmationRule('password'),
    },
  });

  if (registeredEmail !== null) {
    return (
      <AuthCard title="Check your email">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconMailCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status">
            Your account is ready. We sent a verification link to <strong>{registeredEmail}</strong>
            . Open it to verify your email address; the link expires after 24 hours. If it is not in
            your inbox, look in your spam folder.
          </Text>
          <Button component={Link} to={AFTER_SIGN_IN_PATH} size="md">
            Continue to dashboard
          </Button>
          <Anchor component={Link} to={resendVerificationPath(registeredEmail)} size="sm">
            Did not get it? Send a new link
          </Anchor>
        </Stack>
      </AuthCard>
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
    const fieldErrors: Record<string, string> = {};
    for (const field of FIELDS) {
      const message = result.errors?.[field];
      if (message) fieldErrors[field] = message;
    }
    form.setErrors(fieldErrors);
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
      {serverError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {serverError}
        </Alert>
      ) : null}
      <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
        <Stack gap="md">
          <TextInput
            label="Name"
            autoComplete="name"
            required
            withAsterisk={false}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Username"
            autoComplete="username"
            description="3-30 letters, digits, dots, dashes or underscores"
            required
            withAsterisk={false}
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            label="Password"
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={form.submitting}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
