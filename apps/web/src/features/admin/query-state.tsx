import { useLingui } from '@lingui/react/macro';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api-client';

/**
 * A query's three faces: a spinner until the first answer, the server's message with a retry
 * when it failed (the last page stays on screen if there was one), else the content.
 */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the spinner announces ("Loading" when not given). */
  label?: string;
  children: (data: T) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const failure = query.isError ? (
    <Alert color="red" variant="light" role="alert" title={t`Could not load`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{serverMessage(query.error, i18n._(ADMIN_WEB_MESSAGES.loadFailed))}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
          {t`Try again`}
        </Button>
      </Stack>
    </Alert>
  ) : null;
  if (query.data === undefined) {
    return (
      failure ?? (
        <Center py="xl">
          <Loader size="sm" aria-label={label ?? t`Loading`} />
        </Center>
      )
    );
  }
  return (
    <Stack gap="md">
      {failure}
      {children(query.data)}
    </Stack>
  );
}
