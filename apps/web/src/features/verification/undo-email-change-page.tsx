import { EMAIL_CHANGE_MESSAGES } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { FormErrorAlert } from '../../components/form-error-alert';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { coreTextInReaderLanguage } from '../../i18n';
import { EMAIL_CHANGE_ANSWERS } from './page-messages';
import { undoEmailChange } from './verification-api';

/**
 * /undo-email-change/{token}: the link mailed to the old address (decision 050). It asks first,
 * since undoing signs out every device: a mail scanner that opens links changes nothing. Once
 * undone, a signed-in browser learns that its session ended (the refresh answers 401, and this
 * page stays), and the page offers a new password, since whoever made the change knew it.
 */
export function UndoEmailChangePage() {
  const { token = '' } = useParams<{ token: string }>();
  const { status, refreshUser } = useAuth();
  const { t } = useLingui();
  const undo = useMutation({
    mutationFn: async () => {
      try {
        const answer = await undoEmailChange(token);
        return answer?.message ?? '';
      } catch (error) {
        // Empty when the server said nothing: the page words it, in the language being read.
        throw new Error(serverMessage(error, ''), { cause: error });
      }
    },
  });
  const done = undo.isSuccess;
  const signedIn = status === 'authenticated';

  useEffect(() => {
    if (done && signedIn) void refreshUser();
  }, [done, signedIn, refreshUser]);

  if (done) {
    return (
      <AuthCard title={t`Undo the email change`}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconShieldCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status" fw={600}>
            {coreTextInReaderLanguage(undo.data, EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_ANSWERS)}
          </Text>
          <Text>
            {t`If you did not ask for the change, choose a new password now: whoever made it knew your password.`}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={ROUTES.forgotPassword.path} size="md">
              {t`Choose a new password`}
            </Button>
            <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
              {t`Go to Login`}
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Undo the email change`}>
      <Text>
        {t`Someone asked to change the email address of your Focusroom account, and we told this address. Undoing the change keeps this address (or gives it back) as the one you sign in with, and signs out every device, this one too.`}
      </Text>
      <FormErrorAlert>
        {undo.isError
          ? undo.error.message || t`The change could not be undone. Please try again.`
          : null}
      </FormErrorAlert>
      <Group gap="sm">
        <Button
          size="md"
          loading={undo.isPending}
          disabled={token === ''}
          onClick={() => undo.mutate()}
        >
          {t`Undo the change`}
        </Button>
        <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
          {t`Back to Login`}
        </Button>
      </Group>
    </AuthCard>
  );
}
