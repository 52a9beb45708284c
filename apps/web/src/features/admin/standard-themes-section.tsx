import { STANDARD_THEME_IDS } from '@focusroom/core';
import type { StandardThemeBody, Theme } from '@focusroom/core/schemas';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi } from './admin-api';
import { useAdminAction, useStandardThemesQuery } from './admin-queries';
import type { ConfirmRequest } from './confirm-action-modal';
import { ADMIN_CORE_MESSAGES } from './core-messages';
import { QueryState } from './query-state';
import { StandardThemeForm } from './standard-theme-form';
import { ThemeSwatch } from './theme-swatch';

/** Why a standard theme may not be deleted: one of the ten originals, or the default. */
export function standardThemeDeleteBlock(
  theme: Pick<Theme, 'id' | 'is_default'>,
): MessageDescriptor | null {
  if (STANDARD_THEME_IDS.includes(theme.id)) return ADMIN_CORE_MESSAGES.seededThemeUndeletable;
  if (theme.is_default) return ADMIN_CORE_MESSAGES.defaultThemeUndeletable;
  return null;
}

function StandardThemeRow({
  theme,
  onEdit,
  onSetDefault,
  onDelete,
}: {
  theme: Theme;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
}) {
  const blocked = standardThemeDeleteBlock(theme);
  const original = STANDARD_THEME_IDS.includes(theme.id);
  const { t } = useLingui();
  const name = theme.name;
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
              {theme.description ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {theme.description}
                </Text>
              ) : null}
            </div>
          </Group>
          <Group gap={4}>
            {theme.is_default ? (
              <Badge color="focus" variant="light" size="sm">
                {t`Default`}
              </Badge>
            ) : null}
            {original ? (
              <Badge color="gray" variant="light" size="sm">
                {t`Original`}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={t`Edit ${name}`}>
            {t`Edit`}
          </Button>
          {theme.is_default ? null : (
            <Button
              size="xs"
              variant="default"
              onClick={onSetDefault}
              aria-label={t`Make ${name} the default`}
            >
              {t`Make default`}
            </Button>
          )}
          {blocked ? null : (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              onClick={onDelete}
              aria-label={t`Delete ${name}`}
            >
              {t`Delete`}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The standard themes everyone sees: create, edit, choose the default, delete added ones. */
export function StandardThemesSection({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const query = useStandardThemesQuery();
  const act = useAdminAction();
  const [editing, setEditing] = useState<{ theme: Theme | null } | null>(null);
  const { t, i18n } = useLingui();

  const removedForEveryone = (name: string) =>
    t`“${name}” is removed from the standard themes for everyone. This cannot be undone.`;

  const save = (theme: Theme | null, body: Partial<StandardThemeBody>) =>
    theme
      ? act('standard_theme.update', body.name ?? theme.name, () =>
          adminApi.updateStandardTheme(theme.id, body),
        )
      : act('standard_theme.create', body.name ?? '', () =>
          adminApi.createStandardTheme(body as StandardThemeBody),
        );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" maw={520}>
          {i18n._(ADMIN_CORE_MESSAGES.seededThemeUndeletable)}
        </Text>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditing({ theme: null })}
        >
          {t`New standard theme`}
        </Button>
      </Group>
      <QueryState query={query} label={t`Loading standard themes`}>
        {(themes) => (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, md: 2 }}
            spacing="sm"
            className="fr-admin-list"
          >
            {themes.map((theme) => (
              <StandardThemeRow
                key={theme.id}
                theme={theme}
                onEdit={() => setEditing({ theme })}
                onSetDefault={() =>
                  void act('standard_theme.set_default', theme.name, () =>
                    adminApi.setDefaultTheme(theme.id),
                  ).catch(() => undefined)
                }
                onDelete={() =>
                  ask({
                    title: t`Delete standard theme?`,
                    body: removedForEveryone(theme.name),
                    confirmLabel: t`Delete theme`,
                    danger: true,
                    onConfirm: () =>
                      act('standard_theme.delete', theme.name, () =>
                        adminApi.deleteStandardTheme(theme.id),
                      ),
                  })
                }
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {editing ? (
        <StandardThemeForm
          key={editing.theme?.id ?? 'new'}
          theme={editing.theme}
          onClose={() => setEditing(null)}
          onSave={(body) => save(editing.theme, body)}
        />
      ) : null}
    </Stack>
  );
}
