import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** A centred card for the account screens: login, register, passwords, verification. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Container size={460} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Text ta="center" mt="lg" size="sm">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}

export interface AuthCardFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The words on the one submit button. */
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** The card's form: its fields, then one full-width submit button that spins while it is sent. */
export function AuthCardForm({ onSubmit, submitLabel, submitting, children }: AuthCardFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
