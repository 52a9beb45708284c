import '../../components/form-styles';
import { MESSAGES, VERIFICATION_TOKEN_TTL_MS, linkLifetimeInWords } from '@focusroom/core';
import type { EmailBody } from '@focusroom/core/schemas';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { ConfirmationPanel } from '../../components/confirmation-panel';
import { EmailInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError, serverMessage } from '../../lib/api-client';
import { useAdoptEarlyFormInput } from '../../lib/early-input';
import { emailRule } from '../../lib/form-rules';
import { RETURN_PARAM, loginPathReturningTo } from '../../lib/return-path';
import { resendVerification } from './verification-api';

type Phase = 'idle' | 'sending' | 'success' | 'error';

/** /resend-verification: send a new link; ?email= pre-fills it (product §2, §5, §8). */
export function ResendVerificationPage() {
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>('idle');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EmailBody>({
    initialValues: { email: params.get('email') ?? '' },
    validate: { email: emailRule() },
    // The address's message stays until the next try.
    clearInputErrorOnChange: false,
  });

  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyFormInput(formRef, form);

  const send = async (address: string) => {
    setError(null);
    setPhase('sending');
    try {
      const answer = await resendVerification(address);
      if (answer?.success === false) {
        setError(answer.message || MESSAGES.resendFailed);
        setPhase('error');
        return;
      }
      setSentTo(address);
      setPhase('success');
    } catch (caught) {
      setError(
        isApiError(caught) && caught.status !== undefined
          ? serverMessage(caught, MESSAGES.resendFailed)
          : MESSAGES.resendError,
      );
      setPhase('error');
    }
  };

  const handleSubmit = form.onSubmit(
    ({ email }) => void send(email.trim()),
    () => {
      setError(null);
      setPhase('idle');
    },
  );

  if (phase === 'success') {
    return (
      <ConfirmationPanel
        actions={
          <Group gap="sm">
            <Button component={Link} to={loginPathReturningTo(params.get(RETURN_PARAM))} size="md">
              Return to Login
            </Button>
            <Button size="md" variant="default" onClick={() => void send(sentTo)}>
              Resend Again
            </Button>
          </Group>
        }
      >
        We have sent a new verification link to <strong>{sentTo}</strong>. Please check your inbox
        and your spam folder. The link expires after{' '}
        {linkLifetimeInWords(VERIFICATION_TOKEN_TTL_MS)}.
      </ConfirmationPanel>
    );
  }

  const sending = phase === 'sending';
  return (
    <AuthCard
      title="Resend verification email"
      subtitle="Enter the email you signed up with and we will send you a new verification link."
    >
      <FormErrorAlert>{error}</FormErrorAlert>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <EmailInput {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth disabled={sending}>
            {sending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
