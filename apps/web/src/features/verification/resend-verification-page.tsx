import '../../components/form-styles';
import { MESSAGES, SIMPLE_EMAIL_PATTERN } from '@focusroom/core';
import { Alert, Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { isApiError, serverMessage } from '../../lib/api-client';
import { resendVerification } from './verification-api';

type Phase = 'idle' | 'sending' | 'success' | 'error';

/** /resend-verification: send a new verification link; ?email= pre-fills it (SPEC §2, §5, §8). */
export function ResendVerificationPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [phase, setPhase] = useState<Phase>('idle');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const send = async (address: string) => {
    setError(null);
    setFieldError(null);
    if (!SIMPLE_EMAIL_PATTERN.test(address)) {
      setFieldError(MESSAGES.resendInvalidEmail);
      setPhase('idle');
      return;
    }
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

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(email.trim());
  };

  if (phase === 'success') {
    return (
      <AuthCard title="Check your email">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconMailCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status">
            We have sent a new verification link to <strong>{sentTo}</strong>. Please check your
            inbox and your spam folder. The link expires after 24 hours.
          </Text>
          <Group gap="sm">
            <Button component={Link} to={ROUTES.login.path} size="md">
              Return to Login
            </Button>
            <Button size="md" variant="default" onClick={() => void send(sentTo)}>
              Resend Again
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  const sending = phase === 'sending';
  return (
    <AuthCard
      title="Resend verification email"
      subtitle="Enter the email you signed up with and we will send you a new verification link."
    >
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {error}
        </Alert>
      ) : null}
      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            withAsterisk={false}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError}
          />
          <Button type="submit" size="md" fullWidth disabled={sending}>
            {sending ? 'Sending...' : 'Resend Verification Email'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
