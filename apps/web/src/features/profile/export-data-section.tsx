import { useLingui } from '@lingui/react/macro';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FormErrorAlert } from '../../components/form-error-alert';
import { SectionCard } from '../../components/section-card';
import { serverMessage } from '../../lib/api-client';
import { downloadAccountExport } from './export-data';

/** "Your data" on /profile: everything stored about the account as one JSON file (decision 034). */
export function ExportDataSection() {
  const headingId = useId();
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadAccountExport();
    } catch (failure) {
      setError(serverMessage(failure, i18n._(PROFILE_PAGE_MESSAGES.exportFailed)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard roomy labelledBy={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} id={headingId}>
          {t`Your data`}
        </Title>
        <Text size="sm" c="dimmed" maw={620}>
          {i18n._(PROFILE_PAGE_MESSAGES.exportIntro)}
        </Text>
        <FormErrorAlert>{error}</FormErrorAlert>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={busy}
          onClick={() => void download()}
        >
          {i18n._(PROFILE_PAGE_MESSAGES.exportButton)}
        </Button>
      </Stack>
    </SectionCard>
  );
}
