import { EMAIL_CHANGE_MESSAGES } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { coreTextInReaderLanguage } from '../../i18n';
import { emailChangeApi } from './email-change-api';
import { EMAIL_CHANGE_ANSWERS } from './page-messages';

/**
 * A new address waiting for its link (decision 050): which one, that the current address still
 * signs in, and the two ways on: mail the link again, or cancel the change.
 */
export function PendingEmailNotice({ pending, current }: { pending: string; current: string }) {
  const { refreshUser } = useAuth();
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);

  const run = async (action: 'resend' | 'cancel') => {
    setBusy(action);
    try {
      if (action === 'cancel') {
        await emailChangeApi.cancel();
        await refreshUser();
        notify({ tone: 'success', message: i18n._(EMAIL_CHANGE_ANSWERS.cancelled) });
      } else {
        const answer = await emailChangeApi.resend();
        notify({
          tone: 'success',
          message: coreTextInReaderLanguage(
            answer.message,
            EMAIL_CHANGE_MESSAGES,
            EMAIL_CHANGE_ANSWERS,
          ),
        });
      }
    } catch (error) {
      notify({
        tone: 'error',
        message: serverMessage(error, t`That did not work. Please try again.`),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Alert
      color="focus"
      variant="light"
      radius="md"
      icon={<IconMailForward size={20} aria-hidden />}
      title={t`Waiting for your new email address`}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t`We sent a confirmation link to ${pending}. Until you open it, you keep signing in with ${current}.`}
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            loading={busy === 'resend'}
            disabled={busy !== null}
            onClick={() => void run('resend')}
          >
            {t`Send the link again`}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={busy === 'cancel'}
            disabled={busy !== null}
            onClick={() => void run('cancel')}
          >
            {t`Cancel the change`}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
