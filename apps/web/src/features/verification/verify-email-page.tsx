import '../../components/form-styles';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { EmailInput } from '../../components/account-inputs';
import { FormErrorAlert } from '../../components/form-error-alert';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { VERIFICATION_MESSAGES as WORDS } from './page-messages';
import { resendVerification, verifyEmail } from './verification-api';

/**
 * Product §2/§8: failure shows the server's message, or the page's own (an empty message here,
 * so the page says it in the language being read).
 */
async function runVerification(token: string): Promise<string> {
  try {
    const answer = await verifyEmail(token);
    if (answer?.success === false) throw new Error(answer.message);
    return answer?.message ?? '';
  } catch (error) {
    throw new Error(serverMessage(error, ''), { cause: error });
  }
}

/** The resend form shown under a failed verification (product §2, §5). */
function ResendForm() {
  const { t, i18n } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' } });

  const handleSubmit = async ({ email }: { email: string }) => {
    setError(null);
    setSentTo(null);
    const address = email.trim();
    if (!address) {
      form.setFieldError('email', i18n._(WORDS.resendEmptyEmail));
      return;
    }
    try {
      const answer = await resendVerification(address);
      if (answer?.success === false) throw new Error(answer.message);
      setSentTo(address);
    } catch {
      setError(i18n._(WORDS.verifyResendFailed));
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t`Enter your email address and we will send you a new verification link.`}
        </Text>
        {sentTo ? (
          <Alert color="green" variant="light" icon={<IconMailCheck size={20} aria-hidden />}>
            {t`A new verification link is on its way to ${sentTo}. Check your inbox and spam folder.`}
          </Alert>
        ) : null}
        <FormErrorAlert>{error}</FormErrorAlert>
        <EmailInput {...form.getInputProps('email')} />
        <Group gap="sm">
          <Button type="submit" loading={form.submitting}>
            {t`Resend Verification Email`}
          </Button>
          <Button component={Link} to={ROUTES.login.path} variant="default">
            {t`Back to Login`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /verify-email/{token}: verifies on load (product §2 Email verification page). */
export function VerifyEmailPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { status, refreshUser } = useAuth();
  const { t, i18n } = useLingui();
  // A query, not an effect: a double render or double effect verifies once.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => runVerification(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const verified = verification.isSuccess;

  // A signed-in user's banner goes away as soon as the server agrees.
  useEffect(() => {
    if (verified && status === 'authenticated') void refreshUser();
  }, [verified, status, refreshUser]);

  if (!token) {
    return (
      <AuthCard title={t`Email verification`}>
        <FormErrorAlert>{i18n._(WORDS.verifyNoToken)}</FormErrorAlert>
        <Button component={Link} to={ROUTES.login.path} variant="default" w="fit-content">
          {t`Back to Login`}
        </Button>
      </AuthCard>
    );
  }

  if (verification.isPending) {
    return (
      <AuthCard title={t`Email verification`}>
        <Group gap="sm">
          <Loader size="sm" role="status" aria-label={t`Verifying your email`} />
          <Text>{t`Verifying your email…`}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (verification.isSuccess) {
    return (
      <AuthCard title={t`Email verification`}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconCircleCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status" size="lg" fw={600}>
            {i18n._(WORDS.verifySuccess)}
          </Text>
          <Button component={Link} to={ROUTES.login.path} size="md">
            {t`Go to Login`}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Email verification`}>
      <FormErrorAlert>{verification.error.message || i18n._(WORDS.verifyFailed)}</FormErrorAlert>
      <ResendForm />
    </AuthCard>
  );
}
