import '@mantine/core/styles/Table.css';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@focusroom/core';
import { ADMIN_ACTION_LABELS, ADMIN_WEB_MESSAGES } from './page-messages';
import type { AuditEntry } from '@focusroom/core/schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatCount, formatWhen } from './admin-format';
import { useAuditQuery } from './admin-queries';
import { Pager } from './pager';
import { QueryState } from './query-state';

/** What an action was done to: "Account ada", "Theme Dusk", "Report on Dusk". */
const TARGETS: Record<AuditEntry['target_type'], (target: string) => MessageDescriptor> = {
  user: (target) => msg`Account ${target}`,
  theme: (target) => msg`Theme ${target}`,
  report: (target) => msg`Report on ${target}`,
};

/** Who did it: the username at the time; the command line has no account. */
function actorOf(entry: AuditEntry): string {
  return entry.actor_id === null ? entry.actor_username : `@${entry.actor_username}`;
}

function targetOf(entry: AuditEntry): MessageDescriptor {
  return TARGETS[entry.target_type](entry.target_label);
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`When`}</Table.Th>
            <Table.Th scope="col">{t`Who`}</Table.Th>
            <Table.Th scope="col">{t`What`}</Table.Th>
            <Table.Th scope="col">{t`Target`}</Table.Th>
            <Table.Th scope="col">{t`Address`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatWhen(entry.created_at)}</Table.Td>
              <Table.Td>{actorOf(entry)}</Table.Td>
              <Table.Td>{i18n._(ADMIN_ACTION_LABELS[entry.action])}</Table.Td>
              <Table.Td className="fr-admin-break">{i18n._(targetOf(entry))}</Table.Td>
              <Table.Td>{entry.ip ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditCards({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useLingui();
  return (
    <Stack component="ul" gap="xs" className="fr-admin-list">
      {entries.map((entry) => (
        <Paper
          component="li"
          key={entry.id}
          withBorder
          radius="md"
          p="sm"
          className="fr-admin-card"
        >
          <Text size="sm" fw={600}>
            {i18n._(ADMIN_ACTION_LABELS[entry.action])}
          </Text>
          <Text size="sm" className="fr-admin-break">
            {i18n._(targetOf(entry))}
          </Text>
          <Text size="xs" c="dimmed">
            {actorOf(entry)} · {formatWhen(entry.created_at)} · {entry.ip ?? t`no address`}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** Every admin action, newest first: read-only, as the API keeps it. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const query = useAuditQuery({ page, pageSize: ADMIN_PAGE_SIZE_DEFAULT });
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const { t, i18n } = useLingui();
  const entries = (total: number) => {
    const count = formatCount(total);
    return t`${plural(total, { one: `${count} entry`, other: `${count} entries` })}`;
  };
  return (
    <QueryState query={query} label={t`Loading the audit log`}>
      {(list) =>
        list.total === 0 ? (
          <Text c="dimmed">{i18n._(ADMIN_WEB_MESSAGES.noAudit)}</Text>
        ) : (
          <Stack gap="sm">
            {wide ? <AuditTable entries={list.items} /> : <AuditCards entries={list.items} />}
            <Pager
              page={list.page}
              pageSize={list.page_size}
              total={list.total}
              counted={entries(list.total)}
              label={t`Pages of the audit log`}
              onChange={setPage}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}
