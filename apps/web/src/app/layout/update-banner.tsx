import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useWaitingUpdate } from '../app-update';

/** Says that a new version of the app is ready, and reloads into it when asked. */
export function UpdateBanner() {
  const apply = useWaitingUpdate();
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState<typeof apply>(null);
  if (!apply || dismissed === apply) return null;
  return (
    <Paper className="fr-update-banner" withBorder radius="md" shadow="md" p="sm" role="status">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm">{t`A new version of Focusroom is ready.`}</Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={() => setDismissed(() => apply)}
          >
            {t`Later`}
          </Button>
          <Button
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={apply}
          >
            {t`Reload`}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
