import { useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { SectionCard } from '../../components/section-card';
import { ConfirmActionModal, type ConfirmRequest } from './confirm-action-modal';
import { GallerySection } from './gallery-section';
import { ReportsSection } from './reports-section';
import { StandardThemesSection } from './standard-themes-section';

function Section({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const id = useId();
  return (
    <SectionCard labelledBy={id} className="fr-admin-section">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {lead}
          </Text>
        </div>
        {children}
      </Stack>
    </SectionCard>
  );
}

/** Moderation: reported themes, the standard themes, and the whole public gallery. */
export function ThemesTab() {
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <Section
        title={t`Reports`}
        lead={t`Public themes people reported. Hiding a theme takes it out of the gallery; dismissing keeps it.`}
      >
        <ReportsSection ask={setConfirm} />
      </Section>
      <Section title={t`Standard themes`} lead={t`The themes every visitor can choose from.`}>
        <StandardThemesSection ask={setConfirm} />
      </Section>
      <Section
        title={t`Public gallery`}
        lead={t`Every theme its creator shared, hidden ones included.`}
      >
        <GallerySection ask={setConfirm} />
      </Section>
      <ConfirmActionModal request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
