import { adminPageCount } from '@focusroom/core';
import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatCount } from './admin-format';

/**
 * Previous and next around "Page 2 of 7 · 134 users": two buttons fit a 390 px phone where a
 * row of page numbers would not.
 */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  label,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, plural ("users"). */
  noun: string;
  /** Names the navigation landmark ("Pages of users"). */
  label: string;
  onChange: (page: number) => void;
}) {
  const pages = adminPageCount(total, pageSize);
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        className="fr-admin-pager-button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {formatCount(total)} {noun}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        className="fr-admin-pager-button"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
