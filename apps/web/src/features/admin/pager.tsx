import { adminPageCount } from '@focusroom/core';
import { Button, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/**
 * Previous and next around "Page 2 of 7 · 134 users": two buttons fit a 390 px phone where a
 * row of page numbers would not.
 */
export function Pager({
  page,
  pageSize,
  total,
  counted,
  label,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The total with what is counted ("134 users"), a plural message of the caller's. */
  counted: string;
  /** Names the navigation landmark ("Pages of users"). */
  label: string;
  onChange: (page: number) => void;
}) {
  const pages = adminPageCount(total, pageSize);
  const current = Math.min(page, pages);
  const { t } = useLingui();
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden className="fr-mirror-rtl" />}
        className="fr-admin-pager-button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t`Previous`}
      </Button>
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {t`Page ${current} of ${pages} · ${counted}`}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden className="fr-mirror-rtl" />}
        className="fr-admin-pager-button"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t`Next`}
      </Button>
    </Group>
  );
}
