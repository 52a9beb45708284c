import { EMAIL_CHANGE_PAGE_MESSAGES as WORDS } from '../../lib/email-change-page-messages';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { FormErrorAlert } from '../../components/form-error-alert';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { confirmEmailChange } from './verification-api';

async function runConfirmation(token: string): Promise<string> {
  try {
    const answer = await confirmEmailChange(token);
    return answer?.message ?? '';
  } catch (error) {
    throw new Error(serverMessage(error, WORDS.confirmFailed), { cause: error });
  }
}

/**
 * /confirm-email/{token}: the link mailed to a new address (decision 050) confirms it on load,
 * signed in or not. Signed in, the user shown is refreshed, so the profile and the bar show the
 * new address at once. A failure (expired, replaced, or the address taken meanwhile) says why.
 */
export function ConfirmEmailChangePage() {
  const { token = '' } = useParams<{ token: string }>();
  const { status, refreshUser } = useAuth();
  // A query, not an effect: a double render or double effect sends the link once.
  const confirmation = useQuery({
    queryKey: ['confirm-email-change', token],
    queryFn: () => runConfirmation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const signedIn = status === 'authenticated';
  const confirmed = confirmation.isSuccess;

  useEffect(() => {
    if (confirmed && signedIn) void refreshUser();
  }, [confirmed, signedIn, refreshUser]);

  const next = signedIn ? (
    <Button component={Link} to={ROUTES.profile.path} size="md">
      {WORDS.goToProfile}
    </Button>
  ) : (
    <Button component={Link} to={ROUTES.login.path} size="md">
      {confirmed ? WORDS.goToLogin : WORDS.backToLogin}
    </Button>
  );

  if (confirmation.isPending && token !== '') {
    return (
      <AuthCard title={WORDS.confirmTitle}>
        <Group gap="sm">
          <Loader size="sm" role="status" aria-label={WORDS.confirming} />
          <Text>{WORDS.confirming}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (confirmation.isSuccess) {
    return (
      <AuthCard title={WORDS.confirmTitle}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconCircleCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status" size="lg" fw={600}>
            {confirmation.data}
          </Text>
          {next}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={WORDS.confirmTitle}>
      <FormErrorAlert>{confirmation.error?.message || WORDS.confirmFailed}</FormErrorAlert>
      <Group>{next}</Group>
    </AuthCard>
  );
}
