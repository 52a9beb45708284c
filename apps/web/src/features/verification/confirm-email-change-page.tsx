import { EMAIL_CHANGE_MESSAGES } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
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
import { coreTextInReaderLanguage } from '../../i18n';
import { EMAIL_CHANGE_ANSWERS } from './page-messages';
import { confirmEmailChange } from './verification-api';

/** The server's answer; an empty message when it said nothing, which the page then words. */
async function runConfirmation(token: string): Promise<string> {
  try {
    const answer = await confirmEmailChange(token);
    return answer?.message ?? '';
  } catch (error) {
    throw new Error(serverMessage(error, ''), { cause: error });
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
  const { t } = useLingui();
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
      {t`Go to your profile`}
    </Button>
  ) : (
    <Button component={Link} to={ROUTES.login.path} size="md">
      {confirmed ? t`Go to Login` : t`Back to Login`}
    </Button>
  );

  if (confirmation.isPending && token !== '') {
    return (
      <AuthCard title={t`Confirm your new email`}>
        <Group gap="sm">
          <Loader size="sm" role="status" aria-label={t`Confirming your new email address…`} />
          <Text>{t`Confirming your new email address…`}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (confirmation.isSuccess) {
    return (
      <AuthCard title={t`Confirm your new email`}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconCircleCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status" size="lg" fw={600}>
            {coreTextInReaderLanguage(
              confirmation.data,
              EMAIL_CHANGE_MESSAGES,
              EMAIL_CHANGE_ANSWERS,
            )}
          </Text>
          {next}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Confirm your new email`}>
      <FormErrorAlert>
        {confirmation.error?.message ||
          t`Your new email address could not be confirmed. Please try again.`}
      </FormErrorAlert>
      <Group>{next}</Group>
    </AuthCard>
  );
}
