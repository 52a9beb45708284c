import '@mantine/core/styles/Table.css';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@focusroom/core';
import { ADMIN_ACTION_LABELS, ADMIN_WEB_MESSAGES } from './page-messages';
import type { AuditEntry } from '@focusroom/core/schemas';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatWhen } from './admin-format';
import { useAuditQuery } from './admin-queries';
import { Pager } from './pager';
import { QueryState } from './query-state';

const TARGET_NOUNS: Record<AuditEntry['target_type'], string> = {
  user: 'Account',
  theme: 'Theme',
  report: 'Report on',
};

/** Who did it: the username at the time; the command line has no account. */
function actorOf(entry: AuditEntry): string {
  return entry.actor_id === null ? entry.actor_username : `@${entry.actor_username}`;
}

function targetOf(entry: AuditEntry): string {
  return `${TARGET_NOUNS[entry.target_type]} ${entry.target_label}`;
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Target</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatWhen(entry.created_at)}</Table.Td>
              <Table.Td>{actorOf(entry)}</Table.Td>
              <Table.Td>{ADMIN_ACTION_LABELS[entry.action]}</Table.Td>
              <Table.Td className="fr-admin-break">{targetOf(entry)}</Table.Td>
              <Table.Td>{entry.ip ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditCards({ entries }: { entries: AuditEntry[] }) {
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
            {ADMIN_ACTION_LABELS[entry.action]}
          </Text>
          <Text size="sm" className="fr-admin-break">
            {targetOf(entry)}
          </Text>
          <Text size="xs" c="dimmed">
            {actorOf(entry)} · {formatWhen(entry.created_at)} · {entry.ip ?? 'no address'}
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
  return (
    <QueryState query={query} label="Loading the audit log">
      {(list) =>
        list.total === 0 ? (
          <Text c="dimmed">{ADMIN_WEB_MESSAGES.noAudit}</Text>
        ) : (
          <Stack gap="sm">
            {wide ? <AuditTable entries={list.items} /> : <AuditCards entries={list.items} />}
            <Pager
              page={list.page}
              pageSize={list.page_size}
              total={list.total}
              noun={list.total === 1 ? 'entry' : 'entries'}
              label="Pages of the audit log"
              onChange={setPage}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}
