import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ADMIN_HIDE_REASON_MAX_LENGTH, ADMIN_PAGE_SIZE_DEFAULT } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminReport } from '@focusroom/core/schemas';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { adminApi } from './admin-api';
import { formatWhen } from './admin-format';
import { useAdminAction, useReportsQuery } from './admin-queries';
import type { ConfirmRequest } from './confirm-action-modal';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { ThemeSwatch } from './theme-swatch';

const STATUS_LABELS: Record<AdminReport['status'], { label: string; color: string }> = {
  open: { label: 'Open', color: 'yellow' },
  dismissed: { label: 'Dismissed', color: 'gray' },
  actioned: { label: 'Acted on', color: 'green' },
};

/** The confirmations every moderation list shares: hide (with a reason), restore, delete. */
export function useThemeModeration(ask: (request: ConfirmRequest) => void) {
  const act = useAdminAction();
  return {
    hide: (theme: { id: string; name: string }) =>
      ask({
        title: 'Hide theme?',
        body: `“${theme.name}” leaves the public gallery; only its creator still sees it. You can restore it later.`,
        confirmLabel: 'Hide theme',
        danger: true,
        reason: {
          label: 'Reason (optional)',
          description: ADMIN_WEB_MESSAGES.hideReasonAudience,
          maxLength: ADMIN_HIDE_REASON_MAX_LENGTH,
        },
        onConfirm: (reason) =>
          act('theme.hide', theme.name, () =>
            adminApi.hideTheme(theme.id, reason ? { reason } : {}),
          ),
      }),
    restore: (theme: { id: string; name: string }) =>
      act('theme.restore', theme.name, () => adminApi.restoreTheme(theme.id)).catch(
        () => undefined,
      ),
    remove: (theme: { id: string; name: string }) =>
      ask({
        title: 'Delete theme?',
        body: `“${theme.name}” is deleted for good, for its creator too. This cannot be undone.`,
        confirmLabel: 'Delete theme',
        danger: true,
        onConfirm: () => act('theme.delete', theme.name, () => adminApi.deleteTheme(theme.id)),
      }),
    dismiss: (report: AdminReport) =>
      act('report.dismiss', report.theme.name, () => adminApi.dismissReport(report.id)).catch(
        () => undefined,
      ),
  };
}

function ReportCard({
  report,
  moderation,
}: {
  report: AdminReport;
  moderation: ReturnType<typeof useThemeModeration>;
}) {
  const { theme } = report;
  const status = STATUS_LABELS[report.status];
  return (
    <Paper component="li" withBorder radius="md" p="sm" className="fr-admin-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeSwatch theme={theme} />
            <div>
              <Text fw={600} size="sm">
                {theme.name}
              </Text>
              <Text size="xs" c="dimmed">
                by @{theme.username ?? 'unknown'} · {theme.open_reports} open report
                {theme.open_reports === 1 ? '' : 's'}
              </Text>
            </div>
          </Group>
          <Group gap={4}>
            {theme.is_hidden ? (
              <Badge color="red" variant="light" size="sm">
                Hidden
              </Badge>
            ) : null}
            <Badge color={status.color} variant="light" size="sm">
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" className="fr-admin-quote">
          “{report.reason}”
        </Text>
        <Text size="xs" c="dimmed">
          Reported by @{report.reporter.username} on {formatWhen(report.created_at)}
        </Text>
        <Group gap="xs">
          {theme.is_hidden ? (
            <Button size="xs" variant="light" onClick={() => void moderation.restore(theme)}>
              Restore theme
            </Button>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={() => moderation.hide(theme)}>
              Hide theme
            </Button>
          )}
          {report.status === 'open' ? (
            <Button size="xs" variant="default" onClick={() => void moderation.dismiss(report)}>
              Dismiss report
            </Button>
          ) : null}
          <Button size="xs" color="red" variant="subtle" onClick={() => moderation.remove(theme)}>
            Delete theme
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Reports of public themes: the open ones first, or every report with how it ended. */
export function ReportsSection({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const query = useReportsQuery(status, { page, pageSize: ADMIN_PAGE_SIZE_DEFAULT });
  const moderation = useThemeModeration(ask);
  return (
    <Stack gap="sm">
      <SegmentedControl
        size="xs"
        value={status}
        onChange={(value) => {
          setStatus(value === 'all' ? 'all' : 'open');
          setPage(1);
        }}
        data={[
          { value: 'open', label: 'Waiting' },
          { value: 'all', label: 'All reports' },
        ]}
        aria-label="Reports shown"
        className="fr-admin-segment"
      />
      <QueryState query={query} label="Loading reports">
        {(list) =>
          list.total === 0 ? (
            <Text c="dimmed">
              {status === 'open' ? ADMIN_WEB_MESSAGES.noReports : ADMIN_WEB_MESSAGES.noReportsAtAll}
            </Text>
          ) : (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" className="fr-admin-list">
                {list.items.map((report) => (
                  <ReportCard key={report.id} report={report} moderation={moderation} />
                ))}
              </Stack>
              <Pager
                page={list.page}
                pageSize={list.page_size}
                total={list.total}
                noun={list.total === 1 ? 'report' : 'reports'}
                label="Pages of reports"
                onChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
