import '../../components/form-styles';
import { useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CurrentPasswordInput } from '../../components/account-inputs';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { FormErrorAlert } from '../../components/form-error-alert';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { useOAuthErrorFromAddress } from '../../lib/oauth-api';
import {
  RETURN_PARAM,
  registerPathReturningTo,
  returnPathAfterSignIn,
  withReturnPath,
} from '../../lib/return-path';
import { AFTER_SIGN_IN_PATH, ROUTES, resendVerificationPath } from '../../app/paths';
import { AUTH_STATE_MESSAGES } from './auth-messages';
import { ExternalSignInButtons } from './external-sign-in-buttons';
import { SignedInNotice } from './signed-in-notice';

interface LoginValues {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

interface LoginFailure {
  message: string;
  needsVerification: boolean;
  email: string | undefined;
}

/**
 * /login: sign in with an email or a username (product §1, §5, §8), or with an external provider
 * the server offers; an external sign-in that failed comes back here as `?oauth_error=<code>`.
 */
export function LoginPage() {
  const { login } = useAuth();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionExpired = params.get('session_expired') === 'true';
  const oauthError = useOAuthErrorFromAddress();
  const [failure, setFailure] = useState<LoginFailure | null>(() =>
    oauthError ? { message: oauthError, needsVerification: false, email: undefined } : null,
  );
  const returnPath = returnPathAfterSignIn(params.get(RETURN_PARAM));
  const form = useForm<LoginValues>({
    initialValues: { identifier: '', password: '', rememberMe: true },
  });

  const handleSubmit = async (values: LoginValues) => {
    setFailure(null);
    // Product §5: one sentence for either missing field.
    if (!values.identifier.trim() || !values.password) {
      setFailure({
        message: i18n._(AUTH_STATE_MESSAGES.loginRequired),
        needsVerification: false,
        email: undefined,
      });
      return;
    }
    const result = await login(values);
    if (result.success) {
      if (result.message === i18n._(AUTH_STATE_MESSAGES.profileNotLoaded)) {
        notify({ tone: 'warning', message: result.message });
      }
      // Back to the page that sent the user here, if it is one of ours (product §2).
      void navigate(returnPath ?? AFTER_SIGN_IN_PATH, { replace: true });
      return;
    }
    const identifier = values.identifier.trim();
    setFailure({
      message: result.message ?? i18n._(AUTH_STATE_MESSAGES.loginFailed),
      needsVerification: result.needsVerification === true,
      email: result.email ?? (identifier.includes('@') ? identifier : undefined),
    });
  };

  // The page asked for travels on: to the resend page and back, and to the register page.
  const resendHref = withReturnPath(resendVerificationPath(failure?.email), returnPath);

  return (
    <AuthCard
      title={t`Log in`}
      subtitle={t`Welcome back. Pick up where you left off.`}
      footer={
        <>
          {t`New to Focusroom?`}{' '}
          <Anchor component={Link} to={registerPathReturningTo(returnPath)} fw={600}>
            {t`Create an account`}
          </Anchor>
        </>
      }
    >
      <SignedInNotice page="login" />
      {sessionExpired ? (
        <Alert color="yellow" variant="light" icon={<IconClock size={20} aria-hidden />}>
          {t`Your session has expired. Please log in again.`}
        </Alert>
      ) : null}
      {failure ? (
        <FormErrorAlert>
          <Stack gap={6}>
            <span>{failure.message}</span>
            {failure.needsVerification ? (
              <Anchor component={Link} to={resendHref} fw={600} size="sm">
                {t`Resend the verification email`}
              </Anchor>
            ) : null}
          </Stack>
        </FormErrorAlert>
      ) : null}
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel={t`Log in`}>
        <TextInput
          label={t`Email or username`}
          autoComplete="username"
          required
          withAsterisk={false}
          {...form.getInputProps('identifier')}
        />
        <CurrentPasswordInput {...form.getInputProps('password')} />
        <Group justify="space-between" gap="sm">
          <Checkbox
            label={t`Remember me`}
            {...form.getInputProps('rememberMe', { type: 'checkbox' })}
          />
          <Anchor component={Link} to={ROUTES.forgotPassword.path} size="sm">
            {t`Forgot password?`}
          </Anchor>
        </Group>
      </AuthCardForm>
      <ExternalSignInButtons next={returnPath} />
    </AuthCard>
  );
}
