import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { ADMIN_HIDE_REASON_MAX_LENGTH, ADMIN_PAGE_SIZE_DEFAULT } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminReport } from '@focusroom/core/schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { adminApi } from './admin-api';
import { formatCount, formatWhen } from './admin-format';
import { useAdminAction, useReportsQuery } from './admin-queries';
import type { ConfirmRequest } from './confirm-action-modal';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { ThemeSwatch } from './theme-swatch';

const STATUS_LABELS: Record<AdminReport['status'], { label: MessageDescriptor; color: string }> = {
  open: { label: msg({ message: 'Open', context: 'report status' }), color: 'yellow' },
  dismissed: { label: msg({ message: 'Dismissed', context: 'report status' }), color: 'gray' },
  actioned: { label: msg({ message: 'Acted on', context: 'report status' }), color: 'green' },
};

/** The confirmations every moderation list shares: hide (with a reason), restore, delete. */
export function useThemeModeration(ask: (request: ConfirmRequest) => void) {
  const act = useAdminAction();
  const { t, i18n } = useLingui();
  return {
    hide: ({ id, name }: { id: string; name: string }) =>
      ask({
        title: t`Hide theme?`,
        body: t`“${name}” leaves the public gallery; only its creator still sees it. You can restore it later.`,
        confirmLabel: t`Hide theme`,
        danger: true,
        reason: {
          label: t`Reason (optional)`,
          description: i18n._(ADMIN_WEB_MESSAGES.hideReasonAudience),
          maxLength: ADMIN_HIDE_REASON_MAX_LENGTH,
        },
        onConfirm: (reason) =>
          act('theme.hide', name, () => adminApi.hideTheme(id, reason ? { reason } : {})),
      }),
    restore: (theme: { id: string; name: string }) =>
      act('theme.restore', theme.name, () => adminApi.restoreTheme(theme.id)).catch(
        () => undefined,
      ),
    remove: ({ id, name }: { id: string; name: string }) =>
      ask({
        title: t`Delete theme?`,
        body: t`“${name}” is deleted for good, for its creator too. This cannot be undone.`,
        confirmLabel: t`Delete theme`,
        danger: true,
        onConfirm: () => act('theme.delete', name, () => adminApi.deleteTheme(id)),
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
  const { t, i18n } = useLingui();
  const username = theme.username ?? t`unknown`;
  const openReports = theme.open_reports;
  const reporter = report.reporter.username;
  const reported = formatWhen(report.created_at);
  const reason = report.reason;
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
                {t`by @${username} · ${plural(openReports, { one: '# open report', other: '# open reports' })}`}
              </Text>
            </div>
          </Group>
          <Group gap={4}>
            {theme.is_hidden ? (
              <Badge color="red" variant="light" size="sm">
                {t`Hidden`}
              </Badge>
            ) : null}
            <Badge color={status.color} variant="light" size="sm">
              {i18n._(status.label)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" className="fr-admin-quote">
          {t({ comment: 'The reporter’s reason, quoted', message: `“${reason}”` })}
        </Text>
        <Text size="xs" c="dimmed">
          {t`Reported by @${reporter} on ${reported}`}
        </Text>
        <Group gap="xs">
          {theme.is_hidden ? (
            <Button size="xs" variant="light" onClick={() => void moderation.restore(theme)}>
              {t`Restore theme`}
            </Button>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={() => moderation.hide(theme)}>
              {t`Hide theme`}
            </Button>
          )}
          {report.status === 'open' ? (
            <Button size="xs" variant="default" onClick={() => void moderation.dismiss(report)}>
              {t`Dismiss report`}
            </Button>
          ) : null}
          <Button size="xs" color="red" variant="subtle" onClick={() => moderation.remove(theme)}>
            {t`Delete theme`}
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
  const { t, i18n } = useLingui();
  const reports = (total: number) => {
    const count = formatCount(total);
    return t`${plural(total, { one: `${count} report`, other: `${count} reports` })}`;
  };
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
          { value: 'open', label: t`Waiting` },
          { value: 'all', label: t`All reports` },
        ]}
        aria-label={t`Reports shown`}
        className="fr-admin-segment"
      />
      <QueryState query={query} label={t`Loading reports`}>
        {(list) =>
          list.total === 0 ? (
            <Text c="dimmed">
              {i18n._(
                status === 'open'
                  ? ADMIN_WEB_MESSAGES.noReports
                  : ADMIN_WEB_MESSAGES.noReportsAtAll,
              )}
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
                counted={reports(list.total)}
                label={t`Pages of reports`}
                onChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
