import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card';

export interface ConfirmationPanelProps {
  /** The card's title and the page title; "Check your email" unless said otherwise. */
  title?: string;
  /** The green icon; an envelope with a tick unless said otherwise. */
  icon?: ReactNode;
  /** What happened, announced as a status message. */
  children: ReactNode;
  /** What to do next: links or buttons under the text. */
  actions?: ReactNode;
}

/**
 * The card an account step ends on once it has worked: a mail was sent (registration, password
 * reset, a new verification link) or the password was changed.
 */
export function ConfirmationPanel({
  title,
  icon = <IconMailCheck size={28} aria-hidden />,
  children,
  actions,
}: ConfirmationPanelProps) {
  const { t } = useLingui();
  return (
    <AuthCard title={title ?? t`Check your email`}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={52} radius="xl" variant="light" color="green">
          {icon}
        </ThemeIcon>
        <Text role="status">{children}</Text>
        {actions}
      </Stack>
    </AuthCard>
  );
}
