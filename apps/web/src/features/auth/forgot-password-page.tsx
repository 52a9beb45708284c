import '../../components/form-styles';
import { RESET_TOKEN_TTL_MS } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { ConfirmationPanel } from '../../components/confirmation-panel';
import { EmailInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import { part, withParts } from '../../i18n';
import { isApiError, serverMessage } from '../../lib/api-client';
import { emailRule } from '../../lib/form-rules';
import { linkLifetime } from '../../lib/link-lifetime';
import { requestPasswordReset } from '../../lib/password-reset-api';
import { AUTH_PAGE_MESSAGES } from './page-messages';

/**
 * /forgot-password: the confirmation is the same whether or not an account exists, so the
 * page never reveals who has an account (product §7).
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: emailRule(i18n._(AUTH_PAGE_MESSAGES.resendEmptyEmail)),
    },
  });

  const handleSubmit = async ({ email }: { email: string }) => {
    setError(null);
    const address = email.trim();
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (caught) {
      setError(
        serverMessage(
          caught,
          isApiError(caught) && caught.isNetworkError
            ? t`We could not reach the server. Check your connection and try again.`
            : t`The reset link could not be sent. Please try again later.`,
        ),
      );
    }
  };

  if (sentTo !== null) {
    const email = part('email');
    const lifetime = i18n._(linkLifetime(RESET_TOKEN_TTL_MS));
    return (
      <ConfirmationPanel
        actions={
          <Button component={Link} to={ROUTES.login.path} size="md">
            {t`Back to Login`}
          </Button>
        }
      >
        {withParts(
          t`If an account exists for ${email}, we have sent it a link to reset the password. The link works once and expires after ${lifetime}. Check your spam folder if it does not arrive within a few minutes.`,
          { email: <strong>{sentTo}</strong> },
        )}
      </ConfirmationPanel>
    );
  }

  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={t`Enter the email you signed up with and we will send you a reset link.`}
      footer={
        <>
          {t`Remembered it?`}{' '}
          <Anchor component={Link} to={ROUTES.login.path} fw={600}>
            {t`Log in`}
          </Anchor>
        </>
      }
    >
      <FormErrorAlert>{error}</FormErrorAlert>
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel={t`Send reset link`}>
        <EmailInput {...form.getInputProps('email')} />
      </AuthCardForm>
    </AuthCard>
  );
}
