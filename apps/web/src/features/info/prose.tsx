import '@mantine/core/styles/List.css';
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Small building blocks for the written pages, so they share one rhythm. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // On the app's surface, never on the bare picture of a theme (decision 056).
    <Stack gap="xs" component="section" className="fr-scrim fr-scrim-roomy">
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return (
    <Text lh={1.65} maw={760}>
      {children}
    </Text>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={6} maw={760} lh={1.6}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}
