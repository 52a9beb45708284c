import { EMAIL_CHANGE_PAGE_MESSAGES as WORDS } from '../../lib/email-change-page-messages';
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
  const undo = useMutation({
    mutationFn: async () => {
      try {
        const answer = await undoEmailChange(token);
        return answer?.message ?? '';
      } catch (error) {
        throw new Error(serverMessage(error, WORDS.undoFailed), { cause: error });
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
      <AuthCard title={WORDS.undoTitle}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={52} radius="xl" variant="light" color="green">
            <IconShieldCheck size={28} aria-hidden />
          </ThemeIcon>
          <Text role="status" fw={600}>
            {undo.data}
          </Text>
          <Text>{WORDS.undoAdvice}</Text>
          <Group gap="sm">
            <Button component={Link} to={ROUTES.forgotPassword.path} size="md">
              {WORDS.choosePassword}
            </Button>
            <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
              {WORDS.goToLogin}
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={WORDS.undoTitle}>
      <Text>{WORDS.undoIntro}</Text>
      <FormErrorAlert>{undo.isError ? undo.error.message : null}</FormErrorAlert>
      <Group gap="sm">
        <Button
          size="md"
          loading={undo.isPending}
          disabled={token === ''}
          onClick={() => undo.mutate()}
        >
          {WORDS.undoButton}
        </Button>
        <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
          {WORDS.backToLogin}
        </Button>
      </Group>
    </AuthCard>
  );
}
