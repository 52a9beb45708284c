import '@mantine/core/styles/Input.css';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_SEARCH_MAX_LENGTH } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminTheme } from '@focusroom/core/schemas';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatWhen } from './admin-format';
import { usePublicThemesQuery } from './admin-queries';
import type { ConfirmRequest } from './confirm-action-modal';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { useSearchPaging } from './use-search-paging';
import { useThemeModeration } from './reports-section';
import { ThemeSwatch } from './theme-swatch';

function GalleryCard({
  theme,
  moderation,
}: {
  theme: AdminTheme;
  moderation: ReturnType<typeof useThemeModeration>;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" className="fr-admin-card">
      <Group justify="space-between" align="center" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeSwatch theme={theme} />
          <div>
            <Text fw={600} size="sm">
              {theme.name}
            </Text>
            <Text size="xs" c="dimmed">
              by @{theme.username ?? 'unknown'} · {formatWhen(theme.created_at)}
            </Text>
            {theme.is_hidden && theme.hidden_reason ? (
              <Text size="xs" c="dimmed">
                Hidden: {theme.hidden_reason}
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="xs">
          {theme.open_reports > 0 ? (
            <Badge color="yellow" variant="light" size="sm">
              {theme.open_reports} open report{theme.open_reports === 1 ? '' : 's'}
            </Badge>
          ) : null}
          {theme.is_hidden ? (
            <>
              <Badge color="red" variant="light" size="sm">
                Hidden
              </Badge>
              <Button size="xs" variant="light" onClick={() => void moderation.restore(theme)}>
                Restore
              </Button>
            </>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={() => moderation.hide(theme)}>
              Hide
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Every public custom theme, hidden ones included, searchable by name or creator. */
export function GallerySection({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const { search, setSearch, q, page, setPage } = useSearchPaging();
  const query = usePublicThemesQuery({ page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, q });
  const moderation = useThemeModeration(ask);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search public themes"
        description="Theme name or creator"
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryState query={query} label="Loading public themes">
        {(list) =>
          list.total === 0 ? (
            <Text c="dimmed">{ADMIN_WEB_MESSAGES.noPublicThemes}</Text>
          ) : (
            <Stack gap="sm">
              <Stack component="ul" gap="sm" className="fr-admin-list">
                {list.items.map((theme) => (
                  <GalleryCard key={theme.id} theme={theme} moderation={moderation} />
                ))}
              </Stack>
              <Pager
                page={list.page}
                pageSize={list.page_size}
                total={list.total}
                noun={list.total === 1 ? 'theme' : 'themes'}
                label="Pages of public themes"
                onChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
