import '@mantine/core/styles/Input.css';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_SEARCH_MAX_LENGTH } from '@focusroom/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type { AdminTheme } from '@focusroom/core/schemas';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatCount, formatWhen } from './admin-format';
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
  const { t } = useLingui();
  const username = theme.username ?? t`unknown`;
  const created = formatWhen(theme.created_at);
  const reason = theme.hidden_reason;
  const openReports = theme.open_reports;
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
              {t`by @${username} · ${created}`}
            </Text>
            {theme.is_hidden && reason ? (
              <Text size="xs" c="dimmed">
                {t`Hidden: ${reason}`}
              </Text>
            ) : null}
          </div>
        </Group>
        <Group gap="xs">
          {openReports > 0 ? (
            <Badge color="yellow" variant="light" size="sm">
              {t`${plural(openReports, { one: '# open report', other: '# open reports' })}`}
            </Badge>
          ) : null}
          {theme.is_hidden ? (
            <>
              <Badge color="red" variant="light" size="sm">
                {t`Hidden`}
              </Badge>
              <Button size="xs" variant="light" onClick={() => void moderation.restore(theme)}>
                {t`Restore`}
              </Button>
            </>
          ) : (
            <Button size="xs" color="red" variant="light" onClick={() => moderation.hide(theme)}>
              {t`Hide`}
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
  const { t, i18n } = useLingui();
  const themes = (total: number) => {
    const count = formatCount(total);
    return t`${plural(total, { one: `${count} theme`, other: `${count} themes` })}`;
  };
  return (
    <Stack gap="sm">
      <TextInput
        label={t`Search public themes`}
        description={t`Theme name or creator`}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        maxLength={ADMIN_SEARCH_MAX_LENGTH}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <QueryState query={query} label={t`Loading public themes`}>
        {(list) =>
          list.total === 0 ? (
            <Text c="dimmed">{i18n._(ADMIN_WEB_MESSAGES.noPublicThemes)}</Text>
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
                counted={themes(list.total)}
                label={t`Pages of public themes`}
                onChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
