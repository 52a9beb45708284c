import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_SEARCH_MAX_LENGTH } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminUser } from '@focusroom/core/schemas';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount, formatWhen } from './admin-format';
import { useUsersQuery } from './admin-queries';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { useSearchPaging } from './use-search-paging';
import { UserBadges } from './user-badges';
import { UserDetailModal } from './user-detail';

/** "Manage ada": the button that opens an account, named for screen readers. */
function ManageButton({ user, onOpen }: { user: AdminUser; onOpen: (user: AdminUser) => void }) {
  const { t } = useLingui();
  const username = user.username;
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => onOpen(user)}
      aria-label={t`Manage ${username}`}
    >
      {t`Manage`}
    </Button>
  );
}

function UsersTable({ users, onOpen }: { users: AdminUser[]; onOpen: (user: AdminUser) => void }) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Name`}</Table.Th>
            <Table.Th scope="col">{t`Email`}</Table.Th>
            <Table.Th scope="col">{t`Status`}</Table.Th>
            <Table.Th scope="col">{t`Joined`}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  @{user.username}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className="fr-admin-break">
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <UserBadges user={user} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatWhen(user.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <ManageButton user={user} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each account is a card: a table five columns wide would not fit 390 px. */
function UserCards({ users, onOpen }: { users: AdminUser[]; onOpen: (user: AdminUser) => void }) {
  const { t } = useLingui();
  const joinedOn = (when: string) => t`Joined ${when}`;
  return (
    <Stack component="ul" gap="sm" className="fr-admin-list">
      {users.map((user) => (
        <Paper component="li" key={user.id} withBorder radius="md" p="sm" className="fr-admin-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                @{user.username}
              </Text>
              <Text size="xs" className="fr-admin-break">
                {user.email}
              </Text>
            </Stack>
            <ManageButton user={user} onOpen={onOpen} />
          </Group>
          <Group justify="space-between" mt="xs" gap="xs">
            <UserBadges user={user} />
            <Text size="xs" c="dimmed">
              {joinedOn(formatWhen(user.created_at))}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Search accounts by name, username or email; page through them; open one to act on it. */
export function UsersTab() {
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const params = { page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, q };
  const query = useUsersQuery(params);
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const [openId, setOpenId] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const accounts = (total: number) => {
    const count = formatCount(total);
    return t`${plural(total, { one: `${count} account`, other: `${count} accounts` })}`;
  };

  return (
    <Stack gap="md">
      <TextInput
        label={t`Search users`}
        description={t`Name, username or email`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        type="search"
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryState query={query} label={t`Loading users`}>
        {(list) =>
          list.total === 0 ? (
            <Text c="dimmed">
              {i18n._(q ? ADMIN_WEB_MESSAGES.noUsersFound : ADMIN_WEB_MESSAGES.noUsers)}
            </Text>
          ) : (
            <Stack gap="sm">
              {wide ? (
                <UsersTable users={list.items} onOpen={(user) => setOpenId(user.id)} />
              ) : (
                <UserCards users={list.items} onOpen={(user) => setOpenId(user.id)} />
              )}
              <Pager
                page={list.page}
                pageSize={list.page_size}
                total={list.total}
                counted={accounts(list.total)}
                label={t`Pages of accounts`}
                onChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
      <UserDetailModal userId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
