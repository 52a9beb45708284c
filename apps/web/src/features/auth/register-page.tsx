import '../../components/form-styles';
import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { EmailInput, NameInput, UsernameInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import {
  NewPasswordFields,
  confirmationRule,
  newPasswordRule,
} from '../../components/new-password-fields';
import { useAuth } from '../../lib/auth-context';
import { fieldErrorsFor } from '../../lib/form-errors';
import { emailRule, usernameRule } from '../../lib/form-rules';
import { RETURN_PARAM, loginPathReturningTo, returnPathAfterSignIn } from '../../lib/return-path';
import { AFTER_SIGN_IN_PATH } from '../../app/paths';
import { ExternalSignInButtons } from './external-sign-in-buttons';
import { AUTH_PAGE_MESSAGES, USERNAME_WORDS } from './page-messages';
import { SignedInNotice } from './signed-in-notice';

interface RegisterValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['name', 'username', 'email', 'password'] as const;

/**
 * /register: create an account (product §4, §5). The new account is signed in at once, so the
 * user goes straight on to the dashboard (or the page they asked for), where the app's banner
 * asks them to verify their email: one message, in one place.
 */
export function RegisterPage() {
  const { register } = useAuth();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only a message no field shows; it goes as soon as the user changes anything.
  const [serverError, setServerError] = useState<string | null>(null);
  const returnPath = returnPathAfterSignIn(params.get(RETURN_PARAM));
  const form = useForm<RegisterValues>({
    initialValues: { name: '', username: '', email: '', password: '', confirmPassword: '' },
    validate: {
      name: (value) => (value.trim() ? null : t`Please enter your name`),
      username: usernameRule(i18n._(USERNAME_WORDS.required)),
      email: emailRule(i18n._(AUTH_PAGE_MESSAGES.resendEmptyEmail)),
      password: newPasswordRule(t`Please choose a password`),
      confirmPassword: confirmationRule('password'),
    },
    // A field's own error clears when it is edited (Mantine's default); the form's too.
    onValuesChange: () => setServerError(null),
  });

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
      void navigate(returnPath ?? AFTER_SIGN_IN_PATH, { replace: true });
      return;
    }
    const fieldErrors = fieldErrorsFor(result.errors, FIELDS);
    form.setErrors(fieldErrors);
    // Said once: on the field it is about, else above the form.
    if (Object.keys(fieldErrors).length === 0) {
      setServerError(result.message ?? t`Registration failed`);
    }
  };

  return (
    <AuthCard
      title={t`Create your account`}
      subtitle={t`Save your sessions, settings, themes and playlists.`}
      footer={
        <>
          {t`Already have an account?`}{' '}
          <Anchor component={Link} to={loginPathReturningTo(returnPath)} fw={600}>
            {t`Log in`}
          </Anchor>
        </>
      }
    >
      <SignedInNotice page="register" />
      <FormErrorAlert>{serverError}</FormErrorAlert>
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel={t`Create account`}>
        <NameInput {...form.getInputProps('name')} />
        <UsernameInput
          description={i18n._(USERNAME_WORDS.hint)}
          {...form.getInputProps('username')}
        />
        <EmailInput {...form.getInputProps('email')} />
        <NewPasswordFields
          label={t`Password`}
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('confirmPassword')}
        />
      </AuthCardForm>
      <ExternalSignInButtons next={returnPath} />
    </AuthCard>
  );
}
