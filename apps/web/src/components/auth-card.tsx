import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef, type ReactNode } from 'react';
import { useAdoptEarlyFormInput } from '../lib/early-input';
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
        // Below the card, on the page: on a scrim over a theme's picture (decision 056).
        <Text ta="center" mt="lg" mx="auto" size="sm" className="fr-scrim">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}

export interface AuthCardFormProps<Values> {
  /** The page's form (useForm): it validates before `onSubmit` and says while it is sending. */
  form: Pick<UseFormReturnType<Values>, 'onSubmit' | 'submitting' | 'getValues' | 'setFieldValue'>;
  onSubmit: (values: Values) => void | Promise<void>;
  /** The words on the one submit button. */
  submitLabel: string;
  children: ReactNode;
}

/**
 * The card's form: its fields, then one full-width submit button that spins while it is sent.
 * What was typed into the pre-rendered fields before the app ran is the form's from hydration on.
 */
export function AuthCardForm<Values>({
  form,
  onSubmit,
  submitLabel,
  children,
}: AuthCardFormProps<Values>) {
  const ref = useRef<HTMLFormElement>(null);
  useAdoptEarlyFormInput(ref, form);
  return (
    <form ref={ref} noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        {children}
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
