import '../../components/form-styles';
import { VERIFICATION_TOKEN_TTL_MS } from '@focusroom/core';
import type { EmailBody } from '@focusroom/core/schemas';
import { useLingui } from '@lingui/react/macro';
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
import { linkLifetime } from '../../lib/link-lifetime';
import { RETURN_PARAM, loginPathReturningTo } from '../../lib/return-path';
import { part, withParts } from '../../i18n';
import { VERIFICATION_MESSAGES as WORDS } from './page-messages';
import { resendVerification } from './verification-api';

type Phase = 'idle' | 'sending' | 'success' | 'error';

/** /resend-verification: send a new link; ?email= pre-fills it (product §2, §5, §8). */
export function ResendVerificationPage() {
  const [params] = useSearchParams();
  const { t, i18n } = useLingui();
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
        setError(answer.message || i18n._(WORDS.resendFailed));
        setPhase('error');
        return;
      }
      setSentTo(address);
      setPhase('success');
    } catch (caught) {
      setError(
        isApiError(caught) && caught.status !== undefined
          ? serverMessage(caught, i18n._(WORDS.resendFailed))
          : i18n._(WORDS.resendError),
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
    const email = part('email');
    const lifetime = i18n._(linkLifetime(VERIFICATION_TOKEN_TTL_MS));
    return (
      <ConfirmationPanel
        actions={
          <Group gap="sm">
            <Button component={Link} to={loginPathReturningTo(params.get(RETURN_PARAM))} size="md">
              {t`Return to Login`}
            </Button>
            <Button size="md" variant="default" onClick={() => void send(sentTo)}>
              {t`Resend Again`}
            </Button>
          </Group>
        }
      >
        {withParts(
          t`We have sent a new verification link to ${email}. Please check your inbox and your spam folder. The link expires after ${lifetime}.`,
          { email: <strong>{sentTo}</strong> },
        )}
      </ConfirmationPanel>
    );
  }

  const sending = phase === 'sending';
  return (
    <AuthCard
      title={t`Resend verification email`}
      subtitle={t`Enter the email you signed up with and we will send you a new verification link.`}
    >
      <FormErrorAlert>{error}</FormErrorAlert>
      <form ref={formRef} noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <EmailInput {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth disabled={sending}>
            {sending ? t`Sending...` : t`Resend Verification Email`}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
