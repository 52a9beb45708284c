import { Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

export interface PageShellProps {
  title: string;
  description?: ReactNode;
  /** Extra controls beside the heading. */
  actions?: ReactNode;
  size?: MantineSize | number;
  children?: ReactNode;
}

/** The frame of a content page: one h1, an optional lead, then the content. */
export function PageShell({ title, description, actions, size = 'lg', children }: PageShellProps) {
  useDocumentTitle(title);
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        {/*
          The heading and lead lie on the page: a scrim keeps them readable (decision 056). A
          heading alone is scrimmed line by line, taking no more room than bare text (the
          dashboard's timer stays on the first screen of a phone).
        */}
        {description || actions ? (
          <Stack gap={6} className="fr-scrim">
            <Title order={1}>{title}</Title>
            {description ? (
              <Text c="dimmed" size="lg">
                {description}
              </Text>
            ) : null}
            {actions}
          </Stack>
        ) : (
          <Title order={1}>
            <span className="fr-scrim-lines">{title}</span>
          </Title>
        )}
        {children}
      </Stack>
    </Container>
  );
}
