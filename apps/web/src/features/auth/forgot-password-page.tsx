import '../../components/form-styles';
import { MESSAGES, RESET_TOKEN_TTL_MS, linkLifetimeInWords } from '@focusroom/core';
import { Anchor, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard, AuthCardForm } from '../../components/auth-card';
import { ConfirmationPanel } from '../../components/confirmation-panel';
import { EmailInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError, serverMessage } from '../../lib/api-client';
import { emailRule } from '../../lib/form-rules';
import { requestPasswordReset } from '../../lib/password-reset-api';

/**
 * /forgot-password: the confirmation is the same whether or not an account exists, so the
 * page never reveals who has an account (product §7).
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: emailRule(MESSAGES.resendEmptyEmail),
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
            ? 'We could not reach the server. Check your connection and try again.'
            : 'The reset link could not be sent. Please try again later.',
        ),
      );
    }
  };

  if (sentTo !== null) {
    return (
      <ConfirmationPanel
        actions={
          <Button component={Link} to={ROUTES.login.path} size="md">
            Back to Login
          </Button>
        }
      >
        If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the
        password. The link works once and expires after {linkLifetimeInWords(RESET_TOKEN_TTL_MS)}.
        Check your spam folder if it does not arrive within a few minutes.
      </ConfirmationPanel>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a reset link."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to={ROUTES.login.path} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <FormErrorAlert>{error}</FormErrorAlert>
      <AuthCardForm form={form} onSubmit={handleSubmit} submitLabel="Send reset link">
        <EmailInput {...form.getInputProps('email')} />
      </AuthCardForm>
    </AuthCard>
  );
}
