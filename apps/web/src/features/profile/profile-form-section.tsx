import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { SectionCard } from '../../components/section-card';

export interface ProfileFormSectionProps {
  /** The heading's id; it names the form. */
  headingId: string;
  title: string;
  /** A line under the heading. */
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The words on the submit button, at the bottom right. */
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** One form of the profile page: a section with a heading, its fields and one submit button. */
export function ProfileFormSection({
  headingId,
  title,
  description,
  onSubmit,
  submitLabel,
  submitting,
  children,
}: ProfileFormSectionProps) {
  const heading = (
    // Focusable from script only: a link to the section moves focus to its heading.
    <Title order={2} id={headingId} tabIndex={-1}>
      {title}
    </Title>
  );
  return (
    <SectionCard roomy>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <Stack gap="md">
          {description ? (
            <Stack gap={4}>
              {heading}
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          ) : (
            heading
          )}
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
