import { useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { SectionCard } from '../../components/section-card';
import { LanguageSelect } from '../../i18n';

/**
 * The language among the account's settings (decision 076): the same menu as the top bar's,
 * saved on the account so every device and the mails sent to the person follow it.
 */
export function LanguageSection() {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <SectionCard roomy labelledBy={headingId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} id={headingId}>
          {t`Language`}
        </Title>
        <Text size="sm" c="dimmed" maw={620}>
          {t`Focusroom speaks this language on every device you sign in on, and writes to you in it.`}
        </Text>
        <LanguageSelect className="fr-profile-language" />
      </Stack>
    </SectionCard>
  );
}
