import { EMAIL_CHANGE_MESSAGES } from '@focusroom/core';
import { EMAIL_CHANGE_PAGE_MESSAGES as WORDS } from '../../lib/email-change-page-messages';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { emailChangeApi } from './email-change-api';

/**
 * A new address waiting for its link (decision 050): which one, that the current address still
 * signs in, and the two ways on: mail the link again, or cancel the change.
 */
export function PendingEmailNotice({ pending, current }: { pending: string; current: string }) {
  const { refreshUser } = useAuth();
  const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);

  const run = async (action: 'resend' | 'cancel') => {
    setBusy(action);
    try {
      if (action === 'cancel') {
        await emailChangeApi.cancel();
        await refreshUser();
        notify({ tone: 'success', message: EMAIL_CHANGE_MESSAGES.cancelled });
      } else {
        const answer = await emailChangeApi.resend();
        notify({ tone: 'success', message: answer.message });
      }
    } catch (error) {
      notify({ tone: 'error', message: serverMessage(error, WORDS.actionFailed) });
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
      title={WORDS.pendingTitle}
    >
      <Stack gap="sm">
        <Text size="sm">{WORDS.pendingBody(pending, current)}</Text>
        <Group gap="sm">
          <Button
            size="xs"
            loading={busy === 'resend'}
            disabled={busy !== null}
            onClick={() => void run('resend')}
          >
            {WORDS.resend}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={busy === 'cancel'}
            disabled={busy !== null}
            onClick={() => void run('cancel')}
          >
            {WORDS.cancel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
